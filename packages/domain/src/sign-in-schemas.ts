import { z } from 'zod';
import { languageOrDefaultSchema } from './language-schemas.js';
import {
  agentRoles,
  roles,
  SIGN_IN_PASSWORD_MAX_LENGTH,
  SIGN_IN_USERNAME_MAX_LENGTH,
  signInMessages,
  type LoginInput,
  type SessionUser,
} from './sign-in.js';

// The server's schemas of what `sign-in.ts` checks by hand for the sign-in page (decision 145): the
// API validates with them and describes them in its OpenAPI file.

/** The `user` claim of the access token and the answer of `GET /auth/user`. */
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(roles),
  isSuperAdmin: z.boolean(),
  passwordUpdatedAt: z.string().nullable(),
  agent: z.object({ code: z.string(), name: z.string(), role: z.enum(agentRoles) }).nullable(),
  language: languageOrDefaultSchema,
}) satisfies z.ZodType<SessionUser>;

export const loginInputSchema = z.object({
  username: z
    .string({ error: signInMessages.usernameRequired })
    .trim()
    .min(1, signInMessages.usernameRequired)
    .max(SIGN_IN_USERNAME_MAX_LENGTH, signInMessages.usernameTooLong),
  password: z
    .string({ error: signInMessages.passwordRequired })
    .min(1, signInMessages.passwordRequired)
    .max(SIGN_IN_PASSWORD_MAX_LENGTH, signInMessages.passwordTooLong),
}) satisfies z.ZodType<LoginInput>;

/** `POST /auth/login` → 200 (contract-foundation). */
export const loginResponseSchema = z.object({
  data: z.object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    /** Seconds: the token's life, `SESSION_IDLE_MINUTES` (30 minutes by default). */
    expires_in: z.number().int(),
    user: sessionUserSchema,
  }),
});

/** `GET /auth/user` → 200. */
export const currentUserResponseSchema = z.object({ data: z.object({ user: sessionUserSchema }) });

import { z } from 'zod';
import { sessionUserSchema } from './roles.js';

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
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `GET /auth/user` → 200. */
export const currentUserResponseSchema = z.object({ data: z.object({ user: sessionUserSchema }) });
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

/**
 * `POST /users/update-password` → 200: the message and a fresh session for the caller (decision 133).
 * The change ends every other token of the user; the caller goes on signed in with this one, so that
 * a new user's first password does not make them sign in twice.
 */
export const updatePasswordResponseSchema = z.object({
  data: loginResponseSchema.shape.data.extend({ message: z.string() }),
});
export type UpdatePasswordResponse = z.infer<typeof updatePasswordResponseSchema>;

/** Logout, forgot and reset → 200 `{ data: { message } }`. */
export const messageResponseSchema = z.object({ data: z.object({ message: z.string() }) });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** `GET /health` → 200. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

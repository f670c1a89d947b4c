// The sign-in page's domain, without zod, which alone is a fifth of the page's 120 KB budget (decision 145).
// The server's schemas (`sign-in-schemas.ts`) say the same; `sign-in.test.ts` holds both to it.
import { defaultLanguage, isLanguage, type Language } from './languages.js';

/** `role` as the data says it. */
export const roles = ['sudo', 'agent_admin', 'user'] as const;
/** A user's role inside its agent: `admin` (administrator) or `agent` (teller). */
export const agentRoles = ['admin', 'agent'] as const;

/** However active, a session ends 12 hours after its sign-in: the server's rule, the web's too (decision 110). */
export const SESSION_MAX_SECONDS = 12 * 60 * 60;

/** The `user` claim of the access token and the answer of `GET /auth/user`. */
export interface SessionUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: (typeof roles)[number];
  isSuperAdmin: boolean;
  passwordUpdatedAt: string | null;
  agent: { code: string; name: string; role: (typeof agentRoles)[number] } | null;
  /** The language she chose (decision 237); French in a token signed before there was one. */
  language: Language;
}

export const signInMessages = {
  usernameRequired: "Nom d'utilisateur requis",
  passwordRequired: 'Mot de passe requis',
  usernameTooLong: "Nom d'utilisateur trop long",
  passwordTooLong: 'Mot de passe trop long',
} as const;

/**
 * The sign-in page's words beside the form: the sign-in is the staff's, and a customer, who has none, is
 * invited to ask for an account (decision 213).
 */
export const signInPageTexts = {
  staffOnly: 'La connexion est réservée au personnel Lajan.',
  newCustomer: 'Vous êtes un nouveau client ?',
  askForAccount: "Demandez l'ouverture d'un compte",
} as const;

/**
 * What a sign-in, a reset request or a reset link accepts (decision 198): no username is longer than 50
 * characters and no password than 256; the margin costs nothing, and an unbounded one filled the audit.
 */
export const SIGN_IN_USERNAME_MAX_LENGTH = 100;
export const SIGN_IN_PASSWORD_MAX_LENGTH = 1024;

/** `POST /auth/login`'s body. */
export interface LoginInput {
  username: string;
  password: string;
}

/** `POST /auth/login` → 200 `{ data }` (contract-foundation). */
export interface LoginResponse {
  data: {
    access_token: string;
    token_type: 'Bearer';
    /** Seconds: the token's life, `SESSION_IDLE_MINUTES` (30 minutes by default). */
    expires_in: number;
    user: SessionUser;
  };
}

/** `GET /auth/user` → 200. */
export interface CurrentUserResponse {
  data: { user: SessionUser };
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isOneOf = <T extends string>(choices: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (choices as readonly string[]).includes(value);

/** The value as a `SessionUser` (only its known fields), or null when it is not one. */
export function readSessionUser(value: unknown): SessionUser | null {
  if (!isObject(value)) return null;
  const { id, username, firstName, lastName, email, role, isSuperAdmin, passwordUpdatedAt, agent, language } =
    value;
  const texts = [id, username, firstName, lastName, email];
  if (!texts.every((text) => typeof text === 'string')) return null;
  if (!isOneOf(roles, role) || typeof isSuperAdmin !== 'boolean') return null;
  if (passwordUpdatedAt !== null && typeof passwordUpdatedAt !== 'string') return null;
  let readAgent: SessionUser['agent'] = null;
  if (agent !== null) {
    if (!isObject(agent) || typeof agent.code !== 'string' || typeof agent.name !== 'string') return null;
    if (!isOneOf(agentRoles, agent.role)) return null;
    readAgent = { code: agent.code, name: agent.name, role: agent.role };
  }
  if (language !== undefined && !isLanguage(language)) return null;
  return {
    id: id as string,
    username: username as string,
    firstName: firstName as string,
    lastName: lastName as string,
    email: email as string,
    role,
    isSuperAdmin,
    passwordUpdatedAt,
    agent: readAgent,
    language: language ?? defaultLanguage,
  };
}

/** `data` of the sign-in answer, or null when it is not one. */
export function readLoginAnswer(value: unknown): LoginResponse['data'] | null {
  if (!isObject(value)) return null;
  const { access_token: token, token_type: type, expires_in: expiresIn } = value;
  const user = readSessionUser(value.user);
  if (typeof token !== 'string' || type !== 'Bearer' || !Number.isSafeInteger(expiresIn) || !user)
    return null;
  return { access_token: token, token_type: type, expires_in: expiresIn as number, user };
}

export type LoginCheck =
  { ok: true; input: LoginInput } | { ok: false; errors: Partial<Record<keyof LoginInput, string>> };

/** The sign-in form's rule: a user name (trimmed) and a password, both required. */
export function checkLoginInput(values: { username?: unknown; password?: unknown }): LoginCheck {
  const username = typeof values.username === 'string' ? values.username.trim() : '';
  const password = typeof values.password === 'string' ? values.password : '';
  const errors: Partial<Record<keyof LoginInput, string>> = {};
  if (username === '') errors.username = signInMessages.usernameRequired;
  if (password === '') errors.password = signInMessages.passwordRequired;
  return errors.username || errors.password
    ? { ok: false, errors }
    : { ok: true, input: { username, password } };
}

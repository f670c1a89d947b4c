import { z } from 'zod';
import { loginResponseSchema } from './sign-in-schemas.js';

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

/**
 * `GET /auth/storage-key` → 200: the key (32 bytes, base64url) the browser seals the user's held
 * operations and drafts with, kept in memory only and forgotten at sign-out (decision 202).
 */
export const storageKeyResponseSchema = z.object({ data: z.object({ key: z.string().max(64) }) });
export type StorageKeyResponse = z.infer<typeof storageKeyResponseSchema>;

/** `GET /health` → 200. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

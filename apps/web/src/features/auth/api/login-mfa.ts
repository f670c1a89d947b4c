import { genericMessages, readLoginAnswer, type LoginResponse } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';

// The sign-in's second step (decision 203), read by hand like the sign-in itself: no zod on this page
// (decision 145).

const quiet = { redirectOnUnauthorized: false, redirectOnForbidden: false } as const;

export type SecondStepPurpose = 'code' | 'enrol';

/** The 401 of `POST /auth/login` that opens the second step, or null for any other failure. */
export function secondStepOf(body: unknown): { purpose: SecondStepPurpose; challenge: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { code, challenge } = body as { code?: unknown; challenge?: unknown };
  if (typeof challenge !== 'string' || challenge === '') return null;
  if (code === 'MFA_REQUIRED') return { purpose: 'code', challenge };
  if (code === 'MFA_ENROLMENT_REQUIRED') return { purpose: 'enrol', challenge };
  return null;
}

export async function loginWithCode(
  http: HttpClient,
  input: { challenge: string; code: string },
): Promise<LoginResponse['data']> {
  const read = readLoginAnswer(await http.post<unknown>('/auth/login/mfa', input, quiet));
  if (!read) throw new Error(genericMessages.failure);
  return read;
}

export async function startEnrolmentAtSignIn(
  http: HttpClient,
  challenge: string,
): Promise<{ secret: string; qrSvg: string }> {
  const answer = await http.post<{ secret?: unknown; qr_svg?: unknown }>(
    '/auth/login/mfa/enrol',
    { challenge },
    quiet,
  );
  if (typeof answer.secret !== 'string' || typeof answer.qr_svg !== 'string')
    throw new Error(genericMessages.failure);
  return { secret: answer.secret, qrSvg: answer.qr_svg };
}

export async function confirmEnrolmentAtSignIn(
  http: HttpClient,
  input: { challenge: string; code: string },
): Promise<{ token: string; recoveryCodes: string[] }> {
  const answer = await http.post<{ recovery_codes?: unknown }>('/auth/login/mfa/enrol/confirm', input, quiet);
  const read = readLoginAnswer(answer);
  const codes = answer.recovery_codes;
  if (!read || !Array.isArray(codes) || !codes.every((code) => typeof code === 'string'))
    throw new Error(genericMessages.failure);
  return { token: read.access_token, recoveryCodes: codes };
}

import type { SessionUser } from '@lajan/domain';

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** A token shaped like the server's (HS256 JWT with `exp`, `user` and, when given, `auth_time`); the signature is not checked by the app. */
export function makeToken(
  user: SessionUser | Record<string, unknown> | null,
  {
    expiresInSeconds = 3600,
    exp,
    authTime,
  }: { expiresInSeconds?: number; exp?: unknown; authTime?: number } = {},
): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload: Record<string, unknown> = {
    sub: user && 'id' in user ? user.id : 'x',
    ver: 1,
    exp: exp === undefined ? Math.floor(Date.now() / 1000) + expiresInSeconds : exp,
  };
  if (authTime !== undefined) payload.auth_time = authTime;
  if (user) payload.user = user;
  return `${header}.${base64Url(JSON.stringify(payload))}.signature-non-verifiee`;
}

/** The `POST /auth/login` answer of the contract for this user. */
export function loginAnswer(user: SessionUser) {
  return { data: { access_token: makeToken(user), token_type: 'Bearer', expires_in: 28800, user } };
}

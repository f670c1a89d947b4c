import { sessionUserSchema, type SessionUser } from '@lajan/domain';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Clock } from '../../clock.js';

/** 8 hours (contract-foundation: `expires_in: 28800`). */
export const ACCESS_TOKEN_TTL_SECONDS = 8 * 60 * 60;

const claimsSchema = z.object({
  sub: z.string(),
  ver: z.number().int(),
  user: sessionUserSchema,
});
export type AccessTokenClaims = z.infer<typeof claimsSchema>;

export type VerifyResult =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** HS256 access tokens carrying the session (`user`) and the user's token version (`ver`). */
export class TokenService {
  readonly #key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.#key = new TextEncoder().encode(secret);
  }

  async sign(user: SessionUser, tokenVersion: number): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ ver: tokenVersion, user })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.#key);
  }

  async verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'sub'],
      });
      const claims = claimsSchema.safeParse(payload);
      return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'invalid' };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}

import { SESSION_MAX_SECONDS, sessionUserSchema, type SessionUser } from '@lajan/domain';
import { createHmac, webcrypto } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Clock } from '../../clock.js';

/** Default life of an access token: a session ends after 30 minutes without a request. */
export const DEFAULT_SESSION_IDLE_MINUTES = 30;
/** The `aud` of Lajan's access tokens: a token signed for anything else is refused. */
export const ACCESS_TOKEN_AUDIENCE = 'lajan-api';
/** The `aud` of a sign-in's second-step challenge: never an access token (decision 203). */
export const CHALLENGE_AUDIENCE = 'lajan-mfa-challenge';
/** A challenge lives 5 minutes: the time to open the authenticator app. */
export const CHALLENGE_SECONDS = 5 * 60;
/** `code`: a factor's code is due; `enrol`: a super administrator must enrol first (MFA_REQUIRED=1). */
export type ChallengePurpose = 'code' | 'enrol';
const challengeClaimsSchema = z.object({
  sub: z.string(),
  ver: z.number().int(),
  purpose: z.enum(['code', 'enrol']),
});
export type ChallengeClaims = z.infer<typeof challengeClaimsSchema>;
/** The response header that carries a renewed token (decision 110). */
export const REFRESHED_TOKEN_HEADER = 'x-access-token';
/** What the browser storage key's HMAC is of, besides the user id (decision 202). */
const STORAGE_KEY_LABEL = 'lajan-browser-storage-key-v1';
/** How many verified tokens are remembered (a few hundred bytes each); past that, the list starts again. */
const MAX_VERIFIED_TOKENS = 10_000;

const claimsSchema = z.object({
  sub: z.string(),
  ver: z.number().int(),
  iat: z.number().int(),
  exp: z.number().int(),
  /** When the user signed in, in seconds: renewed tokens keep it. */
  auth_time: z.number().int(),
  user: sessionUserSchema,
});
export type AccessTokenClaims = z.infer<typeof claimsSchema>;

export type VerifyResult =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'too_old' | 'invalid' };

/**
 * HS256 access tokens carrying the session (`user`), the user's token version (`ver`), the time
 * of sign-in (`auth_time`) and Lajan's audience. A token lives `idleSeconds`; a request in the
 * second half of its life gets a fresh one (`renewal`), never past 12 hours after sign-in.
 */
export class TokenService {
  /**
   * The secret imported once as a WebCrypto key: given the raw bytes, jose imports them again at every
   * sign and verify, which doubled the CPU of the check that every request makes (decision 141).
   */
  readonly #key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature and claims were found good, by their exact text: their HMAC is not computed
   * again, only their expiry is checked at every call, as jose does (decision 141). Whether the session
   * still stands (a logout, a disabled user) is read from the database at every request regardless.
   */
  readonly #verified = new Map<string, AccessTokenClaims>();
  readonly #secret: string;

  constructor(
    secret: string,
    private readonly clock: Clock,
    readonly idleSeconds: number = DEFAULT_SESSION_IDLE_MINUTES * 60,
  ) {
    this.#secret = secret;
    this.#key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  /**
   * The key the browser seals a user's held operations and drafts with (decision 202): the same for the
   * same user at every sign-in, another for another user. Labelled, so it is never the HMAC of a token.
   */
  storageKey(userId: string): string {
    return createHmac('sha256', this.#secret).update(`${STORAGE_KEY_LABEL}\0${userId}`).digest('base64url');
  }

  /** A token for a sign-in now, or a renewal of a session signed in at `authTime` (seconds). */
  async sign(user: SessionUser, tokenVersion: number, authTime?: number): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const signedInAt = authTime ?? issuedAt;
    const expiresAt = Math.min(issuedAt + this.idleSeconds, signedInAt + SESSION_MAX_SECONDS);
    return new SignJWT({ ver: tokenVersion, auth_time: signedInAt, user })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(await this.#key);
  }

  /** The challenge of a sign-in whose password was right and whose second step is due. */
  async signChallenge(userId: string, tokenVersion: number, purpose: ChallengePurpose): Promise<string> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ ver: tokenVersion, purpose })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setAudience(CHALLENGE_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + CHALLENGE_SECONDS)
      .sign(await this.#key);
  }

  /** The challenge's claims, or null when it is not one of ours, or expired. */
  async verifyChallenge(token: string): Promise<ChallengeClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ['HS256'],
        audience: CHALLENGE_AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'iat', 'sub', 'aud'],
      });
      const claims = challengeClaimsSchema.safeParse(payload);
      return claims.success ? claims.data : null;
    } catch {
      return null;
    }
  }

  async verify(token: string): Promise<VerifyResult> {
    const now = this.clock.now();
    const known = this.#verified.get(token);
    // jose's own test: expired once `exp` <= the current second.
    if (known && known.exp > Math.floor(now.getTime() / 1000)) return { ok: true, claims: known };
    this.#verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: ['HS256'],
        audience: ACCESS_TOKEN_AUDIENCE,
        currentDate: now,
        requiredClaims: ['exp', 'iat', 'sub', 'aud'],
      });
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) return { ok: false, reason: 'invalid' };
      // A `nbf` (never signed here) would make the answer depend on the time in another way.
      if (payload.nbf === undefined) {
        if (this.#verified.size >= MAX_VERIFIED_TOKENS) this.#verified.clear();
        this.#verified.set(token, claims.data);
      }
      return { ok: true, claims: claims.data };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        // The signature was checked before the expiry: the claims are the server's own.
        const authTime = error.payload.auth_time;
        const tooOld =
          typeof authTime === 'number' && this.clock.now().getTime() / 1000 >= authTime + SESSION_MAX_SECONDS;
        return { ok: false, reason: tooOld ? 'too_old' : 'expired' };
      }
      return { ok: false, reason: 'invalid' };
    }
  }

  /**
   * A fresh token when `claims` are in the second half of their life and the session may still
   * be renewed (before 12 hours after sign-in), else null. No database write: the token is the
   * session's only state.
   */
  async renewal(claims: AccessTokenClaims, user: SessionUser): Promise<string | null> {
    const now = this.clock.now().getTime() / 1000;
    const halfLife = (claims.exp - claims.iat) / 2;
    if (now < claims.iat + halfLife) return null;
    if (claims.exp >= claims.auth_time + SESSION_MAX_SECONDS) return null;
    return this.sign(user, claims.ver, claims.auth_time);
  }
}

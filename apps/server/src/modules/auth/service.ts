import { createHash, randomBytes } from 'node:crypto';
import {
  authMessages,
  type Language,
  type LoginInput,
  type ResetPasswordInput,
  type SessionUser,
  type UpdatePasswordInput,
} from '@lajan/domain';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, Executor } from '../../db/client.js';
import { passwordResetTokens } from '../../db/schema.js';
import { SecondFactorRequired, Throttled, Unauthenticated, ValidationFailed } from '../../http/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { passwordResetMail } from '../../mail/templates.js';
import { recordAnonymousRefusal, recordAudit, truncatedTyped } from '../../db/audit.js';
import {
  bumpTokenVersion,
  canSignIn,
  findSessionAccount,
  findUserById,
  findUserByUsername,
  findUsersByEmail,
  lockCredentials,
  replacePasswordHash,
  setLanguage,
  setPassword,
  toSessionUser,
  type UserAccount,
} from './credentials.js';
import { checkCurrentPassword } from './current-password.js';
import {
  assertNotCommon,
  decoyPasswordHash,
  hashPassword,
  needsRehash,
  verifyPassword,
} from './passwords.js';
import {
  admitAddressAttempt,
  admitAttempt,
  lastSuccessAt,
  markAttemptSucceeded,
  RESET_CONFIRM_LIMIT_PER_IP,
  THROTTLE_WINDOW_MS,
} from './throttle.js';
import type { MfaService } from './mfa-service.js';
import type { TokenService } from './tokens.js';

/** A reset link works once, for one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenService;
  /** The second step of a sign-in, when a factor is due (decision 203). */
  mfa?: Pick<MfaService, 'dueAtSignIn'>;
  clock: Clock;
  /** Sends what the outbox holds; called after a commit that queued a message. */
  kickMail: () => Promise<void>;
  appUrl: string;
  /** argon2id by default; tests count its calls (an invalid reset link must never reach it). */
  hashPassword?: (password: string) => Promise<string>;
}

export interface LoginResult {
  accessToken: string;
  expiresIn: number;
  user: SessionUser;
}

/** The token of an `Authorization: Bearer …` header, if it has one. */
function bearerToken(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Sign-in, sessions and passwords. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async login(input: LoginInput, ip: string): Promise<LoginResult> {
    const { db, clock, tokens } = this.deps;
    const now = clock.now();
    const key = input.username.toLowerCase();
    const read: { account?: UserAccount | null } = {};

    // Counted as a failure before the password is checked, under the username's and the address's locks, so
    // concurrent attempts cannot all pass the limit (decision 110); the user is read within the gate
    // (decision 198).
    const admission = await admitAttempt(db, {
      kind: 'login',
      key,
      ip,
      now,
      keyCountsFrom: async (tx) => {
        read.account = await findUserByUsername(tx, input.username);
        return latest(await lastSuccessAt(tx, key), read.account?.passwordUpdatedAt ?? null);
      },
      // The first refusal of the address in its window is audited, the others only counted (decision 198).
      onRefused: (tx) =>
        recordAnonymousRefusal(tx, {
          at: now,
          action: 'auth.login_throttled',
          actor: { id: read.account?.id ?? null, username: input.username },
          ip,
        }),
    });
    if (!admission.admitted) throw new Throttled(admission.waitSeconds);
    const account = read.account;

    // An unknown username costs the same hash check as a known one.
    const passwordOk = await verifyPassword(
      account?.passwordHash ?? (await decoyPasswordHash()),
      input.password,
    );
    if (!account || !passwordOk || !canSignIn(account)) {
      const disabled = Boolean(account && passwordOk);
      await recordAudit(db, {
        at: now,
        action: 'auth.login_failed',
        actor: { id: account?.id ?? null, username: truncatedTyped(input.username) },
        ip,
        details: { reason: disabled ? 'disabled' : 'bad_credentials' },
      });
      // Only someone who knows the password learns that the account is disabled.
      throw new Unauthenticated(disabled ? authMessages.accountDisabled : authMessages.invalidCredentials);
    }

    // A right password of a user with a second factor (or of a super administrator who must enrol one)
    // opens only the second step: a challenge, no session (decision 203).
    const due = (await this.deps.mfa?.dueAtSignIn(account)) ?? null;
    const rehashed = needsRehash(account.passwordHash) ? await this.#hash(input.password) : null;
    await db.transaction(async (tx) => {
      await markAttemptSucceeded(tx, admission.attemptId);
      if (rehashed) await replacePasswordHash(tx, account.id, rehashed);
      await recordAudit(tx, {
        at: now,
        action: due ? 'auth.mfa_challenged' : 'auth.login',
        actor: { id: account.id, username: account.username },
        ip,
      });
    });
    if (due)
      throw new SecondFactorRequired(due, await tokens.signChallenge(account.id, account.tokenVersion, due));
    const user = toSessionUser(account);
    return {
      accessToken: await tokens.sign(user, account.tokenVersion),
      expiresIn: tokens.idleSeconds,
      user,
    };
  }

  /**
   * The session behind a bearer token, read afresh: an older token version or a disabled user is refused; a
   * token in the second half of its life comes back renewed, up to 12 hours after sign-in (decision 110).
   */
  async authenticate(
    authorization: string | undefined,
  ): Promise<{ user: SessionUser; refreshedToken: string | null }> {
    const token = bearerToken(authorization);
    if (!token) throw new Unauthenticated(authMessages.unauthenticated);
    const verified = await this.deps.tokens.verify(token);
    if (!verified.ok) {
      throw new Unauthenticated(
        verified.reason === 'too_old'
          ? authMessages.sessionTooOld
          : verified.reason === 'expired'
            ? authMessages.sessionExpired
            : authMessages.unauthenticated,
      );
    }
    const account = await findSessionAccount(this.deps.db, verified.claims.sub);
    if (!account) throw new Unauthenticated(authMessages.unauthenticated);
    if (!canSignIn(account)) throw new Unauthenticated(authMessages.accountDisabled);
    if (account.tokenVersion !== verified.claims.ver) throw new Unauthenticated(authMessages.sessionExpired);
    const user = toSessionUser(account);
    return { user, refreshedToken: await this.deps.tokens.renewal(verified.claims, user) };
  }

  /**
   * `PUT /auth/user/language`: the signed-in user's own language, audited as a change of her user (decision
   * 237). Answers her session as it now stands and a token carrying it, of the same version and sign-in time,
   * so that the web, which reads the session from the token, speaks her language at once.
   */
  async changeLanguage(
    user: SessionUser,
    language: Language,
    authorization: string | undefined,
    ip: string,
  ): Promise<{ user: SessionUser; accessToken: string | null }> {
    const { db, clock, tokens } = this.deps;
    const now = clock.now();
    if (language !== user.language) {
      await db.transaction(async (tx) => {
        await setLanguage(tx, user.id, language, now);
        await recordAudit(tx, {
          at: now,
          action: 'users.update',
          actor: user,
          target: user.username,
          ip,
          details: { userId: user.id, fields: ['language'], from: user.language, to: language },
        });
      });
    }
    const session: SessionUser = { ...user, language };
    const token = bearerToken(authorization);
    const verified = token ? await tokens.verify(token) : undefined;
    return {
      user: session,
      accessToken: verified?.ok
        ? await tokens.sign(session, verified.claims.ver, verified.claims.auth_time)
        : null,
    };
  }

  /** The signed-in user's browser storage key (decision 202): only her session obtains it. */
  storageKey(user: SessionUser): string {
    return this.deps.tokens.storageKey(user.id);
  }

  /** Ends every session of the user: its tokens stop working. */
  async logout(user: SessionUser, ip: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await bumpTokenVersion(tx, user.id, now);
      await recordAudit(tx, { at: now, action: 'auth.logout', actor: user, ip });
    });
  }

  /**
   * `POST /users/update-password`, also the way out of the first-password gate. A wrong current password is
   * counted before it is checked, the 5th ending every session, so a stolen token cannot guess it
   * (decision 110).
   */
  async updatePassword(
    user: SessionUser,
    input: UpdatePasswordInput,
    ip: string,
  ): Promise<{ accessToken: string; expiresIn: number; user: SessionUser }> {
    const { db, clock, tokens } = this.deps;
    const now = clock.now();
    const account = await findUserById(db, user.id);
    if (!account) throw new Unauthenticated();

    await checkCurrentPassword(db, {
      user,
      passwordHash: account.passwordHash,
      passwordUpdatedAt: account.passwordUpdatedAt,
      password: input.current_password,
      ip,
      now,
    });
    if (input.password === input.current_password) {
      throw new ValidationFailed({ password: [authMessages.samePassword] });
    }
    assertNotCommon(input.password, account);
    const passwordHash = await this.#hash(input.password);
    const tokenVersion = await db.transaction(async (tx) => {
      const version = await setPassword(tx, account.id, passwordHash, now);
      await recordAudit(tx, {
        at: now,
        action: 'auth.password_changed',
        actor: user,
        target: account.username,
        ip,
      });
      return version;
    });
    // Older tokens stop working; the caller goes on with one signed with the version the change wrote, so a
    // new user is not sent back to sign in and an end-sessions landing just after ends it too (decision 133).
    const updated = await findUserById(db, account.id);
    if (!updated) throw new Unauthenticated();
    const session = toSessionUser(updated);
    return {
      accessToken: await tokens.sign(session, tokenVersion),
      expiresIn: tokens.idleSeconds,
      user: session,
    };
  }

  /** `POST /forgot-password`: the same answer whether or not the user exists. */
  async requestResetByUsername(username: string, ip: string): Promise<void> {
    await this.#requestReset(username.toLowerCase(), ip, async (tx) => {
      const account = await findUserByUsername(tx, username);
      return account ? [account] : [];
    });
  }

  /** `POST /auth/forgot-password`: one link for each user behind that e-mail address. */
  async requestResetByEmail(email: string, ip: string): Promise<void> {
    await this.#requestReset(email.toLowerCase(), ip, (tx) => findUsersByEmail(tx, email));
  }

  async #requestReset(
    key: string,
    ip: string,
    findAccounts: (tx: Executor) => Promise<UserAccount[]>,
  ): Promise<void> {
    const { db, clock, appUrl } = this.deps;
    const now = clock.now();
    // Counted atomically too, so that concurrent requests cannot send more links than the limit.
    const admission = await admitAttempt(db, {
      kind: 'reset_request',
      key,
      ip,
      now,
      onRefused: (tx) =>
        recordAnonymousRefusal(tx, { at: now, action: 'auth.reset_throttled', target: key, ip }),
    });
    if (!admission.admitted) throw new Throttled(admission.waitSeconds);

    const queued = await db.transaction(async (tx) => {
      await markAttemptSucceeded(tx, admission.attemptId);
      const accounts = (await findAccounts(tx)).filter(
        (account) => canSignIn(account) && account.person.email,
      );
      for (const account of accounts) {
        const token = randomBytes(32).toString('base64url');
        await tx.insert(passwordResetTokens).values({
          userId: account.id,
          tokenHash: hashResetToken(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
          tokenVersion: account.tokenVersion,
          sentTo: account.person.email ?? '',
        });
        const link = `${appUrl}/reset-password/${token}?username=${encodeURIComponent(account.username)}`;
        await enqueueMail(
          tx,
          passwordResetMail({
            to: account.person.email ?? '',
            firstName: account.person.firstName,
            username: account.username,
            link,
            validForMinutes: RESET_TOKEN_TTL_MS / 60_000,
          }),
          now,
        );
      }
      await recordAudit(tx, {
        at: now,
        action: 'auth.reset_requested',
        actor: accounts[0] ? { id: accounts[0].id, username: accounts[0].username } : null,
        target: truncatedTyped(key),
        ip,
        details: { links: accounts.length },
      });
      return accounts.length;
    });
    if (queued > 0) void this.deps.kickMail();
  }

  /**
   * `POST /reset-password`: a valid link sets the password once and ends every session. The
   * address's tries are counted, then the link is looked up, and only a valid link pays for the
   * hash of the new password (issue 10 §3: hashing first let anonymous requests burn the CPU).
   */
  async resetPassword(input: ResetPasswordInput, ip: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const admission = await admitAddressAttempt(db, {
      kind: 'reset_confirm',
      ip,
      now,
      limit: RESET_CONFIRM_LIMIT_PER_IP,
      windowMs: THROTTLE_WINDOW_MS,
      onRefused: (tx) =>
        recordAnonymousRefusal(tx, {
          at: now,
          action: 'auth.reset_throttled',
          actor: { id: null, username: input.username },
          ip,
        }),
    });
    if (!admission.admitted) throw new Throttled(admission.waitSeconds);

    const invalid = () =>
      new ValidationFailed({ token: [authMessages.resetInvalid] }, authMessages.resetInvalid);
    const tokenHash = hashResetToken(input.token);
    const validLink = and(
      eq(passwordResetTokens.tokenHash, tokenHash),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, now),
    );

    const account = await findUserByUsername(db, input.username);
    const [link] =
      account && canSignIn(account)
        ? await db
            .select({ id: passwordResetTokens.id })
            .from(passwordResetTokens)
            .where(and(validLink, eq(passwordResetTokens.userId, account.id), stillMeant(account)))
            .limit(1)
        : [];
    if (!account || !link) {
      await recordAudit(db, {
        at: now,
        action: 'auth.reset_failed',
        actor: { id: account?.id ?? null, username: truncatedTyped(input.username) },
        ip,
      });
      throw invalid();
    }
    assertNotCommon(input.password, account);

    const passwordHash = await this.#hash(input.password);
    const done = await db.transaction(async (tx) => {
      // The user's row locked, as it is now: a password change or an end of sessions committed since the
      // look-up voids the link, and one that comes now waits for this reset, then ends its sessions.
      const current = await lockCredentials(tx, account.id);
      if (!current) return false;
      // Consumed by the same statement that checks it: two uses of one link cannot both pass.
      const consumed = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(validLink, eq(passwordResetTokens.id, link.id), stillMeant(current)))
        .returning({ id: passwordResetTokens.id });
      if (consumed.length === 0) return false;
      // Any other link sent to this user stops working too.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, account.id), isNull(passwordResetTokens.usedAt)));
      await setPassword(tx, account.id, passwordHash, now);
      await markAttemptSucceeded(tx, admission.attemptId);
      await recordAudit(tx, {
        at: now,
        action: 'auth.password_reset',
        actor: { id: account.id, username: account.username },
        ip,
      });
      return true;
    });
    if (!done) {
      await recordAudit(db, {
        at: now,
        action: 'auth.reset_failed',
        actor: { id: account.id, username: account.username },
        ip,
      });
      throw invalid();
    }
  }

  #hash(password: string): Promise<string> {
    return (this.deps.hashPassword ?? hashPassword)(password);
  }
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * A reset link is meant for the user as it was when the link was sent (decision 188): the same sessions
 * (no password changed, no sessions ended, not disabled since: its token version) and the same e-mail
 * address (a link sent to an address the user no longer has is void).
 */
function stillMeant(user: { tokenVersion: number; person: { email: string | null } }): SQL {
  const email = user.person.email;
  if (!email) return sql`false`;
  return and(
    eq(passwordResetTokens.tokenVersion, user.tokenVersion),
    sql`lower(${passwordResetTokens.sentTo}) = lower(${email})`,
  )!;
}

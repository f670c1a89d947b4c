import {
  can,
  authMessages,
  mfaMessages,
  type MfaEnrolment,
  type MfaStatus,
  type SessionUser,
} from '@lajan/domain';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../../db/audit.js';
import { recoveryCodes, secondFactors } from '../../db/schema.js';
import { Conflict, Forbidden, Throttled, Unauthenticated, ValidationFailed } from '../../http/errors.js';
import { canSignIn, findUserById, toSessionUser, type UserAccount } from './credentials.js';
import { checkCurrentPassword } from './current-password.js';
import {
  codeStep,
  hashRecoveryCode,
  newEnrolment,
  newRecoveryCodes,
  removeSecondFactor,
  secondFactorOf,
  SecretBox,
  spendCode,
} from './second-factor.js';
import { admitAttempt, lastSuccessAt, markAttemptSucceeded } from './throttle.js';
import type { ChallengePurpose, TokenService } from './tokens.js';

export interface MfaServiceDeps {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  /** The JWT secret: the factors' secrets are sealed under a key derived from it. */
  jwtSecret: string;
  /** MFA_REQUIRED=1: a super administrator without a factor enrols at its next sign-in. */
  mfaRequired: boolean;
}

export interface MfaSession {
  accessToken: string;
  expiresIn: number;
  user: SessionUser;
}

/** A code refused, under the form's `code` field. */
const codeRefused = () => new ValidationFailed({ code: [mfaMessages.codeInvalid] }, mfaMessages.codeInvalid);

/**
 * The second factor of administrators and super administrators (decision 203). Every code is counted
 * before it is checked (kind `mfa`), apart from passwords: a right password does not reset the count.
 */
export class MfaService {
  readonly #box: SecretBox;
  constructor(private readonly deps: MfaServiceDeps) {
    this.#box = new SecretBox(deps.jwtSecret);
  }

  /** What a right password opens: nothing more (null), a code to give, or a factor to enrol first. */
  async dueAtSignIn(account: UserAccount): Promise<ChallengePurpose | null> {
    const factor = await secondFactorOf(this.deps.db, account.id);
    if (factor?.confirmedAt) return 'code';
    return this.#required(account) ? 'enrol' : null;
  }

  #required(user: Parameters<typeof can>[0]): boolean {
    return this.deps.mfaRequired && can(user, 'mfa.enforced');
  }

  async status(user: SessionUser): Promise<MfaStatus> {
    const factor = await secondFactorOf(this.deps.db, user.id);
    const [left] = await this.deps.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
    return {
      enrolled: Boolean(factor?.confirmedAt),
      required: this.#required(user),
      recovery_codes_left: factor?.confirmedAt ? (left?.n ?? 0) : 0,
    };
  }

  /** A new secret awaiting its first code; an enrolment not yet confirmed is replaced. */
  async startEnrolment(user: Pick<SessionUser, 'id' | 'username'>): Promise<MfaEnrolment> {
    const { db, clock } = this.deps;
    const existing = await secondFactorOf(db, user.id);
    if (existing?.confirmedAt) throw new Conflict(mfaMessages.alreadyEnrolled);
    const enrolment = await newEnrolment(user.username);
    const sealed = this.#box.seal(enrolment.secret);
    await db
      .insert(secondFactors)
      .values({ userId: user.id, secret: sealed, createdAt: clock.now() })
      .onConflictDoUpdate({
        target: secondFactors.userId,
        set: { secret: sealed, createdAt: clock.now(), confirmedAt: null, lastStep: null },
      });
    return { secret: enrolment.secret, otpauth_url: enrolment.otpauthUrl, qr_svg: enrolment.qrSvg };
  }

  /** The first code confirms the enrolment: the factor holds from now on, and its recovery codes are shown once. */
  async confirmEnrolment(
    user: Pick<SessionUser, 'id' | 'username'>,
    code: string,
    ip: string,
  ): Promise<string[]> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const attemptId = await this.#admit(user, ip, now);
    const pending = await secondFactorOf(db, user.id);
    if (pending?.confirmedAt) throw new Conflict(mfaMessages.alreadyEnrolled);
    if (!pending) throw new ValidationFailed({ code: [mfaMessages.noPendingEnrolment] });
    const secret = this.#box.open(pending.secret);
    const step = secret ? codeStep(secret, code, now) : null;
    if (step === null) {
      await recordAudit(db, {
        at: now,
        action: 'auth.mfa_failed',
        actor: user,
        ip,
        details: { step: 'enrol' },
      });
      throw codeRefused();
    }
    const codes = newRecoveryCodes();
    await db.transaction(async (tx) => {
      await markAttemptSucceeded(tx, attemptId);
      await tx
        .update(secondFactors)
        .set({ confirmedAt: now, lastStep: step })
        .where(eq(secondFactors.userId, user.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await tx
        .insert(recoveryCodes)
        .values(codes.map((c) => ({ userId: user.id, codeHash: hashRecoveryCode(c), createdAt: now })));
      await recordAudit(tx, { at: now, action: 'auth.mfa_enrolled', actor: user, ip });
    });
    return codes;
  }

  /** Disabling needs the password and a code (or a recovery code); a required factor stays. */
  async disable(user: SessionUser, input: { password: string; code: string }, ip: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    if (this.#required(user)) throw new Forbidden(mfaMessages.cannotDisableRequired);
    const account = await findUserById(db, user.id);
    if (!account) throw new Unauthenticated();
    const factor = await secondFactorOf(db, user.id);
    if (!factor?.confirmedAt) throw new Conflict(mfaMessages.notEnrolled);
    try {
      await checkCurrentPassword(db, {
        user,
        passwordHash: account.passwordHash,
        passwordUpdatedAt: account.passwordUpdatedAt,
        password: input.password,
        ip,
        now,
      });
    } catch (error) {
      if (error instanceof ValidationFailed)
        throw new ValidationFailed({ password: [authMessages.wrongCurrentPassword] });
      throw error;
    }
    await this.#spend(user, input.code, ip, now, async (tx) => {
      await removeSecondFactor(tx, user.id);
      await recordAudit(tx, { at: now, action: 'auth.mfa_disabled', actor: user, ip });
    });
  }

  /** The sign-in's second step: the challenge of a right password and a code give the session. */
  async signInWithCode(input: { challenge: string; code: string }, ip: string): Promise<MfaSession> {
    const account = await this.#challenged(input.challenge, 'code');
    const now = this.deps.clock.now();
    const user = { id: account.id, username: account.username };
    await this.#spend(user, input.code, ip, now, async (tx, spent) => {
      if (spent === 'recovery')
        await recordAudit(tx, { at: now, action: 'auth.mfa_recovery_used', actor: user, ip });
      await recordAudit(tx, { at: now, action: 'auth.login', actor: user, ip, details: { factor: spent } });
    });
    return this.#session(account);
  }

  /** MFA_REQUIRED=1: the enrolment of a super administrator whose password was right, before any session. */
  async startEnrolmentAtSignIn(challenge: string): Promise<MfaEnrolment> {
    const account = await this.#challenged(challenge, 'enrol');
    return this.startEnrolment(account);
  }

  async confirmEnrolmentAtSignIn(
    input: { challenge: string; code: string },
    ip: string,
  ): Promise<MfaSession & { recoveryCodes: string[] }> {
    const account = await this.#challenged(input.challenge, 'enrol');
    const codes = await this.confirmEnrolment(account, input.code, ip);
    await recordAudit(this.deps.db, {
      at: this.deps.clock.now(),
      action: 'auth.login',
      actor: { id: account.id, username: account.username },
      ip,
      details: { factor: 'enrolled' },
    });
    return { ...(await this.#session(account)), recoveryCodes: codes };
  }

  /** The user behind a challenge still valid: same sessions (token version), still allowed to sign in. */
  async #challenged(challenge: string, purpose: ChallengePurpose): Promise<UserAccount> {
    const claims = await this.deps.tokens.verifyChallenge(challenge);
    if (claims?.purpose !== purpose) throw new Unauthenticated(mfaMessages.challengeExpired);
    const account = await findUserById(this.deps.db, claims.sub);
    if (!account || !canSignIn(account) || account.tokenVersion !== claims.ver)
      throw new Unauthenticated(mfaMessages.challengeExpired);
    return account;
  }

  async #session(account: UserAccount): Promise<MfaSession> {
    const user = toSessionUser(account);
    return {
      accessToken: await this.deps.tokens.sign(user, account.tokenVersion),
      expiresIn: this.deps.tokens.idleSeconds,
      user,
    };
  }

  /** Counted before the code is checked, as a password is (decision 110): 429 past the limits. */
  async #admit(user: { id: string; username: string }, ip: string, now: Date): Promise<number> {
    const key = user.username.toLowerCase();
    const admission = await admitAttempt(this.deps.db, {
      kind: 'mfa',
      key,
      ip,
      now,
      keyCountsFrom: (tx) => lastSuccessAt(tx, key, 'mfa'),
    });
    if (!admission.admitted) {
      await recordAudit(this.deps.db, { at: now, action: 'auth.mfa_throttled', actor: user, ip });
      throw new Throttled(admission.waitSeconds);
    }
    return admission.attemptId;
  }

  /** A code of the confirmed factor, spent once, then `then` in the same transaction. */
  async #spend(
    user: { id: string; username: string },
    code: string,
    ip: string,
    now: Date,
    then: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], spent: 'totp' | 'recovery') => Promise<void>,
  ): Promise<void> {
    const { db } = this.deps;
    const attemptId = await this.#admit(user, ip, now);
    const spent = await db.transaction(async (tx) => {
      const result = await spendCode(tx, this.#box, user.id, code, now);
      if (!result) return null;
      await markAttemptSucceeded(tx, attemptId);
      await then(tx, result);
      return result;
    });
    if (!spent) {
      await recordAudit(db, { at: now, action: 'auth.mfa_failed', actor: user, ip });
      throw codeRefused();
    }
  }
}

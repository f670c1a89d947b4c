import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { mfaMessages } from '@lajan/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Executor } from '../../db/client.js';
import { recoveryCodes, secondFactors } from '../../db/schema.js';

/*
 * A second factor (decision 203): RFC 6238 codes (SHA-1, 6 digits, 30 s, one step of drift either
 * way), their secret encrypted at rest, and ten single-use recovery codes kept hashed.
 */

const PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE_LENGTH = 25;

/** AES-256-GCM under a key derived (HKDF-SHA-256) from the JWT secret: a copy of the database alone reveals no secret. */
export class SecretBox {
  readonly #key: Buffer;
  constructor(jwtSecret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', jwtSecret, 'lajan', 'lajan second factor v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Null when the text was sealed under another key (the JWT secret changed): the factor is unusable. */
  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}

function totpOf(secretBase32: string, username: string): TOTP {
  return new TOTP({
    issuer: mfaMessages.issuer,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret (160 bits, RFC 4226's advice), its `otpauth://` URI and the URI's QR code as SVG. */
export async function newEnrolment(username: string) {
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpOf(secret, username).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrSvg };
}

/** The time step of a right 6-digit code at `now`, or null. */
export function codeStep(secretBase32: string, code: string, now: Date): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpOf(secretBase32, '');
  const delta = totp.validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** No 0/O, 1/I/L: read from paper. 25 symbols of 31 carry 124 bits (ASVS 6.5.2: a plain hash suffices); by 5 to be typed. */
const recoveryAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function normalizedRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizedRecoveryCode(code)).digest('hex');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1)
      code += recoveryAlphabet[randomInt(recoveryAlphabet.length)];
    return code.match(/.{5}/g)!.join('-');
  });
}

/** The user's factor as the server keeps it; `confirmedAt` null while the enrolment awaits its first code. */
export async function secondFactorOf(executor: Executor, userId: string) {
  const [row] = await executor.select().from(secondFactors).where(eq(secondFactors.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Checks a code of a confirmed factor inside the caller's transaction: a 6-digit code whose step is
 * later than the last one accepted (a code works once), or an unused recovery code, then used.
 */
export async function spendCode(
  tx: Executor,
  box: SecretBox,
  userId: string,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery' | null> {
  const [factor] = await tx
    .select()
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .for('update');
  if (!factor?.confirmedAt) return null;
  const secret = box.open(factor.secret);
  const step = secret ? codeStep(secret, code, now) : null;
  if (step !== null) {
    if (factor.lastStep !== null && step <= factor.lastStep) return null;
    await tx.update(secondFactors).set({ lastStep: step }).where(eq(secondFactors.userId, userId));
    return 'totp';
  }
  if (normalizedRecoveryCode(code).length !== RECOVERY_CODE_LENGTH) return null;
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? 'recovery' : null;
}

/** Removes the factor and its recovery codes (a disable, the operator's `mfa:reset`). */
export async function removeSecondFactor(tx: Executor, userId: string): Promise<boolean> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const removed = await tx
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ id: secondFactors.userId });
  return removed.length > 0;
}

import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows at `now` for the secret (RFC 6238: SHA-1, 6 digits, 30 s). */
export function currentCode(secretBase32: string, now: Date): string {
  return new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  }).generate({
    timestamp: now.getTime(),
  });
}

// Without zod or texts: the server's schema (drizzle-kit loads it alone) and the operators' screen read it.

/**
 * What Lajan sends by SMS (issue 46): a customer's receipt, the pick-up code to a cash send's recipient,
 * and the notices to its sender when it is paid out, cancelled or expires.
 */
export const smsKinds = [
  'receipt',
  'pickup_code',
  'transfer_paid',
  'transfer_cancelled',
  'transfer_expired',
] as const;
export type SmsKind = (typeof smsKinds)[number];

export function isSmsKind(value: unknown): value is SmsKind {
  return typeof value === 'string' && (smsKinds as readonly string[]).includes(value);
}

import { ValidationFailed } from '../../http/errors.js';

/** The header of DESIGN §4, optional so that SPEC's calls work as written. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The header's key, checked; undefined when the client sent none. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !KEY_PATTERN.test(value))
    throw new ValidationFailed({
      'Idempotency-Key': ["La clé d'idempotence doit faire de 1 à 200 caractères visibles (ASCII)"],
    });
  return value;
}

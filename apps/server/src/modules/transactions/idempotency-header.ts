import { t } from '@lingui/core/macro';
import { IDEMPOTENCY_KEY_PATTERN } from '@lajan/domain';
import { ValidationFailed } from '../../http/errors.js';

/** The `Idempotency-Key` header's key, checked; undefined when the client sent none (SPEC's calls work as written). */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !IDEMPOTENCY_KEY_PATTERN.test(value))
    throw new ValidationFailed({
      'Idempotency-Key': [t`La clé d'idempotence doit faire de 1 à 200 caractères visibles (ASCII)`],
    });
  return value;
}

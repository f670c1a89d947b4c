import { genericMessages } from '@lajan/domain';
import { errorMessage, isHttpError } from '../../lib/http';
import type { PersonSubmitResult } from './PersonForm';

/**
 * What the person form shows of a failed save: the server's field errors under their fields when it
 * names fields, else its message (`fallback` when it has none).
 */
export function personSubmitFailure(error: unknown, fallback: string): PersonSubmitResult {
  if (isHttpError(error) && Object.keys(error.errors).length > 0) {
    return { errors: error.errors, message: genericMessages.validation };
  }
  return { message: errorMessage(error, fallback) };
}

import { t } from '@lingui/core/macro';
import {
  authMessages,
  cancelTransferMessages,
  centimesToHtg,
  correctionMessages,
  errorCodes,
  genericMessages,
  ledgerFailures,
  limitExceededMessage,
  mfaMessages,
  outsideFeeBandsMessage,
  payoutMessages,
  pickUpCodeMessages,
  transactionMessages,
  transactionTypeLabels,
  type ErrorBody,
  type ErrorCode,
  type LedgerFailureName,
} from '@lajan/domain';
import {
  isLedgerResult,
  type LedgerRefusal,
  type LedgerRefused,
  type LedgerResult,
} from '../ledger/results.js';

/**
 * The closed set of failures a service may raise on purpose (STYLE: "one closed set of named
 * results"). Each is mapped once, in `describeDomainError`, to an HTTP status and a body.
 * Anything else that reaches the error handler is a fault: 500, its cause kept for the log.
 */
export type DomainError =
  | ValidationFailed
  | Unauthenticated
  | PasswordChangeRequired
  | SecondFactorRequired
  | Forbidden
  | NotFound
  | Conflict
  | Throttled
  | ServiceUnavailable
  | LedgerResult;

abstract class DomainErrorBase extends Error {
  abstract readonly kind: string;
}

/** Field errors keyed by dot path (`party.name`), in the order the form shows its fields. */
export type FieldErrors = Record<string, string[]>;

/** Invalid input or a refused business rule: 422. */
export class ValidationFailed extends DomainErrorBase {
  readonly kind = 'ValidationFailed';
  constructor(
    readonly fieldErrors: FieldErrors,
    message?: string,
  ) {
    super(message ?? summarise(fieldErrors));
  }
}

/** No, a bad, an expired or a revoked token, or wrong credentials: 401. */
export class Unauthenticated extends DomainErrorBase {
  readonly kind = 'Unauthenticated';
  constructor(message: string = authMessages.unauthenticated) {
    super(message);
  }
}

/** A user who has not chosen its own password yet: 403 with its own code. */
export class PasswordChangeRequired extends DomainErrorBase {
  readonly kind = 'PasswordChangeRequired';
  constructor() {
    super(authMessages.passwordChangeRequired);
  }
}

/**
 * `POST /auth/login`: the password was right, the second step is due (decision 203): 401 with
 * `MFA_REQUIRED` (a code) or `MFA_ENROLMENT_REQUIRED` (a factor to enrol first) and its challenge.
 */
export class SecondFactorRequired extends DomainErrorBase {
  readonly kind = 'SecondFactorRequired';
  constructor(
    readonly purpose: 'code' | 'enrol',
    readonly challenge: string,
  ) {
    super(purpose === 'code' ? mfaMessages.required : mfaMessages.enrolmentRequired);
  }
}

/** Signed in, but the permission table says no: 403. */
export class Forbidden extends DomainErrorBase {
  readonly kind = 'Forbidden';
  constructor(message: string = authMessages.forbidden) {
    super(message);
  }
}

/** An unknown route, number or code: 404. */
export class NotFound extends DomainErrorBase {
  readonly kind = 'NotFound';
  constructor(message: string = genericMessages.notFound) {
    super(message);
  }
}

/** A duplicate, an idempotency conflict, a state that changed meanwhile: 409. */
export class Conflict extends DomainErrorBase {
  readonly kind = 'Conflict';
  constructor(
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
  }
}

/** Too many attempts: 429. */
export class Throttled extends DomainErrorBase {
  readonly kind = 'Throttled';
  constructor(
    /** When the window has passed, for the `Retry-After` header. */
    readonly retryAfterSeconds: number,
    message: string = authMessages.throttled,
    readonly code: ErrorCode = errorCodes.throttled,
  ) {
    super(message);
  }
}

/** The database is unreachable, or a conflict outlived its retries: 503. */
export class ServiceUnavailable extends DomainErrorBase {
  readonly kind = 'ServiceUnavailable';
  constructor(message: string = genericMessages.unavailable) {
    super(message);
  }
}

/** The ledger's closed set of refusals and the domain's table of their codes and messages are one set. */
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const refusalsAreFailures: SameSet<LedgerRefusal, LedgerFailureName> = true;
void refusalsAreFailures;

function noFeeBandsMessage(typeLabel: string): string {
  return t`Montant hors barème : aucun barème de frais pour ${typeLabel}`;
}

/** The domain's message of a ledger refusal, with what its details add. */
function ledgerRefusalMessage({ refusal, details }: LedgerRefused): string {
  if (refusal === 'OutsideFeeBands' && details.feeBands) {
    const { type, range } = details.feeBands;
    return range
      ? outsideFeeBandsMessage(type, centimesToHtg(range.minCentimes), centimesToHtg(range.maxCentimes))
      : noFeeBandsMessage(transactionTypeLabels[type].toLowerCase());
  }
  if (refusal === 'TransferAlreadyPaid' && details.paidAt)
    return pickUpCodeMessages.alreadyPaid(details.paidAt);
  if (refusal === 'LimitExceeded' && details.limit)
    return limitExceededMessage(details.limit.period, details.limit.centimes);
  if (refusal === 'NotSendingAgent' && details.unlock) return payoutMessages.notSendingAgentUnlock;
  if (refusal === 'InsufficientFunds' && details.missing)
    return correctionMessages.missing(centimesToHtg(details.missing.centimes), details.missing.accountNumber);
  if (refusal === 'InsufficientFunds' && details.availableCentimes !== undefined)
    return (
      details.floatShort
        ? transactionMessages.insufficientFloatAvailable
        : transactionMessages.insufficientFundsAvailable
    )(centimesToHtg(details.availableCentimes));
  if (refusal === 'RecipientMismatch' && details.triesLeft !== undefined)
    return payoutMessages.recipientMismatchTriesLeft(details.triesLeft);
  if (refusal === 'SenderMismatch' && details.triesLeft !== undefined)
    return cancelTransferMessages.senderMismatchTriesLeft(details.triesLeft);
  return ledgerFailures[refusal].message;
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainErrorBase || isLedgerResult(error);
}

/** The one mapping from a domain error to what the client sees. */
export function describeDomainError(error: DomainError): {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
} {
  switch (error.kind) {
    case 'ValidationFailed':
      return {
        status: 422,
        body: { message: error.message, code: errorCodes.validation, errors: error.fieldErrors },
      };
    case 'Unauthenticated':
      return { status: 401, body: { message: error.message, code: errorCodes.unauthenticated } };
    case 'SecondFactorRequired':
      return {
        status: 401,
        body: {
          message: error.message,
          code: error.purpose === 'code' ? errorCodes.mfaRequired : errorCodes.mfaEnrolmentRequired,
          challenge: error.challenge,
        },
      };
    case 'PasswordChangeRequired':
      return { status: 403, body: { message: error.message, code: errorCodes.passwordChangeRequired } };
    case 'Forbidden':
      return { status: 403, body: { message: error.message, code: errorCodes.forbidden } };
    case 'NotFound':
      return { status: 404, body: { message: error.message, code: errorCodes.notFound } };
    case 'Conflict':
      return {
        status: 409,
        body: {
          message: error.message,
          code: errorCodes.conflict,
          ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        },
      };
    case 'Throttled':
      return {
        status: 429,
        body: { message: error.message, code: error.code },
        headers: { 'retry-after': String(error.retryAfterSeconds) },
      };
    case 'ServiceUnavailable':
      return { status: 503, body: { message: error.message, code: errorCodes.unavailable } };
    case 'LedgerBusy':
    case 'LedgerUnavailable':
      return { status: 503, body: { message: genericMessages.unavailable, code: errorCodes.unavailable } };
    case 'LedgerRefused': {
      const { status, code } = ledgerFailures[error.refusal];
      const { field, paidAt, quote } = error.details;
      const message = ledgerRefusalMessage(error);
      return {
        status,
        body: {
          message,
          code,
          ...(field ? { errors: { [field]: [message] } } : {}),
          ...(paidAt ? { paidAt: paidAt.toISOString() } : {}),
          ...(quote ? { quote } : {}),
        },
      };
    }
  }
}

/**
 * The top-level message of a 422: the field's own message when only one field is wrong,
 * otherwise the form's general one (SPEC §8 shows it above the field errors).
 */
export function summarise(fieldErrors: FieldErrors): string {
  const fields = Object.values(fieldErrors);
  if (fields.length === 1 && fields[0]?.[0]) return fields[0][0];
  return genericMessages.validation;
}

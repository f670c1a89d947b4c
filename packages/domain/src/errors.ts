import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';
import type { FeeQuote } from './transactions/fees.js';

/** Codes that travel with an error answer `{ message, code?, errors? }`. */
export const errorCodes = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  /** `POST /auth/login`: the password was right, a second-factor code is due (decision 203). */
  mfaRequired: 'MFA_REQUIRED',
  /** `POST /auth/login`: the password was right, the super administrator must enrol a factor first. */
  mfaEnrolmentRequired: 'MFA_ENROLMENT_REQUIRED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  throttled: 'TOO_MANY_REQUESTS',
  /** 429: another export or statement export of the same user is still running (decision 233). */
  exportInProgress: 'EXPORT_IN_PROGRESS',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** The body of every failed answer. `errors` maps a dot path (`party.name`) to its messages. */
export interface ErrorBody {
  message: string;
  code?: string;
  errors?: Record<string, string[]>;
  /** The request's id, as in `X-Request-Id` and the log: what a teller reads out (decision 230). */
  requestId?: string;
  /** The pay-out search on a transfer already paid (`TRANSFER_ALREADY_PAID`, decision 131): when. */
  paidAt?: string;
  /** A confirmation whose quoted fee version is no longer in force (`FEES_CHANGED`, decision 150): the new quote. */
  quote?: FeeQuote;
  /** `MFA_REQUIRED` / `MFA_ENROLMENT_REQUIRED`: the short-lived challenge of the second step (decision 203). */
  challenge?: string;
}

export const genericMessages = texts({
  /** SPEC §8's generic fallback ("An error occurred"), in French. */
  failure: msg`Une erreur est survenue`,
  validation: msg`Veuillez corriger les erreurs du formulaire`,
  notFound: msg`Ressource introuvable`,
  /** Too many network-wide searches by exact document or phone (decision 115). */
  lookupThrottled: msg`Trop de recherches. Réessayez dans quelques minutes.`,
  /** A user's statements and exports at once, past the limit (decision 199). */
  heavyReadsBusy:
    msg`Vous avez déjà des relevés ou des exports en cours. Attendez qu’ils se terminent, puis réessayez.`,
  /** A user's second export at once, in any process (decision 233). */
  exportInProgress: msg`Un export est déjà en cours pour votre compte : attendez qu’il se termine.`,
  internal: msg`Une erreur interne est survenue. Veuillez réessayer.`,
  unavailable: msg`Le service est momentanément indisponible. Veuillez réessayer.`,
  payloadTooLarge: msg`La requête est trop volumineuse.`,
  badJson: msg`Le corps de la requête est invalide.`,
  badRequest: msg`La requête est invalide.`,
  unsupportedMediaType: msg`Ce type de contenu n'est pas accepté : envoyez du JSON.`,
  nulCharacter: msg`Ce champ contient un caractère non autorisé`,
  badUrl: msg`L'adresse demandée est invalide.`,
  urlTooLong: msg`L'adresse demandée est trop longue.`,
  headersTooLarge: msg`Les en-têtes de la requête sont trop volumineux.`,
  requestTimeout: msg`La requête n'est pas arrivée à temps. Veuillez réessayer.`,
});

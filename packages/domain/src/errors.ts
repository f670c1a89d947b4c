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
  /** The pay-out search on a transfer already paid (`TRANSFER_ALREADY_PAID`, decision 131): when. */
  paidAt?: string;
  /** A confirmation whose quoted fee version is no longer in force (`FEES_CHANGED`, decision 150): the new quote. */
  quote?: FeeQuote;
  /** `MFA_REQUIRED` / `MFA_ENROLMENT_REQUIRED`: the short-lived challenge of the second step (decision 203). */
  challenge?: string;
}

export const genericMessages = {
  /** SPEC §8's generic fallback ("An error occurred"), in French. */
  failure: 'Une erreur est survenue',
  validation: 'Veuillez corriger les erreurs du formulaire',
  notFound: 'Ressource introuvable',
  /** Too many network-wide searches by exact document or phone (decision 115). */
  lookupThrottled: 'Trop de recherches. Réessayez dans quelques minutes.',
  /** A user's statements and exports at once, past the limit (decision 199). */
  heavyReadsBusy:
    'Vous avez déjà des relevés ou des exports en cours. Attendez qu’ils se terminent, puis réessayez.',
  /** A user's second export at once, in any process (decision 233). */
  exportInProgress: 'Un export est déjà en cours pour votre compte : attendez qu’il se termine.',
  internal: 'Une erreur interne est survenue. Veuillez réessayer.',
  unavailable: 'Le service est momentanément indisponible. Veuillez réessayer.',
  payloadTooLarge: 'La requête est trop volumineuse.',
  badJson: 'Le corps de la requête est invalide.',
  badRequest: 'La requête est invalide.',
  unsupportedMediaType: "Ce type de contenu n'est pas accepté : envoyez du JSON.",
  nulCharacter: 'Ce champ contient un caractère non autorisé',
  badUrl: "L'adresse demandée est invalide.",
  urlTooLong: "L'adresse demandée est trop longue.",
  headersTooLarge: 'Les en-têtes de la requête sont trop volumineux.',
  requestTimeout: "La requête n'est pas arrivée à temps. Veuillez réessayer.",
} as const;

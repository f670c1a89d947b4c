// What the browser's store of held operations needs as the app starts (it is in the sign-in page's first
// file): the resend limit and its texts, and the offline notice's. The banner's stay in pending.ts
// (decision 239).

/**
 * How long a held operation may be sent again with its key: well within the 24 hours the server keeps a
 * key. Past it the key may have been forgotten, and the same key would post the operation again.
 */
export const PENDING_RESEND_LIMIT_MS = 20 * 60 * 60 * 1000;

/** Whether a held operation confirmed at `confirmedAt` (ISO) may still be sent again at `now`. */
export function mayResendPending(confirmedAt: string, now: number): boolean {
  return now - Date.parse(confirmedAt) < PENDING_RESEND_LIMIT_MS;
}

/** The offline notice (every page), and the store that could not keep a confirmed operation. */
export const pendingStoreMessages = {
  offline: 'Hors ligne',
  offlineHint: 'Le serveur ne répond pas. Les opérations confirmées sont gardées et peuvent être renvoyées.',
  notKept:
    "Le serveur ne répond pas : l'opération n'a été ni envoyée ni gardée. Enregistrez-la à nouveau quand la connexion revient.",
} as const;

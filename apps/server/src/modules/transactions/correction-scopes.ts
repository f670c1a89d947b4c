/**
 * The corrections' routes that post a reversal (decision 226): abandoning a key voids it on them too, as on
 * every money route (decision 147).
 */
export const correctionMoneyScopes = [
  'POST /corrections/:id/approve',
  'POST /corrections/:id/execute',
] as const;

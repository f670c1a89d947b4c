/** The routes that post a reversal: abandoning a key voids it on them too (decision 147). */
export const correctionMoneyScopes = [
  'POST /corrections/:id/approve',
  'POST /corrections/:id/execute',
] as const;

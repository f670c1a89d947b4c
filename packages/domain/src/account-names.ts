// An account's currency and statuses, without zod (decision 160): the money formats, the status labels
// and the dashboard's answers read them, and loading them builds no schema. `accountStatusSchema`
// (accounts.ts) is built from `accountStatuses`. Re-exported by the index, as before.

export const CURRENCY = 'HTG';

export const accountStatuses = ['pending', 'active', 'inactive', 'closed'] as const;
export type AccountStatus = (typeof accountStatuses)[number];
export const accountStatusLabels: Record<AccountStatus, string> = {
  pending: 'En attente',
  active: 'Actif',
  inactive: 'Inactif',
  closed: 'Fermé',
};

// An account's currency and statuses, without zod (decision 160): the money formats, the status labels
// and the dashboard's answers read them, and loading them builds no schema. `accountStatusSchema`
// (accounts.ts) is built from `accountStatuses`. Re-exported by the index, as before.

import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';

export const CURRENCY = 'HTG';

export const accountStatuses = ['pending', 'active', 'inactive', 'closed'] as const;
export type AccountStatus = (typeof accountStatuses)[number];
export const accountStatusLabels: Record<AccountStatus, string> = texts({
  pending: msg`En attente`,
  active: msg`Actif`,
  inactive: msg`Inactif`,
  closed: msg`Fermé`,
});

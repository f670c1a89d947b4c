import { msg } from '@lingui/core/macro';
import { accountStatusLabels } from './account-names.js';
import { texts } from './i18n.js';
import { transactionStatusLabels } from './transactions/index.js';

/** The colour family of a status, named by meaning; each screen picks its own shades. */
export type StatusTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral';

/**
 * SPEC §4 transaction status colours: completed green, pending yellow, failed red, processing blue,
 * anything else grey. `failed` and `processing` are not statuses of Lajan's ledger today; the colours
 * are kept so that a status added later is already shown right.
 */
export function transactionStatusTone(status: string): StatusTone {
  switch (status) {
    case 'completed':
      return 'success';
    case 'pending':
      return 'warning';
    case 'failed':
      return 'danger';
    case 'processing':
      return 'info';
    default:
      return 'neutral';
  }
}

const moreTransactionStatusLabels: Record<string, string> = texts({
  failed: msg`Échoué`,
  processing: msg`En cours`,
});

/** The label of a transaction status in the language of the moment; an unknown status is shown as it came. */
export function transactionStatusLabel(status: string): string {
  return (
    (transactionStatusLabels as Record<string, string>)[status] ??
    moreTransactionStatusLabels[status] ??
    status
  );
}

/** The label of an account status in the language of the moment; an unknown status is shown as it came. */
export function accountStatusLabel(status: string): string {
  return (accountStatusLabels as Record<string, string>)[status] ?? status;
}

/**
 * In the account view, any status whose label is not Actif or Inactif takes the warning style: read by its
 * code, since the label changes with the language (decision 236).
 */
export function isWarningAccountStatus(status: string): boolean {
  return status !== 'active' && status !== 'inactive';
}

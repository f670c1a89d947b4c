import { t } from '@lingui/core/macro';
import { accountTypeLabels, type AccountType } from '@lajan/domain';

/** The summary step's type and currency, shared by /create-account and /register. */
export function AccountChoiceSummary({
  type,
  currency,
}: {
  type: AccountType | '' | undefined;
  currency: string;
}) {
  return (
    <dl className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
      <div>
        <dt className="text-sm text-slate-600">{t`Type de compte`}</dt>
        <dd className="font-semibold text-slate-900">{type ? accountTypeLabels[type] : '—'}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-600">{t`Devise`}</dt>
        <dd className="font-semibold text-slate-900">{currency}</dd>
      </div>
    </dl>
  );
}

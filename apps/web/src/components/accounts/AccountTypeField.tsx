import { useId } from 'react';
import { msg, t } from '@lingui/core/macro';
import { accountTypeLabels, accountTypeSchema, CURRENCY, texts, type AccountType } from '@lajan/domain';

const descriptions: Record<AccountType, string> = texts({
  current: msg`Pour les dépôts, retraits et transferts de tous les jours.`,
  savings: msg`Pour mettre de l'argent de côté.`,
});

const currencyLabels = texts({ htg: msg`HTG (Gourde haïtienne)` });
/** The currency choice of the account forms: HTG only; its label read when listed (decision 236). */
export const currencyOptions = [
  {
    value: CURRENCY,
    get label() {
      return currencyLabels.htg;
    },
  },
] as const;

interface AccountTypeFieldProps {
  value: AccountType | '' | undefined;
  onChange: (type: AccountType) => void;
  error?: string;
  name?: string;
}

/** "Type de compte": current or savings, as two large radio cards (easy to hit on a phone). */
export function AccountTypeField({ value, onChange, error, name = 'type' }: AccountTypeFieldProps) {
  const errorId = useId();
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="min-w-0 sm:col-span-2"
    >
      <legend className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        {t`Type de compte`}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      </legend>
      <div className="mt-1 grid gap-3 sm:grid-cols-2">
        {accountTypeSchema.options.map((type) => (
          <label
            key={type}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-blue-800 has-[:checked]:bg-blue-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700"
          >
            <input
              type="radio"
              name={name}
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              className="mt-0.5 size-4 accent-blue-800"
            />
            <span>
              <span className="block font-semibold text-slate-900">{accountTypeLabels[type]}</span>
              <span className="block text-sm text-slate-600">{descriptions[type]}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  accountSearchInputSchema,
  accountStatusLabels,
  accountTypeLabels,
  displayName,
  formatHtg,
  inactiveAccountMessage,
  transactionMessages,
  type Account,
} from '@lajan/domain';
import { Alert } from '../../../components/Alert';
import { PersonSearchModal } from '../../../components/persons/PersonSearchModal';
import { searchAccount } from '../../../components/persons/api';
import { useHttp } from '../../../lib/http-context';
import { SearchForm, SearchOutcome } from './SearchForm';

interface AccountLookupProps {
  /** The field's name ("Numéro de compte", "Compte bénéficiaire"). */
  label?: string;
  account: Account | null;
  onChange: (account: Account | null) => void;
  /** A rule of the step that the found account breaks (same account, other currency), or the server's. */
  error?: string;
}

/**
 * Finds a customer account (SPEC §2 "find account"): typed number and Enter (or Rechercher), or the
 * account search of the shared modal; both call `POST /accounts/search`. The found account shows its
 * holders and status; an account that is not active gets SPEC §4's alert (the step then blocks Suivant).
 */
export function AccountLookup({ label = 'Numéro de compte', account, onChange, error }: AccountLookupProps) {
  const http = useHttp();
  const [number, setNumber] = useState(account?.accountNumber ?? '');
  const [inputError, setInputError] = useState<string | null>(null);
  const search = useMutation({
    mutationFn: (value: string) => searchAccount(http, value),
    meta: { errorToast: false },
  });
  const resultId = useId();

  function onSearch() {
    const parsed = accountSearchInputSchema.safeParse({ account_number: number.trim() });
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message ?? transactionMessages.accountNumberInvalid);
      return;
    }
    setInputError(null);
    onChange(null);
    search.mutate(parsed.data.account_number, {
      onSuccess: (found) => onChange(found),
    });
  }

  const notFound = search.isSuccess && search.data === null && !account;

  return (
    <div className="space-y-4">
      <SearchForm
        label={label}
        onSearch={onSearch}
        pending={search.isPending}
        inputMode="numeric"
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        error={inputError ?? undefined}
      />
      <PersonSearchModal
        mode="accounts"
        onSelect={(found) => {
          setNumber(found.accountNumber);
          setInputError(null);
          search.reset();
          onChange(found);
        }}
      />
      <SearchOutcome
        id={resultId}
        notFound={notFound ? transactionMessages.accountNotFound : null}
        search={search}
      >
        {account && <AccountCard account={account} />}
        {account && account.status !== 'active' && <Alert type="danger">{inactiveAccountMessage}</Alert>}
        {error && <Alert type="danger">{error}</Alert>}
      </SearchOutcome>
    </div>
  );
}

export function AccountCard({ account, title = 'Compte trouvé' }: { account: Account; title?: string }) {
  const holders = account.customers.map((customer) => displayName(customer)).join(', ');
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-600">{title}</p>
      <p className="font-mono text-lg font-semibold break-all text-slate-900">{account.accountNumber}</p>
      <p className="text-sm text-slate-700">
        {accountTypeLabels[account.type]} · {account.currency} · {accountStatusLabels[account.status]}
      </p>
      {holders && <p className="mt-1 text-sm text-slate-800">Titulaire(s) : {holders}</p>}
      {account.agent && <p className="text-sm text-slate-600">Agent : {account.agent.name}</p>}
      {/* The balance is the customer's business; the teller sees it only to avoid a refused withdrawal. */}
      <p className="text-sm text-slate-600">Solde : {formatHtg(account.balance)}</p>
    </section>
  );
}

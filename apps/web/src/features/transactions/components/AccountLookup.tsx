import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  accountNumberOf,
  accountSearchMessages,
  accountSearchTermError,
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
import { findAccounts } from '../../../components/persons/api';
import { useHttp } from '../../../lib/http-context';
import { SearchForm } from '../../../components/SearchForm';
import { SearchOutcome } from './SearchOutcome';
import { useWizardNavigation } from '../../../components/wizard/Wizard';

interface AccountLookupProps {
  /** The field's name ("Numéro de compte", "Compte bénéficiaire"). */
  label?: string;
  account: Account | null;
  onChange: (account: Account | null) => void;
  /** A rule of the step that the found account breaks (same account, other currency), or the server's. */
  error?: string;
  /**
   * Whether the found account's balance is shown: only where money leaves it (a withdrawal, a transfer's
   * sender). A deposit's or a transfer's recipient account is another person's business.
   */
  showBalance?: boolean;
  /** A number given by the page before (`?compte=`, the new account's "Faire un dépôt"): searched at once. */
  givenTerm?: string;
}

/**
 * Finds a customer account the way people talk: number, holder's phone, document or name (decision 132). One
 * found is chosen, several are listed; an account not active blocks Suivant.
 */
export function AccountLookup({
  label = t`Numéro de compte`,
  account,
  onChange,
  error,
  showBalance = true,
  givenTerm = '',
}: AccountLookupProps) {
  const http = useHttp();
  const [term, setTerm] = useState(account?.accountNumber ?? givenTerm);
  const [inputError, setInputError] = useState<string | null>(null);
  const search = useMutation({
    mutationFn: (value: string) => findAccounts(http, value),
    meta: { errorToast: false },
  });
  const resultId = useId();
  const wizard = useWizardNavigation();

  function onSearch() {
    find(term);
  }

  function find(typed: string) {
    const value = typed.trim();
    const invalid = accountSearchTermError(value);
    if (invalid) {
      setInputError(invalid);
      return;
    }
    setInputError(null);
    onChange(null);
    search.mutate(value, {
      onSuccess: (found) => {
        if (found.length !== 1) return;
        onChange(found[0] ?? null);
        // Found: Enter goes on (Suivant, if the account may be used).
        wizard.focusNext();
      },
    });
  }

  // The given number, looked up once, as if typed and searched (never again after the step is left).
  const searchedGiven = useRef(account !== null);
  useEffect(() => {
    if (!givenTerm || searchedGiven.current) return;
    searchedGiven.current = true;
    find(givenTerm);
    // Once, at the first render: `find` is this render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const found = search.data ?? [];
  const notFound = search.isSuccess && found.length === 0 && !account;
  const choices = !account && found.length > 1 ? found : [];

  return (
    <div className="space-y-4">
      <SearchForm
        label={label}
        onSearch={onSearch}
        pending={search.isPending}
        hint={accountSearchMessages.hint}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        error={inputError ?? undefined}
      />
      <PersonSearchModal
        mode="accounts"
        onSelect={(chosen) => {
          setTerm(chosen.accountNumber);
          setInputError(null);
          search.reset();
          onChange(chosen);
        }}
      />
      <SearchOutcome
        id={resultId}
        notFound={notFound ? notFoundMessage(search.variables ?? term) : null}
        search={search}
      >
        {choices.length > 0 && (
          <AccountChoices
            accounts={choices}
            onChoose={(chosen) => {
              setTerm(chosen.accountNumber);
              onChange(chosen);
            }}
          />
        )}
        {account && <AccountCard account={account} showBalance={showBalance} />}
        {account && account.status !== 'active' && <Alert type="danger">{inactiveAccountMessage()}</Alert>}
        {error && <Alert type="danger">{error}</Alert>}
      </SearchOutcome>
    </div>
  );
}

/** "Compte introuvable" for a number (SPEC's message), "Aucun compte trouvé pour « … »" for anything else. */
function notFoundMessage(term: string): string {
  return accountNumberOf(term) !== null
    ? transactionMessages.accountNotFound
    : accountSearchMessages.noResult(term.trim());
}

/** Several accounts found (a name, a holder with several accounts): the teller picks one. */
function AccountChoices({
  accounts,
  onChoose,
}: {
  accounts: Account[];
  onChoose: (account: Account) => void;
}) {
  return (
    <section aria-label={accountSearchMessages.choicesTitle} className="space-y-2">
      <p className="text-sm font-medium text-slate-800">{accountSearchMessages.choose(accounts.length)}</p>
      <ul className="space-y-2">
        {accounts.map((found) => (
          <li key={found.id}>
            <button
              type="button"
              onClick={() => onChoose(found)}
              className="flex w-full flex-col items-start gap-0.5 rounded-md border border-slate-200 bg-white px-4 py-3 text-left hover:border-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-700"
            >
              <span className="font-mono font-semibold text-slate-900">{found.accountNumber}</span>
              <span className="text-sm text-slate-700">
                {accountTypeLabels[found.type]} · {accountStatusLabels[found.status]}
              </span>
              <span className="text-sm text-slate-600">
                {found.customers.map((customer) => displayName(customer)).join(', ')}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AccountCard({
  account,
  title = t`Compte trouvé`,
  showBalance = true,
}: {
  account: Account;
  title?: string;
  showBalance?: boolean;
}) {
  const holders = account.customers.map((customer) => displayName(customer)).join(', ');
  const agentName = account.agent?.name;
  const balance = account.balance !== null ? formatHtg(account.balance) : '';
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-600">{title}</p>
      <p className="font-mono text-lg font-semibold break-all text-slate-900">{account.accountNumber}</p>
      <p className="text-sm text-slate-700">
        {accountTypeLabels[account.type]} · {account.currency} · {accountStatusLabels[account.status]}
      </p>
      {holders && (
        <p className="mt-1 text-sm text-slate-800">
          <Trans>Titulaire(s) : {holders}</Trans>
        </p>
      )}
      {agentName && (
        <p className="text-sm text-slate-600">
          <Trans>Agent : {agentName}</Trans>
        </p>
      )}
      {/* The balance is the customer's business; the teller of its own agent sees it where money leaves the
          account, to avoid a refused withdrawal, another agent's teller not at all (the server sends none). */}
      {showBalance && account.balance !== null && (
        <p className="text-sm text-slate-600">
          <Trans>Solde : {balance}</Trans>
        </p>
      )}
    </section>
  );
}

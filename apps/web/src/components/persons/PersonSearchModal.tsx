import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { t } from '@lingui/core/macro';
import {
  ACCOUNT_SEARCH_LIMIT,
  accountSearchMessages,
  accountSearchTermError,
  accountStatusLabels,
  accountTypeLabels,
  displayName,
  documentLabel,
  personSearchTexts,
  searchingText,
  type Account,
} from '@lajan/domain';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { Dialog } from '../dialog/Dialog';
import { SearchForm } from '../SearchForm';
import { errorMessage } from '../../lib/http';
import {
  PERSON_SEARCH_PAGE_SIZE,
  useAccountSearchQuery,
  usePersonSearchQuery,
  type PersonSearchResult,
} from './api';
import { registrationStateFrom, useRegisteredPerson } from './registration-return';

interface CommonProps {
  /** The text of the box that opens the search ("Rechercher Personne" / "Rechercher Compte"). */
  triggerLabel?: string;
  disabled?: boolean;
  className?: string;
}

export interface PersonModeProps extends CommonProps {
  mode?: 'persons';
  onSelect: (person: PersonSearchResult) => void;
  /** Persons already chosen: shown, but not selectable again. */
  excludeIds?: readonly string[];
}

export interface AccountModeProps extends CommonProps {
  mode: 'accounts';
  onSelect: (account: Account) => void;
}

export type PersonSearchModalProps = PersonModeProps | AccountModeProps;

/**
 * A box reading "Rechercher Personne" opens a full-screen search.
 * Enter runs it; each result (full name and document number, or account number and currency in the
 * accounts mode) selects on click and closes the search.
 */
export function PersonSearchModal(props: PersonSearchModalProps) {
  const accounts = props.mode === 'accounts';
  const triggerLabel = props.triggerLabel ?? (accounts ? t`Rechercher Compte` : t`Rechercher Personne`);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // A person registered from this page's search ("Enregistrer un nouveau client") comes back selected.
  useRegisteredPerson((person) => {
    if (props.mode !== 'accounts') props.onSelect(person);
  }, !accounts);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        disabled={props.disabled}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className={`flex min-h-11 w-full items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-base text-slate-600 shadow-sm hover:border-blue-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:bg-slate-100 sm:text-sm ${props.className ?? ''}`}
      >
        <SearchIcon />
        <span>{triggerLabel}</span>
      </button>
      {open && (
        <SearchOverlay
          {...props}
          title={triggerLabel}
          onClose={() => setOpen(false)}
          onPicked={() => setOpen(false)}
        />
      )}
    </>
  );
}

type OverlayProps = PersonSearchModalProps & { title: string; onClose: () => void; onPicked: () => void };

function SearchOverlay(props: OverlayProps) {
  const accounts = props.mode === 'accounts';
  const [term, setTerm] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // The overlay is a portal: the shared form stops its submit, which would also reach a form around the trigger.
  function onSearch() {
    const value = term.trim();
    if (!value) {
      setInputError(accounts ? accountSearchMessages.termRequired : personSearchTexts.termRequired);
      setSubmitted(null);
      return;
    }
    const invalid = accounts ? accountSearchTermError(value) : null;
    if (invalid) {
      setInputError(invalid);
      setSubmitted(null);
      return;
    }
    setInputError(null);
    setSubmitted(value);
  }

  const searchForm = (
    <SearchForm
      label={accounts ? accountSearchMessages.label : personSearchTexts.label}
      required={false}
      type="search"
      value={term}
      onChange={(event) => setTerm(event.target.value)}
      onSearch={onSearch}
      error={inputError ?? undefined}
      ref={inputRef}
    />
  );

  return (
    <Dialog
      title={props.title}
      variant="fullscreen"
      onClose={props.onClose}
      initialFocus={inputRef}
      headerExtra={searchForm}
    >
      <h3 className="text-base font-semibold text-slate-900">{personSearchTexts.heading}</h3>
      <div className="mt-3" aria-live="polite">
        {props.mode === 'accounts' ? (
          <AccountResults
            term={submitted}
            onSelect={(account) => {
              props.onSelect(account);
              props.onPicked();
            }}
          />
        ) : (
          <PersonResults
            term={submitted}
            excludeIds={props.excludeIds ?? []}
            onSelect={(person) => {
              props.onSelect(person);
              props.onPicked();
            }}
          />
        )}
      </div>
    </Dialog>
  );
}

function EmptyState({ children }: { children: string }) {
  return (
    <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-slate-600">
      {children}
    </p>
  );
}

function Searching() {
  return (
    <p role="status" className="flex items-center gap-2 p-4 text-slate-600">
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-blue-800 border-t-transparent"
      />
      {searchingText}
    </p>
  );
}

const resultButtonClasses =
  'flex w-full flex-col items-start gap-0.5 rounded-md border border-slate-200 bg-white px-4 py-3 text-left hover:border-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:hover:border-slate-200';

function PersonResults({
  term,
  excludeIds,
  onSelect,
}: {
  term: string | null;
  excludeIds: readonly string[];
  onSelect: (person: PersonSearchResult) => void;
}) {
  const query = usePersonSearchQuery(term);
  if (term === null) return <EmptyState>{personSearchTexts.nothingYet}</EmptyState>;
  if (query.isPending) return <Searching />;
  if (query.isError) {
    return <SearchFailure error={query.error} term={term} />;
  }
  if (query.data.length === 0) {
    return (
      <div className="space-y-3">
        <EmptyState>{personSearchTexts.noResult(term)}</EmptyState>
        <RegisterNewClient />
      </div>
    );
  }
  return (
    <>
      {query.data.length >= PERSON_SEARCH_PAGE_SIZE && <FirstOnly count={query.data.length} />}
      <ul className="space-y-2">
        {query.data.map((person) => {
          const chosen = excludeIds.includes(person.id);
          return (
            <li key={person.id}>
              <button
                type="button"
                className={resultButtonClasses}
                disabled={chosen}
                onClick={() => onSelect(person)}
              >
                <span className="font-semibold text-slate-900">{displayName(person)}</span>
                <span className="text-sm text-slate-700">
                  <span className="sr-only">{documentLabel(person.idDocumentType)} </span>
                  <span aria-hidden="true">{documentLabel(person.idDocumentType)} · </span>
                  {person.idDocumentNumber}
                </span>
                {chosen && <span className="text-xs font-medium text-slate-500">{t`Déjà sélectionné`}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The search answered as many as it gives: there may be more (its answer says no total). */
function FirstOnly({ count }: { count: number }) {
  return <p className="mb-3 text-sm text-slate-700">{personSearchTexts.firstOnly(count)}</p>;
}

function AccountResults({ term, onSelect }: { term: string | null; onSelect: (account: Account) => void }) {
  const query = useAccountSearchQuery(term);
  if (term === null) return <EmptyState>{personSearchTexts.nothingYet}</EmptyState>;
  if (query.isPending) return <Searching />;
  if (query.isError) return <SearchFailure error={query.error} term={term} />;
  if (query.data.length === 0) return <EmptyState>{personSearchTexts.noResult(term)}</EmptyState>;
  return (
    <>
      {query.data.length >= ACCOUNT_SEARCH_LIMIT && <FirstOnly count={query.data.length} />}
      <ul className="space-y-2">
        {query.data.map((account) => (
          <li key={account.id}>
            <button type="button" className={resultButtonClasses} onClick={() => onSelect(account)}>
              <span className="font-semibold text-slate-900">
                {account.accountNumber} · {account.currency}
              </span>
              <span className="text-sm text-slate-700">
                {accountTypeLabels[account.type]} · {accountStatusLabels[account.status]}
              </span>
              <span className="text-sm text-slate-600">{holdersText(account)}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Jean PIERRE, Marie JOSEPH". */
function holdersText(account: Account): string {
  return account.customers.map((customer) => displayName(customer)).join(', ');
}

/**
 * A person search that found no one: register the customer now; the registration comes back here with
 * the new person selected (`registration-return.ts`).
 */
function RegisterNewClient() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={() => void navigate('/person', { state: registrationStateFrom(location) })}
    >
      {personSearchTexts.registerNew}
    </Button>
  );
}

/** A failed search: no answer at all gets the network message; anything else SPEC §8's "Pas de résultat pour". */
function SearchFailure({ error, term }: { error: unknown; term: string }) {
  const message = errorMessage(error, personSearchTexts.noResult(term));
  if (message === personSearchTexts.noResult(term)) return <EmptyState>{message}</EmptyState>;
  return <Alert type="danger">{message}</Alert>;
}

function SearchIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0 text-slate-500"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="11" cy="11" r="7" />
      <path strokeLinecap="round" d="m20 20-3.5-3.5" />
    </svg>
  );
}

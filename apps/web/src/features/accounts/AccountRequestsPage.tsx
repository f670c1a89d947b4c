import { useId, useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import {
  accountFailureMessages,
  accountTypeLabels,
  contactMethodLabel,
  displayName,
  documentLabel,
  formatDate,
  formatDateTime,
  languageNames,
  rejectAccountRequestInputSchema,
  texts,
  todayIso,
  type Account,
  type AccountCustomer,
  formatPhone,
} from '@lajan/domain';
import { currentLanguage } from '../../i18n/i18n';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { PageLoading } from '../../components/PageLoading';
import { FetchedAt } from '../../components/pending/FetchedAt';
import { Pagination } from '../../components/Pagination';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage } from '../../lib/http';
import {
  ACCOUNT_REQUESTS_PER_PAGE,
  useActivateAccountMutation,
  usePendingAccountsQuery,
  usePersonQuery,
  useRejectAccountMutation,
} from './api/account-requests';

export const requestTexts = texts({
  empty: msg`Aucune demande en attente.`,
  activated: (accountNumber: string) => msg`Compte ${accountNumber} activé`,
  rejected: msg`Demande rejetée`,
  identityChecked: msg`J'ai vérifié la pièce d'identité originale de chaque titulaire`,
});

/** The dates' language: the screen's, French for the pseudo-language. */
function dateLanguage() {
  return currentLanguage() === 'ht' ? 'ht' : 'fr';
}

/**
 * /account-requests: the public requests (`/register`) waiting for a teller. The teller checks each
 * holder's identity document at the counter, then activates the account (it joins the teller's agent)
 * or rejects the request with a reason; the server records who decided and e-mails the person.
 */
export default function AccountRequestsPage() {
  const [page, setPage] = useState(1);
  const query = usePendingAccountsQuery(page);
  const [activating, setActivating] = useState<Account | null>(null);
  const [rejecting, setRejecting] = useState<Account | null>(null);

  return (
    <section className="mx-auto w-full max-w-4xl">
      <h1 className="text-2xl font-semibold text-slate-900">{t`Demandes d'ouverture`}</h1>
      <p className="mt-1 text-sm text-slate-600">
        {t`Demandes envoyées en ligne. Vérifiez la pièce d'identité originale de chaque titulaire avant d'activer le compte.`}
      </p>

      <div className="mt-6 space-y-4">
        <FetchedAt updatedAt={query.dataUpdatedAt} />
        {query.isPending ? (
          <PageLoading label={t`Chargement des demandes...`} />
        ) : query.isError && !query.data ? (
          <Alert type="danger">{errorMessage(query.error, accountFailureMessages.list)}</Alert>
        ) : query.data.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            {requestTexts.empty}
          </p>
        ) : (
          <>
            <ul className="space-y-4" aria-busy={query.isFetching || undefined}>
              {query.data.data.map((account) => (
                <li key={account.id}>
                  <RequestCard
                    account={account}
                    onActivate={() => setActivating(account)}
                    onReject={() => setRejecting(account)}
                  />
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              perPage={ACCOUNT_REQUESTS_PER_PAGE}
              total={query.data.meta.total}
              onPageChange={setPage}
              busy={query.isFetching}
              label={t`Pages des demandes`}
            />
          </>
        )}
      </div>

      {activating && <ActivateDialog account={activating} onDone={() => setActivating(null)} />}
      {rejecting && <RejectDialog account={rejecting} onDone={() => setRejecting(null)} />}
    </section>
  );
}

function requestName(account: Account) {
  const { requestReference, accountNumber } = account;
  return requestReference ? t`Demande ${requestReference}` : t`Demande du compte ${accountNumber}`;
}

function RequestCard({
  account,
  onActivate,
  onReject,
}: {
  account: Account;
  onActivate: () => void;
  onReject: () => void;
}) {
  const headingId = useId();
  const type = accountTypeLabels[account.type];
  const currency = account.currency;
  const receivedAt = formatDateTime(account.createdAt, dateLanguage());
  const name = requestName(account);
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {requestName(account)}
          </h2>
          <p className="text-sm text-slate-600">{t`${type} · ${currency} · reçue le ${receivedAt}`}</p>
        </div>
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
          {t`En attente`}
        </span>
      </div>

      <h3 className="mt-4 text-sm font-semibold text-slate-800">{t`Titulaires`}</h3>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {account.customers.map((customer, index) => (
          <HolderRow
            key={customer.id}
            customer={customer}
            principal={customer.principal || (index === 0 && !account.customers.some((c) => c.principal))}
          />
        ))}
      </ul>

      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          className="text-red-800"
          onClick={onReject}
          aria-label={t`Rejeter : ${name}`}
        >
          {t`Rejeter`}
        </Button>
        <Button onClick={onActivate} aria-label={t`Activer : ${name}`}>
          {t`Activer`}
        </Button>
      </div>
    </article>
  );
}

function HolderRow({ customer, principal }: { customer: AccountCustomer; principal: boolean }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const name = displayName(customer);
  return (
    <li className="px-3 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words text-slate-900">
            {name}{' '}
            <span className="text-xs font-medium text-blue-900">
              {principal ? t`(titulaire principal)` : t`(titulaire secondaire)`}
            </span>
          </p>
          <p className="text-sm break-words text-slate-700">
            {documentLabel(customer.idDocumentType)} ·{' '}
            <span className="whitespace-nowrap">{customer.idDocumentNumber}</span>
          </p>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
          className="min-h-11 rounded-md px-2 text-sm font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {open ? t`Masquer la fiche` : t`Voir la fiche`}
          <span className="sr-only"> {t`de ${name}`}</span>
        </button>
      </div>
      <div id={detailsId} hidden={!open}>
        {open && <PersonFile id={customer.id} />}
      </div>
    </li>
  );
}

/** The holder's whole file, to compare with the document in hand (dates of birth, issue and expiry). */
function PersonFile({ id }: { id: string }) {
  const query = usePersonQuery(id, true);
  if (query.isPending) return <PageLoading label={t`Chargement de la fiche...`} />;
  if (query.isError)
    return (
      <Alert type="danger" className="mt-2">
        {errorMessage(query.error, t`Ressource introuvable`)}
      </Alert>
    );
  const person = query.data;
  const expired = person.expirationDate < todayIso();
  const language = dateLanguage();
  const rows: [string, string][] = [
    [t`Date de naissance`, formatDate(person.dob, language)],
    [t`Téléphone`, formatPhone(person.phoneNumber)],
    [t`Email`, person.email],
    [t`Adresse`, `${person.address}, ${person.city}, ${person.state}, ${person.country}`],
    [t`Date d'émission`, formatDate(person.dateIssued, language)],
    [t`Date d'expiration`, formatDate(person.expirationDate, language)],
    [t`Profession`, person.occupation],
    [t`Contact préféré`, contactMethodLabel(person.preferredContactMethod)],
    [t`Langue préférée`, languageNames[person.preferredLanguage]],
  ];
  return (
    <div className="mt-2 rounded-md bg-slate-50 p-3">
      {expired && (
        <Alert type="warning" className="mb-2">
          {t`La pièce d'identité est expirée.`}
        </Alert>
      )}
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ActivateDialog({ account, onDone }: { account: Account; onDone: () => void }) {
  const toasts = useToasts();
  const mutation = useActivateAccountMutation();
  const [checked, setChecked] = useState(false);

  function confirm() {
    mutation.mutate(account.id, {
      onSuccess: (activated) => {
        toasts.success(requestTexts.activated(activated.accountNumber));
        onDone();
      },
    });
  }

  return (
    <ConfirmDialog
      title={t`Activer la demande`}
      confirmLabel={t`Activer`}
      pendingLabel={t`Activation...`}
      onConfirm={confirm}
      onCancel={onDone}
      pending={mutation.isPending}
      canConfirm={checked}
    >
      <p>
        {t`Avant d'activer, comparez la pièce d'identité originale de chaque titulaire avec la demande :`}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {account.customers.map((customer) => (
          <li key={customer.id}>
            <span className="font-medium">{displayName(customer)}</span> —{' '}
            {documentLabel(customer.idDocumentType)} {customer.idDocumentNumber}
          </li>
        ))}
      </ul>
      <label className="mt-4 flex min-h-11 items-start gap-3 font-medium">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => setChecked(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 accent-blue-800"
        />
        {requestTexts.identityChecked}
      </label>
      {mutation.isError && (
        <Alert type="danger" className="mt-3">
          {errorMessage(mutation.error, accountFailureMessages.update)}
        </Alert>
      )}
    </ConfirmDialog>
  );
}

function RejectDialog({ account, onDone }: { account: Account; onDone: () => void }) {
  const toasts = useToasts();
  const mutation = useRejectAccountMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const names = account.customers.map((customer) => displayName(customer)).join(', ');

  function confirm() {
    const parsed = rejectAccountRequestInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t`Le motif est requis`);
      return;
    }
    setError(null);
    mutation.mutate(
      { id: account.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toasts.success(requestTexts.rejected);
          onDone();
        },
      },
    );
  }

  return (
    <ConfirmDialog
      title={t`Rejeter la demande`}
      confirmLabel={t`Rejeter`}
      pendingLabel={t`Rejet...`}
      variant="danger"
      onConfirm={confirm}
      onCancel={onDone}
      pending={mutation.isPending}
    >
      <p>{t`La demande de ${names} sera fermée et le client recevra le motif par e-mail.`}</p>
      <div className="mt-3">
        <div className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
          <label htmlFor={fieldId}>{t`Motif du refus`}</label>
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </div>
        <textarea
          id={fieldId}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 sm:text-sm ${
            error ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:outline-blue-700'
          }`}
        />
        {error && (
          <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      {mutation.isError && (
        <Alert type="danger" className="mt-3">
          {errorMessage(mutation.error, accountFailureMessages.update)}
        </Alert>
      )}
    </ConfirmDialog>
  );
}

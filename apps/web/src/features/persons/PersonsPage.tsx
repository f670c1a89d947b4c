import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import {
  can,
  displayName,
  documentLabel,
  pageLoadingText,
  personFailureMessages,
  personMessages,
  personSearchTexts,
  personsListTexts as texts,
  searchingText,
  type PersonView,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button, buttonClasses } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { PageLoading } from '../../components/PageLoading';
import { ListWaiting } from '../../components/ListWaiting';
import { Pagination } from '../../components/Pagination';
import { SearchForm } from '../../components/SearchForm';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage } from '../../lib/http';
import { useDeletePersonMutation, usePersonsListQuery } from './api/persons';
import { FetchedAt } from '../../components/pending/FetchedAt';
import { useSession } from '../../lib/session-context';
import { PhoneReviews } from './PhoneReviews';

/**
 * /persons, newest first; another agent's customer comes masked (decision 111). « Modifier » and « Supprimer
 * » appear only where the server says they would pass (`canEdit`, `canDelete`; decision 185).
 */
export default function PersonsPage() {
  const [term, setTerm] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<PersonView | null>(null);
  const query = usePersonsListQuery(submitted, page);
  const remove = useDeletePersonMutation();
  const toasts = useToasts();
  const { user } = useSession();

  function onSearch() {
    setSubmitted(term.trim());
    setPage(1);
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
    } catch {
      // The mutation's toast says why (the server's message, or the French fallback).
      setToDelete(null);
      return;
    }
    toasts.success(personMessages.deleted);
    setToDelete(null);
  }

  const persons = query.data?.data ?? [];
  // The search of the rows on screen: while another page of it loads, it is no new search.
  const [shownTerm, setShownTerm] = useState(submitted);
  if (query.data && !query.isPlaceholderData && shownTerm !== submitted) setShownTerm(submitted);
  // The last person of the last page deleted: the page before.
  if (query.data && !query.isPlaceholderData && persons.length === 0 && page > 1) setPage(page - 1);
  return (
    <section className="mx-auto w-full max-w-4xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{texts.title}</h1>
        <Link to="/person" className={buttonClasses('secondary')}>
          {texts.add}
        </Link>
      </div>
      {can(user, 'persons.phoneReviews') && <PhoneReviews />}
      <SearchForm
        label={personSearchTexts.label}
        required={false}
        type="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        onSearch={onSearch}
      />
      <FetchedAt updatedAt={query.dataUpdatedAt} />
      {query.isPlaceholderData && (
        <ListWaiting>{shownTerm === submitted ? pageLoadingText : searchingText}</ListWaiting>
      )}
      {query.isPending ? (
        <PageLoading />
      ) : query.isError && !query.data ? (
        <Alert type="danger">{errorMessage(query.error, personFailureMessages.list)}</Alert>
      ) : persons.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-6 text-center text-slate-700">
          {submitted ? personSearchTexts.noResult(submitted) : texts.empty}
        </p>
      ) : (
        // While another page or search comes, the rows shown are the last answer's: said busy, and dimmed.
        <ul
          aria-label={t`Liste des personnes`}
          aria-busy={query.isPlaceholderData || undefined}
          className={`divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white ${
            query.isPlaceholderData ? 'opacity-60' : ''
          }`}
        >
          {persons.map((person) => {
            const name = displayName(person);
            return (
              <li key={person.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="min-w-48 flex-1">
                  <p className="font-medium break-words text-slate-900">{name}</p>
                  <p className="text-sm break-words text-slate-700">
                    {documentLabel(person.idDocumentType)} ·{' '}
                    <span className="whitespace-nowrap">{person.idDocumentNumber}</span>
                  </p>
                  {person.masked && <p className="mt-0.5 text-xs text-slate-600">{texts.masked}</p>}
                  {/* Read whole but not the user's to change (the person of a user, an agent's owner): says why
                      no button. */}
                  {!person.masked && !person.canEdit && (
                    <p className="mt-0.5 text-xs text-slate-600">{texts.readOnly}</p>
                  )}
                </div>
                {person.canEdit && (
                  <div className="flex gap-2">
                    <Link
                      to={`/persons/${person.id}/edit`}
                      className={buttonClasses('secondary')}
                      aria-label={`${texts.edit} ${name}`}
                    >
                      {texts.edit}
                    </Link>
                    {person.canDelete && (
                      <Button
                        variant="danger"
                        onClick={() => setToDelete(person)}
                        aria-label={`${texts.delete} ${name}`}
                      >
                        {texts.delete}
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {query.data && persons.length > 0 && (
        <Pagination
          page={query.data.meta.page}
          perPage={query.data.meta.per_page}
          total={query.data.meta.total}
          busy={query.isPlaceholderData}
          onPageChange={setPage}
          label={texts.pages}
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title={personMessages.deleteConfirmTitle}
          confirmLabel={texts.delete}
          pendingLabel={t`Suppression...`}
          variant="danger"
          pending={remove.isPending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setToDelete(null)}
        >
          <p>{personMessages.deleteConfirm(displayName(toDelete))}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

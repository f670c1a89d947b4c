import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { transactionFailureMessages } from '@lajan/domain';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { errorMessage } from '../../../lib/http';

/**
 * The search form of a first step (account number, agent code, transaction number): one field, and
 * Enter or Rechercher runs the look-up. The field's own props (inputMode, hint, …) pass through.
 */
export function SearchForm({
  label,
  onSearch,
  pending,
  ...field
}: { label: string; onSearch: () => void; pending: boolean } & Omit<
  ComponentProps<typeof TextField>,
  'label' | 'onSubmit'
>) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch();
  }
  return (
    // The button beside the field itself, not its hint or its error below it: level with the field, under the
    // label's line (text-sm, 1.25rem, and the field's mt-1).
    <form noValidate onSubmit={onSubmit} role="search" aria-label={label} className="flex items-start gap-2">
      <TextField
        label={label}
        required
        className="min-w-0 flex-1"
        autoComplete="off"
        enterKeyHint="search"
        {...field}
      />
      <Button
        type="submit"
        variant="secondary"
        loading={pending}
        loadingText="Recherche..."
        className="mt-6 shrink-0"
      >
        Rechercher
      </Button>
    </form>
  );
}

/**
 * What a look-up found, announced politely: nothing (`notFound`), its failure (shown here, not toasted),
 * then the page's own cards and alerts.
 */
export function SearchOutcome({
  id,
  notFound,
  search,
  children,
}: {
  id?: string;
  /** The message when the look-up found nothing, or null. */
  notFound: string | null;
  search: { isError: boolean; error: unknown };
  children?: ReactNode;
}) {
  return (
    <div id={id} aria-live="polite" className="space-y-3">
      {notFound !== null && <Alert type="danger">{notFound}</Alert>}
      {search.isError && (
        <Alert type="danger">{errorMessage(search.error, transactionFailureMessages.search)}</Alert>
      )}
      {children}
    </div>
  );
}

import type { ReactNode } from 'react';
import { transactionFailureMessages } from '@lajan/domain';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/http';

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

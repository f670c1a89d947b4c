import { formatDateTimeFr, pendingOperationMessages as texts } from '@lajan/domain';
import { useOnline } from '../../lib/pending-context';

/**
 * Offline, a list keeps what it showed (in memory only) and says when it was fetched (decision 147).
 * `updatedAt` is TanStack Query's `dataUpdatedAt` (0 while nothing was fetched).
 */
export function FetchedAt({ updatedAt }: { updatedAt: number }) {
  const online = useOnline();
  if (online || !updatedAt) return null;
  return (
    <p role="status" className="text-sm text-slate-600">
      {texts.fetchedAt(formatDateTimeFr(new Date(updatedAt)))}
    </p>
  );
}

import { formatDayAndTimeFr, pendingOperationMessages as texts } from '@lajan/domain';
import { useOnline } from '../../lib/pending-context';

/**
 * Offline, a list keeps what it showed (in memory only: TanStack Query's cache, never persisted) and says
 * when it was fetched: "Données du 12/03/2026 à 14:05, hors ligne" (decisions 147 and 151). Every screen
 * that shows fetched data puts it above that data. `updatedAt` is the query's `dataUpdatedAt` (0 while
 * nothing was fetched: nothing is said).
 */
export function FetchedAt({ updatedAt }: { updatedAt: number }) {
  const online = useOnline();
  if (online || !updatedAt) return null;
  const { day, time } = formatDayAndTimeFr(new Date(updatedAt));
  return (
    <p role="status" className="text-sm text-slate-700">
      {texts.fetchedAt(day, time)}
    </p>
  );
}

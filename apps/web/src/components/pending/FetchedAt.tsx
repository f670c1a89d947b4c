import { formatDayAndTime, pendingOperationMessages as texts } from '@lajan/domain';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';
import { useOnline } from '../../lib/pending-context';

/**
 * Offline, a list keeps what it showed (in memory only) and says when it was fetched (decisions 147, 151).
 * `updatedAt` is the query's `dataUpdatedAt`: 0 says nothing.
 */
export function FetchedAt({ updatedAt }: { updatedAt: number }) {
  const online = useOnline();
  if (online || !updatedAt) return null;
  const { day, time } = formatDayAndTime(new Date(updatedAt), formatLanguage(currentLanguage()));
  return (
    <p role="status" className="text-sm text-slate-700">
      {texts.fetchedAt(day, time)}
    </p>
  );
}

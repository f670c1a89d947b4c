import { pendingStoreMessages as texts } from '@lajan/domain';
import { useOnline } from '../../lib/pending-context';

/** "Hors ligne", on every page (the sign-in page too), as soon as the server does not answer (decision 147). */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="bg-slate-800 px-4 py-2 text-center text-sm text-white print:hidden">
      <strong>{texts.offline}</strong> · {texts.offlineHint}
    </div>
  );
}

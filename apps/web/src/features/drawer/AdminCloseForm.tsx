import { useState } from 'react';
import {
  drawerTexts,
  drawerTotalCentimes,
  formatHtg,
  type DrawerCounts,
  type DrawerSession,
  type DrawerTicket,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { errorMessage } from '../../lib/http';
import { useCloseTellerDrawer } from './api/drawer';
import { countErrorsOf, DenominationCount } from './DenominationCount';

/**
 * An agent administrator closes a drawer left open by a teller (suspended, deleted, gone home) with her own
 * count (decision 201): the count, a confirmation naming the teller, and nothing sent before it. The close
 * is hers in the audit trail; its difference is the super administrator's to acknowledge.
 */
export function AdminCloseForm({
  session,
  onCancel,
  onClosed,
}: {
  session: DrawerSession;
  onCancel: () => void;
  onClosed: (ticket: DrawerTicket) => void;
}) {
  const close = useCloseTellerDrawer();
  const [counts, setCounts] = useState<Partial<DrawerCounts>>({});
  const [confirming, setConfirming] = useState(false);
  const countedCentimes = drawerTotalCentimes(counts);
  const countIsValid = Object.keys(countErrorsOf(counts)).length === 0;
  const teller = `${session.teller.name} (${session.teller.username})`;
  return (
    <form
      className="mt-3 space-y-3"
      aria-label={drawerTexts.adminCloseAction}
      onSubmit={(event) => {
        event.preventDefault();
        if (countIsValid) setConfirming(true);
      }}
    >
      <p className="text-slate-700">{drawerTexts.adminCloseIntro(teller)}</p>
      <DenominationCount idPrefix={`admin-close-${session.id}`} counts={counts} onChange={setCounts} />
      {close.isError && <Alert type="danger">{errorMessage(close.error, drawerTexts.loadFailed)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={close.isPending} disabled={!countIsValid}>
          {drawerTexts.adminCloseAction}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {drawerTexts.cancel}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={drawerTexts.adminCloseConfirmTitle}
          confirmLabel={drawerTexts.closeConfirmAction}
          variant={countedCentimes === 0 ? 'danger' : 'primary'}
          pending={close.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            close.mutate(
              { id: session.id, counts },
              { onSuccess: onClosed, onSettled: () => setConfirming(false) },
            )
          }
        >
          <p>{drawerTexts.adminCloseConfirm(teller, formatHtg(countedCentimes / 100))}</p>
          {countedCentimes === 0 && (
            <Alert type="warning" className="mt-3">
              {drawerTexts.closeNothingCounted}
            </Alert>
          )}
        </ConfirmDialog>
      )}
    </form>
  );
}

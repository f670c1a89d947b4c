import { useState } from 'react';
import {
  feeVersionMessages,
  feeVersionTexts as texts,
  type ComingFeeVersion,
  type FeeType,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage } from '../../lib/http';
import { useCancelFeeVersionMutation } from './api/cancel-fee-version';
import { FeeRowsTable } from './FeeRowsTable';
import { haitiMoment } from './haiti-moment';

/**
 * A version of one type that has not taken effect yet (decision 150): when, its bands, and for the super
 * administrator a way to cancel it, after a confirmation that says what stays in force.
 */
export function ComingVersion({
  type,
  label,
  version,
  canEdit,
}: {
  type: FeeType;
  label: string;
  version: ComingFeeVersion;
  canEdit: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useCancelFeeVersionMutation(type);
  const toasts = useToasts();
  const when = haitiMoment(version.effectiveFrom) ?? version.effectiveFrom;
  const headingId = `frais-${type}-version-${version.number}`;

  function confirm() {
    setFailure(null);
    cancel.mutate(version.number, {
      onSuccess: () => {
        setConfirming(false);
        toasts.success(feeVersionMessages.versionCancelled);
        // This section goes away with its button: the keyboard goes to the type's own "Modifier".
        requestAnimationFrame(() => document.getElementById(`modifier-frais-${type}`)?.focus());
      },
      onError: (error) => setFailure(errorMessage(error, texts.cancelFailed)),
    });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-amber-950">
          {texts.comingFrom(version.number, when)}
        </h3>
        {canEdit && (
          <Button
            variant="secondary"
            aria-label={texts.cancelButtonLabel(label, version.number)}
            onClick={() => {
              setFailure(null);
              setConfirming(true);
            }}
          >
            {texts.cancelButton}
          </Button>
        )}
      </div>
      <FeeRowsTable rows={version.rows} caption={texts.comingCaption(label, version.number)} />
      {confirming && (
        <ConfirmDialog
          title={texts.cancelTitle(version.number)}
          confirmLabel={texts.cancelConfirm}
          cancelLabel={texts.cancelKeep}
          pendingLabel={texts.cancelPending}
          pending={cancel.isPending}
          variant="danger"
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        >
          <p>{texts.cancelBody(label, when)}</p>
          {failure && (
            <div className="mt-3">
              <Alert type="danger">{failure}</Alert>
            </div>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}

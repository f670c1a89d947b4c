import { useState } from 'react';
import { limitEditorTexts as texts, type LimitVersion } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage } from '../../lib/http';
import { useCancelLimitVersionMutation } from './api/limits';
import { haitiMoment } from './haiti-moment';
import { LimitValuesTable } from './LimitValuesTable';

/** A version not in force yet (decision 227): when, its limits, and « Annuler » after a confirmation. */
export function ComingLimitVersion({ version }: { version: LimitVersion }) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useCancelLimitVersionMutation();
  const toasts = useToasts();
  const when = (version.effectiveFrom && haitiMoment(version.effectiveFrom)) ?? version.effectiveFrom ?? '';
  const headingId = `limites-version-${version.number}`;

  function confirm() {
    setFailure(null);
    cancel.mutate(version.id, {
      onSuccess: () => {
        setConfirming(false);
        toasts.success(texts.cancelled);
        // This section goes away with its button: the keyboard goes to the page's heading.
        requestAnimationFrame(() => document.getElementById('limites-titre')?.focus());
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
        <Button
          variant="secondary"
          aria-label={texts.cancelLabel(version.number)}
          onClick={() => {
            setFailure(null);
            setConfirming(true);
          }}
        >
          {texts.cancel}
        </Button>
      </div>
      <LimitValuesTable values={version.values} caption={texts.comingCaption(version.number)} />
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
          <p>{texts.cancelBody(when)}</p>
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

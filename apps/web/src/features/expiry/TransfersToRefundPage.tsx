import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatDate,
  formatHtg,
  groupDigits,
  refundExpiredBodySchema,
  transferExpiryMessages as texts,
  type TransferToRefund,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useSelectForReprint } from '../../components/receipt/use-select-for-reprint';
import { useToasts } from '../../components/toasts/toast-context';
import { UnlockTransferButton } from '../../components/history/UnlockTransferButton';
import { errorMessage } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import {
  emptySender,
  SenderIdentityFieldset,
  type SenderFields,
} from '../../components/history/SenderIdentityFieldset';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';
import { toRefundKey, useRefundExpired, useTransfersToRefund } from './api/to-refund';

/** A fresh random key per confirmation dialog. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const personName = (person: { firstName: string; lastName: string } | null) =>
  person ? `${person.firstName} ${person.lastName}` : '—';

/**
 * /transfers-to-refund (decision 225): the agent's cash transfers that expired unpaid, each refunded in cash
 * to its sender, identified from her card as for a cancellation; the refund's receipt opens in the panel.
 */
export default function TransfersToRefundPage() {
  const list = useTransfersToRefund();
  const [refunding, setRefunding] = useState<TransferToRefund | null>(null);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const language = formatLanguage(currentLanguage());

  return (
    <section className="mx-auto w-full max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{texts.title}</h1>
      <p className="text-slate-700">{texts.intro}</p>
      {list.isPending && <p>{texts.loading}</p>}
      {list.isError && <Alert type="danger">{errorMessage(list.error, texts.loadFailed)}</Alert>}
      {list.data?.length === 0 && <p>{texts.empty}</p>}
      {list.data && list.data.length > 0 && (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col">{texts.columns.transactionNumber}</th>
              <th scope="col">{texts.columns.sentAt}</th>
              <th scope="col">{texts.columns.expiredAt}</th>
              <th scope="col">{texts.columns.sender}</th>
              <th scope="col">{texts.columns.recipient}</th>
              <th scope="col" className="text-right">
                {texts.columns.amount}
              </th>
              <th scope="col">
                <span className="sr-only">{texts.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((transfer) => (
              <tr key={transfer.transactionNumber} className="border-b border-slate-200">
                <td className="font-mono">{groupDigits(transfer.transactionNumber)}</td>
                <td>{formatDate(transfer.sentAt, language)}</td>
                <td>{formatDate(transfer.expiredAt, language)}</td>
                <td>{personName(transfer.sender)}</td>
                <td>{personName(transfer.recipient)}</td>
                <td className="text-right">{formatHtg(transfer.amount)}</td>
                <td className="text-right">
                  {transfer.locked ? (
                    <>
                      <p className="text-sm text-amber-900">{texts.locked}</p>
                      {/* The list holds the user's agent's transfers only (decision 225). */}
                      <UnlockTransferButton
                        transaction={{
                          transactionNumber: transfer.transactionNumber,
                          type: 'external_transfer',
                          status: 'expired',
                          agent: user?.agent ?? null,
                          locked: true,
                        }}
                        onDone={() => void queryClient.invalidateQueries({ queryKey: toRefundKey })}
                      />
                    </>
                  ) : (
                    <Button
                      variant="secondary"
                      className="min-h-9 px-3 py-1"
                      aria-label={texts.refundButtonLabel(transfer.transactionNumber)}
                      onClick={() => setRefunding(transfer)}
                    >
                      {texts.refundButton}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {refunding && <RefundDialog transfer={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
}

/** The sender's card typed, then the refund; a refusal stays in the dialog. */
function RefundDialog({ transfer, onClose }: { transfer: TransferToRefund; onClose: () => void }) {
  const refund = useRefundExpired();
  const toasts = useToasts();
  const { selectForReprint } = useSelectForReprint();
  const key = useRef(newKey());
  const [sender, setSender] = useState<SenderFields>(emptySender);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function confirm() {
    const parsed = refundExpiredBodySchema.safeParse({ sender });
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
    setErrors(found);
    if (!parsed.success) return;
    refund.mutate(
      { transactionNumber: transfer.transactionNumber, key: key.current, body: parsed.data },
      {
        onSuccess: (receipt) => {
          toasts.success(texts.success);
          selectForReprint(receipt);
          onClose();
        },
      },
    );
  }

  return (
    <ConfirmDialog
      title={texts.refundTitle}
      confirmLabel={texts.confirm}
      pendingLabel={texts.pending}
      cancelLabel={texts.back}
      variant="danger"
      pending={refund.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>{texts.refundExplanation(transfer.transactionNumber, transfer.amount)}</p>
      <SenderIdentityFieldset sender={sender} onChange={setSender} errors={errors} />
      {refund.isError && (
        <Alert type="danger" className="mt-3">
          {errorMessage(refund.error, texts.failure)}
        </Alert>
      )}
    </ConfirmDialog>
  );
}

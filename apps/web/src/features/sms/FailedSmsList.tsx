import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { formatDateTime, smsKindLabels, smsLastErrorLabel, type FailedSms } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { PagedTable } from '../../components/paged-table/PagedTable';
import { useListParams } from '../../components/paged-table/use-list-params';
import { tableClasses } from '../../components/responsive-table';
import { useToasts } from '../../components/toasts/toast-context';
import { currentLanguage } from '../../i18n/i18n';
import { errorMessage } from '../../lib/http';
import { FAILED_SMS_PER_PAGE, useFailedSms, useRetrySmsMutation } from './api/sms';

/**
 * The deliveries given up or not delivered (decision 242), the latest first: never their text, the number
 * masked; « Renvoyer » queues one given up again after a confirmation.
 */
export function FailedSmsList() {
  const { page, go } = useListParams();
  const query = useFailedSms(page);
  const retry = useRetrySmsMutation();
  const toasts = useToasts();
  const [asked, setAsked] = useState<FailedSms | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';

  function confirm(sms: FailedSms) {
    retry.mutate(sms.id, {
      onSuccess: () => {
        setAsked(null);
        toasts.success(t`SMS remis dans la file d’envoi`);
      },
      onError: (error) => setFailure(errorMessage(error, t`Le SMS n’a pas pu être renvoyé.`)),
    });
  }

  const askedLabel = asked ? smsKindLabels[asked.kind] : '';
  const askedTo = asked?.to ?? '';
  return (
    <>
      <PagedTable
        query={query}
        page={page}
        perPage={FAILED_SMS_PER_PAGE}
        onPageChange={(next) => go({ page: next })}
        caption={t`SMS en échec`}
        loadingLabel={t`Chargement des SMS en échec...`}
        errorTitle={t`La liste des SMS en échec n’a pas pu être chargée.`}
        emptyText={t`Aucun SMS en échec.`}
        paginationLabel={t`Pages des SMS en échec`}
        columns={
          <>
            <th scope="col" className={tableClasses.th}>
              <Trans>Échec</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Type</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Numéro</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Créé</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Essais</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Dernière erreur</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Transaction</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <span className="sr-only">
                <Trans>Actions</Trans>
              </span>
            </th>
          </>
        }
        renderRow={(sms) => {
          const label = smsKindLabels[sms.kind];
          const to = sms.to;
          return (
            <tr key={sms.id} className={tableClasses.row}>
              <td data-label={t`Échec`} className={`${tableClasses.td} whitespace-nowrap tabular-nums`}>
                <time dateTime={sms.failedAt}>{formatDateTime(sms.failedAt, language)}</time>
              </td>
              <td data-label={t`Type`} className={tableClasses.td}>
                {label}
              </td>
              <td data-label={t`Numéro`} className={`${tableClasses.td} whitespace-nowrap font-mono`}>
                {to}
              </td>
              <td data-label={t`Créé`} className={`${tableClasses.td} whitespace-nowrap tabular-nums`}>
                <time dateTime={sms.createdAt}>{formatDateTime(sms.createdAt, language)}</time>
              </td>
              <td data-label={t`Essais`} className={`${tableClasses.td} tabular-nums`}>
                {sms.attempts}
              </td>
              <td data-label={t`Dernière erreur`} className={`${tableClasses.td} break-words`}>
                {smsLastErrorLabel(sms.lastError) ?? '—'}
              </td>
              <td data-label={t`Transaction`} className={`${tableClasses.td} font-mono`}>
                {sms.transactionNumber ?? '—'}
              </td>
              <td className={`${tableClasses.td} cards:justify-end cards:before:content-none`}>
                {sms.stage === 'delivery' ? (
                  <UndeliveredNote status={sms.deliveryStatus ?? ''} />
                ) : (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setFailure(null);
                      setAsked(sms);
                    }}
                  >
                    <Trans>
                      Renvoyer
                      <span className="sr-only">
                        {' '}
                        le SMS {label} au {to}
                      </span>
                    </Trans>
                  </Button>
                )}
              </td>
            </tr>
          );
        }}
      />
      {asked && (
        <ConfirmDialog
          title={t`Renvoyer ce SMS ?`}
          confirmLabel={t`Renvoyer`}
          pendingLabel={t`Envoi...`}
          pending={retry.isPending}
          onConfirm={() => confirm(asked)}
          onCancel={() => setAsked(null)}
        >
          <p>
            {t`Le SMS «\u00a0${askedLabel}\u00a0» au ${askedTo} repart avec le même texte, ses essais remis à zéro. Le destinataire peut le recevoir deux fois si un envoi précédent est arrivé sans être confirmé.`}
          </p>
          {failure && (
            <div className="mt-3">
              <Alert type="danger">{failure}</Alert>
            </div>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

/** Sent, then reported lost by the operator: its text was erased at send, so nothing to send again (issue 46). */
function UndeliveredNote({ status }: { status: string }) {
  return (
    <span className="text-sm text-slate-600">{t`Non remis au téléphone (rapport de l’opérateur : ${status})`}</span>
  );
}

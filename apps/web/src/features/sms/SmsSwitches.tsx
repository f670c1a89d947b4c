import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { formatDateTime, smsKindLabels, type SmsKindSetting } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { PageLoading } from '../../components/PageLoading';
import { useToasts } from '../../components/toasts/toast-context';
import { currentLanguage } from '../../i18n/i18n';
import { errorMessage } from '../../lib/http';
import { useSetSmsKindMutation, useSmsSettings } from './api/sms';

/** What switching a kind off or on does, said before it is confirmed (decision 242). */
function SwitchWarning({ enabling }: { enabling: boolean }) {
  return enabling ? (
    <p>
      <Trans>
        Les SMS de ce type partiront de nouveau. Ceux marqués en échec pendant l’arrêt ne repartent pas
        d’eux-mêmes : renvoyez-les depuis la liste des SMS en échec.
      </Trans>
    </p>
  ) : (
    <p>
      <Trans>
        Plus aucun SMS de ce type ne partira : ceux qui attendent leur tour seront marqués en échec, à
        renvoyer un par un une fois le type réactivé. Les clients ne recevront donc pas ces messages.
      </Trans>
    </p>
  );
}

/** « Modifié par superadmin le 05/12/2026 14:05 », or nothing while nobody touched the switch. */
function lastChange(setting: SmsKindSetting): string | null {
  if (!setting.updatedAt) return null;
  const when = formatDateTime(setting.updatedAt, currentLanguage() === 'ht' ? 'ht' : 'fr');
  const username = setting.updatedBy?.username;
  return username ? t`Modifié par ${username} le ${when}` : t`Modifié le ${when}`;
}

/** The switch of each kind of SMS: its state, and « Désactiver » or « Activer » after a confirmation. */
export function SmsSwitches() {
  const settings = useSmsSettings();
  const change = useSetSmsKindMutation();
  const toasts = useToasts();
  const [asked, setAsked] = useState<SmsKindSetting | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function ask(setting: SmsKindSetting) {
    setFailure(null);
    setAsked(setting);
  }

  function confirm(setting: SmsKindSetting) {
    const label = smsKindLabels[setting.kind];
    change.mutate(
      { kind: setting.kind, enabled: !setting.enabled },
      {
        onSuccess: (changed) => {
          setAsked(null);
          toasts.success(
            changed.enabled ? t`«\u00a0${label}\u00a0» activé` : t`«\u00a0${label}\u00a0» désactivé`,
          );
        },
        onError: (error) => setFailure(errorMessage(error, t`Le changement n’a pas pu être enregistré.`)),
      },
    );
  }

  if (settings.isPending) return <PageLoading label={t`Chargement des types de SMS...`} />;
  if (settings.isError && !settings.data)
    return (
      <Alert type="danger" title={t`Les types de SMS n’ont pas pu être chargés.`}>
        <Button variant="secondary" className="mt-2" onClick={() => void settings.refetch()}>
          <Trans>Réessayer</Trans>
        </Button>
      </Alert>
    );

  const askedLabel = asked ? smsKindLabels[asked.kind] : '';
  return (
    <>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
        {settings.data.map((setting) => {
          const label = smsKindLabels[setting.kind];
          const changed = lastChange(setting);
          return (
            <li key={setting.kind} className="flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{label}</p>
                <p className="text-sm">
                  {setting.enabled ? (
                    <span className="font-semibold text-green-800">
                      <Trans>Activé</Trans>
                    </span>
                  ) : (
                    <span className="font-semibold text-red-800">
                      <Trans>Désactivé</Trans>
                    </span>
                  )}
                  {changed && <span className="text-slate-600"> · {changed}</span>}
                </p>
              </div>
              <Button
                variant={setting.enabled ? 'secondary' : 'primary'}
                aria-label={
                  setting.enabled ? t`Désactiver «\u00a0${label}\u00a0»` : t`Activer «\u00a0${label}\u00a0»`
                }
                onClick={() => ask(setting)}
              >
                {setting.enabled ? <Trans>Désactiver</Trans> : <Trans>Activer</Trans>}
              </Button>
            </li>
          );
        })}
      </ul>
      {asked && (
        <ConfirmDialog
          title={
            asked.enabled
              ? t`Désactiver «\u00a0${askedLabel}\u00a0» ?`
              : t`Activer «\u00a0${askedLabel}\u00a0» ?`
          }
          confirmLabel={asked.enabled ? t`Désactiver` : t`Activer`}
          pendingLabel={asked.enabled ? t`Désactivation...` : t`Activation...`}
          variant={asked.enabled ? 'danger' : 'primary'}
          pending={change.isPending}
          onConfirm={() => confirm(asked)}
          onCancel={() => setAsked(null)}
        >
          <SwitchWarning enabling={!asked.enabled} />
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

import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FailedSmsList } from './FailedSmsList';
import { SmsSwitches } from './SmsSwitches';

/**
 * /sms: the super administrator's controls of the SMS (issue 46, decision 242): a switch per kind of
 * message, and the deliveries that failed, which may be sent again.
 */
export default function SmsPage() {
  return (
    <section className="mx-auto w-full max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{t`SMS`}</h1>
        <p className="mt-1 text-sm text-slate-700">
          <Trans>
            Les messages envoyés aux clients par SMS : quels types partent, et ceux qui n’ont pas pu être
            remis.
          </Trans>
        </p>
      </header>
      <section aria-labelledby="sms-types" className="space-y-3">
        <h2 id="sms-types" className="text-lg font-semibold text-slate-900">
          <Trans>Types de messages</Trans>
        </h2>
        <SmsSwitches />
      </section>
      <section aria-labelledby="sms-echecs" className="space-y-3">
        <h2 id="sms-echecs" className="text-lg font-semibold text-slate-900">
          <Trans>SMS en échec</Trans>
        </h2>
        <FailedSmsList />
      </section>
    </section>
  );
}

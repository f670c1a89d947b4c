import { limitEditorTexts as texts, limitPastStatusTexts } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { errorMessage } from '../../lib/http';
import { useLimits } from './api/limits';
import { haitiMoment } from './haiti-moment';
import { ComingLimitVersion } from './ComingLimitVersion';
import { LimitValuesTable } from './LimitValuesTable';
import { LimitVersionForm } from './LimitVersionForm';

/**
 * /limits: the customers' limits (decision 227), for the super administrator: the version in force, a new
 * version now or from a chosen moment, the coming ones (which may be cancelled) and the past ones.
 */
export default function LimitsPage() {
  const limits = useLimits();
  const schedule = limits.data;
  return (
    <section className="mx-auto w-full max-w-5xl space-y-6">
      <header>
        <h1 id="limites-titre" tabIndex={-1} className="text-2xl font-semibold text-slate-900 outline-none">
          {texts.title}
        </h1>
        <p className="mt-1 text-sm text-slate-700">{texts.intro}</p>
      </header>
      {limits.isPending && (
        <p role="status" className="text-slate-600">
          {texts.loading}
        </p>
      )}
      {limits.isError && !schedule && (
        <Alert type="danger">
          <p>{errorMessage(limits.error, texts.loadFailed)}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void limits.refetch()}>
            {texts.retry}
          </Button>
        </Alert>
      )}
      {schedule && (
        <>
          <section aria-labelledby="limites-en-vigueur" className="space-y-3">
            <h2 id="limites-en-vigueur" className="text-lg font-semibold text-slate-900">
              {texts.inForce(
                schedule.inForce.number,
                schedule.inForce.effectiveFrom ? haitiMoment(schedule.inForce.effectiveFrom) : null,
              )}
            </h2>
            <LimitValuesTable values={schedule.inForce.values} caption={texts.inForceCaption} />
          </section>
          <section aria-labelledby="limites-a-venir" className="space-y-3">
            <h2 id="limites-a-venir" className="text-lg font-semibold text-slate-900">
              {texts.coming}
            </h2>
            {schedule.coming.length === 0 ? (
              <p className="text-sm text-slate-600">{texts.noComing}</p>
            ) : (
              schedule.coming.map((version) => <ComingLimitVersion key={version.id} version={version} />)
            )}
          </section>
          <LimitVersionForm key={schedule.inForce.id} inForce={schedule.inForce.values} />
          {schedule.past.length > 0 && (
            <section aria-labelledby="limites-passees" className="space-y-2">
              <h2 id="limites-passees" className="text-lg font-semibold text-slate-900">
                {texts.past}
              </h2>
              <ul className="space-y-1 text-sm text-slate-700">
                {schedule.past.map((version) => (
                  <li key={version.id}>
                    {texts.pastLine(
                      version.number,
                      version.effectiveFrom ? haitiMoment(version.effectiveFrom) : null,
                      version.status === 'cancelled'
                        ? limitPastStatusTexts.cancelled
                        : limitPastStatusTexts.past,
                    )}
                    {version.createdBy && ` (${texts.createdBy(version.createdBy.username)})`}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}

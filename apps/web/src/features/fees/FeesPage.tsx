import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  can,
  type FeeGroup,
  type FeeType,
  feeVersionTexts,
  transactionFailureMessages,
  transactionTypeLabels,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { FetchedAt } from '../../components/pending/FetchedAt';
import { Button } from '../../components/Button';
import { errorMessage } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { useFees } from './api/get-fees';
import { ComingVersion } from './ComingVersion';
import { FeeCalculator } from './FeeCalculator';
import { FeeEditor } from './FeeEditor';
import { FeeRowsTable } from './FeeRowsTable';
import { FeeVersionsList } from './FeeVersionsList';
import { haitiMoment } from './haiti-moment';

/** "Version n° 3, en vigueur depuis le 24 novembre 2026 à 09:00" (Haiti time). */
function inForceLine(version: FeeGroup['version']): string {
  const since = haitiMoment(version.effectiveFrom);
  return since
    ? feeVersionTexts.inForceSince(version.number, since)
    : feeVersionTexts.inForceFromStart(version.number);
}

/**
 * /fees-list: the fee schedule, one table per type, in HTG, with the version in
 * force and the coming ones (decision 150). The super administrator (`fees.edit`) makes a new version of a
 * type, now or from a chosen moment, cancels a coming one, and reads every version.
 */
export default function FeesPage() {
  const { user } = useSession();
  const fees = useFees();
  const [editing, setEditing] = useState<FeeType | null>(null);
  const [listing, setListing] = useState<ReadonlySet<FeeType>>(new Set());
  const canEdit = can(user, 'fees.edit');

  function toggleList(type: FeeType) {
    setListing((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });
  }

  return (
    <section className="mx-auto w-full max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">
          <Trans>Tableau des frais</Trans>
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          <Trans>Frais par tranche de montant, bornes comprises, en HTG.</Trans>
        </p>
      </header>
      {fees.isPending && (
        <p role="status" className="text-slate-600">
          <Trans>Chargement des frais...</Trans>
        </p>
      )}
      <FetchedAt updatedAt={fees.dataUpdatedAt} />
      {fees.isError && !fees.data && (
        <Alert type="danger">{errorMessage(fees.error, transactionFailureMessages.fees)}</Alert>
      )}
      {fees.data && <FeeCalculator groups={fees.data} />}
      {fees.data?.map((group) => {
        const headingId = `frais-${group.type}`;
        const listId = `versions-${group.type}`;
        const listed = listing.has(group.type);
        const typeLabel = transactionTypeLabels[group.type];
        return (
          <section key={group.type} aria-labelledby={headingId} className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <h2 id={headingId} className="text-lg font-semibold text-slate-900">
                  {transactionTypeLabels[group.type]}
                </h2>
                <p className="text-sm text-slate-700">{inForceLine(group.version)}</p>
              </div>
              {canEdit && (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="ghost"
                    aria-label={feeVersionTexts.versionsButtonLabel(transactionTypeLabels[group.type])}
                    aria-expanded={listed}
                    aria-controls={listed ? listId : undefined}
                    onClick={() => toggleList(group.type)}
                  >
                    {feeVersionTexts.versionsButton}
                  </Button>
                  {editing !== group.type && (
                    <Button
                      id={`modifier-frais-${group.type}`}
                      variant="secondary"
                      aria-label={t`Modifier les frais : ${typeLabel}`}
                      onClick={() => setEditing(group.type)}
                    >
                      <Trans>Modifier</Trans>
                    </Button>
                  )}
                </div>
              )}
            </div>
            {listed && (
              <FeeVersionsList id={listId} type={group.type} label={transactionTypeLabels[group.type]} />
            )}
            {editing === group.type ? (
              <FeeEditor
                group={group}
                onDone={() => {
                  setEditing(null);
                  // The editor replaced the button that opened it: the keyboard goes back there.
                  requestAnimationFrame(() =>
                    document.getElementById(`modifier-frais-${group.type}`)?.focus(),
                  );
                }}
              />
            ) : (
              <FeeRowsTable rows={group.rows} caption={t`Frais : ${typeLabel}`} />
            )}
            {group.coming.map((version) => (
              <ComingVersion
                key={version.number}
                type={group.type}
                label={transactionTypeLabels[group.type]}
                version={version}
                canEdit={canEdit}
              />
            ))}
          </section>
        );
      })}
    </section>
  );
}

import { useState } from 'react';
import { can, formatHtg, transactionFailureMessages, type FeeType } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { FetchedAt } from '../../components/pending/FetchedAt';
import { Button } from '../../components/Button';
import { tableClasses } from '../../components/responsive-table';
import { errorMessage } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { useFees } from './api/get-fees';
import { FeeEditor } from './FeeEditor';

/**
 * /fees-list (SPEC §2 "Tableau des Frais"): the fee schedule, one table per type, in HTG. The super
 * administrator edits a type's bands in place (`fees.edit`).
 */
export default function FeesPage() {
  const { user } = useSession();
  const fees = useFees();
  const [editing, setEditing] = useState<FeeType | null>(null);
  const canEdit = can(user, 'fees.edit');

  return (
    <section className="mx-auto w-full max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Tableau des frais</h1>
        <p className="mt-1 text-sm text-slate-700">Frais par tranche de montant, bornes comprises, en HTG.</p>
      </header>
      {fees.isPending && (
        <p role="status" className="text-slate-600">
          Chargement des frais...
        </p>
      )}
      <FetchedAt updatedAt={fees.dataUpdatedAt} />
      {fees.isError && !fees.data && <Alert type="danger">{errorMessage(fees.error, transactionFailureMessages.fees)}</Alert>}
      {fees.data?.map((group) => {
        const headingId = `frais-${group.type}`;
        return (
          <section key={group.type} aria-labelledby={headingId} className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id={headingId} className="text-lg font-semibold text-slate-900">
                {group.label}
              </h2>
              {canEdit && editing !== group.type && (
                <Button
                  id={`modifier-frais-${group.type}`}
                  variant="secondary"
                  aria-label={`Modifier les frais : ${group.label}`}
                  onClick={() => setEditing(group.type)}
                >
                  Modifier
                </Button>
              )}
            </div>
            {editing === group.type ? (
              <FeeEditor
                group={group}
                onDone={() => {
                  setEditing(null);
                  // The editor replaced the button that opened it: the keyboard goes back there.
                  requestAnimationFrame(() => document.getElementById(`modifier-frais-${group.type}`)?.focus());
                }}
              />
            ) : group.rows.length === 0 ? (
              <p className="rounded-md border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">Aucune tranche.</p>
            ) : (
              <div className={tableClasses.box}>
                <table className={tableClasses.table}>
                  <caption className="sr-only">Frais : {group.label}</caption>
                  <thead className={tableClasses.head}>
                    <tr>
                      <th scope="col" className={`${tableClasses.th} text-right`}>Montant minimum</th>
                      <th scope="col" className={`${tableClasses.th} text-right`}>Montant maximum</th>
                      <th scope="col" className={`${tableClasses.th} text-right`}>Frais</th>
                      <th scope="col" className={`${tableClasses.th} text-right`}>Part de l&apos;agent</th>
                    </tr>
                  </thead>
                  <tbody className={tableClasses.body}>
                    {group.rows.map((row) => (
                      <tr key={`${row.min_amount}-${row.max_amount}`} className={tableClasses.row}>
                        <td data-label="Montant minimum" className={`${tableClasses.td} text-right whitespace-nowrap`}>
                          {formatHtg(row.min_amount)}
                        </td>
                        <td data-label="Montant maximum" className={`${tableClasses.td} text-right whitespace-nowrap`}>
                          {formatHtg(row.max_amount)}
                        </td>
                        <td data-label="Frais" className={`${tableClasses.td} text-right whitespace-nowrap`}>
                          {formatHtg(row.fee)}
                        </td>
                        <td data-label="Part de l'agent" className={`${tableClasses.td} text-right whitespace-nowrap`}>
                          {formatHtg(row.agent_share)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
    </section>
  );
}

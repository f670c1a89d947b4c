import { useSearchParams } from 'react-router';
import { formatDateTimeFr } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PageLoading } from '../../components/PageLoading';
import { Pagination } from '../../components/Pagination';
import { tableClasses } from '../../components/responsive-table';
import { auditActionLabel } from './action-labels';
import { AUDIT_PER_PAGE, useAuditQuery } from './api/get-audit';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /audit: who did what, when and from where (DESIGN §7), for the super administrator. */
export default function AuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const query = useAuditQuery(page);
  const entries = query.data?.data ?? [];

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Journal d'audit</h1>
        <p className="mt-1 text-sm text-slate-600">
          Chaque écriture et chaque événement de connexion, du plus récent au plus ancien. Heures de Port-au-Prince.
        </p>
      </header>

      {query.isPending ? (
        <PageLoading label="Chargement du journal..." />
      ) : query.isError ? (
        <Alert type="danger" title="Le journal d'audit n'a pas pu être chargé.">
          <Button variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            Réessayer
          </Button>
        </Alert>
      ) : entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          Le journal est vide.
        </p>
      ) : (
        <div className="space-y-4" aria-busy={query.isFetching || undefined}>
          <div className={tableClasses.box}>
            <table className={tableClasses.table}>
              <caption className="sr-only">Journal d'audit</caption>
              <thead className={tableClasses.head}>
                <tr>
                  <th scope="col" className={tableClasses.th}>Date et heure</th>
                  <th scope="col" className={tableClasses.th}>Utilisateur</th>
                  <th scope="col" className={tableClasses.th}>Action</th>
                  <th scope="col" className={tableClasses.th}>Cible</th>
                  <th scope="col" className={tableClasses.th}>Adresse</th>
                </tr>
              </thead>
              <tbody className={tableClasses.body}>
                {entries.map((entry) => {
                  const label = auditActionLabel(entry.action);
                  return (
                    <tr key={entry.id} className={tableClasses.row}>
                      <td data-label="Date et heure" className={`${tableClasses.td} whitespace-nowrap tabular-nums`}>
                        <time dateTime={entry.at}>{formatDateTimeFr(entry.at)}</time>
                      </td>
                      <td data-label="Utilisateur" className={tableClasses.td}>
                        {entry.actorUsername ?? <span className="text-slate-500">Anonyme</span>}
                      </td>
                      <td data-label="Action" className={tableClasses.td}>
                        {label ?? <code className="text-xs">{entry.action}</code>}
                        {label && <code className="ml-2 text-xs text-slate-500 max-md:hidden">{entry.action}</code>}
                      </td>
                      <td data-label="Cible" className={`${tableClasses.td} break-all`}>
                        {entry.target ?? '—'}
                      </td>
                      <td data-label="Adresse" className={tableClasses.td}>
                        <span className="font-mono text-xs">{entry.ip ?? '—'}</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination
            page={query.data?.meta.page ?? page}
            perPage={query.data?.meta.per_page ?? AUDIT_PER_PAGE}
            total={query.data?.meta.total ?? 0}
            busy={query.isPlaceholderData}
            onPageChange={(next) => setSearchParams(next > 1 ? { page: String(next) } : {})}
            label="Pages du journal"
          />
        </div>
      )}
    </div>
  );
}

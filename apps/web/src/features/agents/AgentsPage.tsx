import { useId, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { agentTypeLabels, can, formatHtg } from '@lajan/domain';
import { Button, buttonClasses } from '../../components/Button';
import { PagedTable, pageFromParam } from '../../components/paged-table/PagedTable';
import { tableClasses } from '../../components/responsive-table';
import { textLinkClasses } from '../../components/text-link';
import { useSession } from '../../lib/session-context';
import { AGENTS_PER_PAGE, useAgentsQuery } from './api/get-agents';
import { AgentStatusBadge } from './AgentStatusBadge';

/** /agents: the agent network with status and float balance, searchable and paged. */
export default function AgentsPage() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'));
  const q = searchParams.get('q') ?? '';
  const searchId = useId();
  const query = useAgentsQuery({ page, q });

  function go(next: { page?: number; q?: string }) {
    const params = new URLSearchParams();
    const nextQ = next.q ?? q;
    if (nextQ) params.set('q', nextQ);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    setSearchParams(params);
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = new FormData(event.currentTarget).get('q');
    go({ q: typeof term === 'string' ? term.trim() : '', page: 1 });
  }

  const agents = query.data?.data ?? [];
  const showBalance = agents.some((agent) => agent.balance !== null);

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Liste des agents</h1>
        {can(user, 'agents.manage') && (
          <Link to="/create-agent" className={buttonClasses('primary')}>
            Créer un agent
          </Link>
        )}
      </header>

      <form key={q} role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            Rechercher un agent
          </label>
          <input
            id={searchId}
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Code, nom, e-mail ou téléphone"
            className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-blue-700 sm:text-sm"
          />
        </div>
        <Button type="submit" variant="secondary">
          Rechercher
        </Button>
      </form>

      <PagedTable
        query={query}
        page={page}
        perPage={AGENTS_PER_PAGE}
        onPageChange={(next) => go({ page: next })}
        caption="Agents"
        loadingLabel="Chargement des agents..."
        errorTitle="La liste des agents n'a pas pu être chargée."
        emptyText={q ? `Aucun agent ne correspond à « ${q} ».` : 'Aucun agent pour le moment.'}
        paginationLabel="Pages des agents"
        columns={
          <>
            <th scope="col" className={tableClasses.th}>
              Code
            </th>
            <th scope="col" className={tableClasses.th}>
              Nom
            </th>
            <th scope="col" className={tableClasses.th}>
              Type
            </th>
            <th scope="col" className={tableClasses.th}>
              Statut
            </th>
            {showBalance && (
              <th scope="col" className={`${tableClasses.th} text-right`}>
                Solde
              </th>
            )}
          </>
        }
        renderRow={(agent) => (
          <tr key={agent.id} className={tableClasses.row}>
            <td data-label="Code" className={tableClasses.td}>
              <Link
                to={`/agents/${encodeURIComponent(agent.code)}`}
                className={`${textLinkClasses} font-mono`}
              >
                {agent.code}
              </Link>
            </td>
            <td data-label="Nom" className={`${tableClasses.td} font-medium`}>
              {agent.name}
            </td>
            <td data-label="Type" className={tableClasses.td}>
              {agentTypeLabels[agent.type]}
            </td>
            <td data-label="Statut" className={tableClasses.td}>
              <AgentStatusBadge status={agent.status} />
            </td>
            {showBalance && (
              <td
                data-label="Solde"
                className={`${tableClasses.td} text-right whitespace-nowrap tabular-nums`}
              >
                {agent.balance === null ? '' : formatHtg(agent.balance)}
              </td>
            )}
          </tr>
        )}
      />
    </div>
  );
}

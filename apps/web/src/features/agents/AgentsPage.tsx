import { Link } from 'react-router';
import { agentTypeLabels, can, formatHtg } from '@lajan/domain';
import { ListHeader, ListSearchForm } from '../../components/paged-table/ListControls';
import { PagedTable } from '../../components/paged-table/PagedTable';
import { useListParams } from '../../components/paged-table/use-list-params';
import { tableClasses } from '../../components/responsive-table';
import { textLinkClasses } from '../../components/text-link';
import { useSession } from '../../lib/session-context';
import { AGENTS_PER_PAGE, useAgentsQuery } from './api/get-agents';
import { AgentStatusBadge } from './AgentStatusBadge';

/** /agents: the agent network with status and float balance, searchable and paged. */
export default function AgentsPage() {
  const { user } = useSession();
  const { page, q, go } = useListParams();
  const query = useAgentsQuery({ page, q });

  const agents = query.data?.data ?? [];
  const showBalance = agents.some((agent) => agent.balance !== null);

  return (
    <div className="space-y-6">
      <ListHeader
        title="Liste des agents"
        createLink={can(user, 'agents.manage') ? { label: 'Créer un agent', to: '/create-agent' } : undefined}
      />

      <ListSearchForm
        key={q}
        label="Rechercher un agent"
        placeholder="Code, nom, e-mail ou téléphone"
        value={q}
        onSearch={(term) => go({ q: term, page: 1 })}
        className="sm:max-w-md"
      />

      <PagedTable
        query={query}
        page={page}
        perPage={AGENTS_PER_PAGE}
        onPageChange={(next) => go({ page: next })}
        caption="Agents"
        loadingLabel="Chargement des agents..."
        errorTitle="La liste des agents n'a pas pu être chargée."
        emptyText={q ? `Aucun agent ne correspond à «\u00a0${q}\u00a0».` : 'Aucun agent pour le moment.'}
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

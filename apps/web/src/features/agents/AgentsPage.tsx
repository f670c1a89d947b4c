import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
        title={t`Liste des agents`}
        createLink={
          can(user, 'agents.manage') ? { label: t`Créer un agent`, to: '/create-agent' } : undefined
        }
      />

      <ListSearchForm
        key={q}
        label={t`Rechercher un agent`}
        placeholder={t`Code, nom, e-mail ou téléphone`}
        value={q}
        onSearch={(term) => go({ q: term, page: 1 })}
        className="sm:max-w-md"
      />

      <PagedTable
        query={query}
        page={page}
        perPage={AGENTS_PER_PAGE}
        onPageChange={(next) => go({ page: next })}
        caption={t`Agents`}
        loadingLabel={t`Chargement des agents...`}
        errorTitle={t`La liste des agents n'a pas pu être chargée.`}
        emptyText={q ? t`Aucun agent ne correspond à «\u00a0${q}\u00a0».` : t`Aucun agent pour le moment.`}
        paginationLabel={t`Pages des agents`}
        columns={
          <>
            <th scope="col" className={tableClasses.th}>
              <Trans>Code</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Nom</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Type</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Statut</Trans>
            </th>
            {showBalance && (
              <th scope="col" className={`${tableClasses.th} text-right`}>
                <Trans>Solde</Trans>
              </th>
            )}
          </>
        }
        renderRow={(agent) => (
          <tr key={agent.id} className={tableClasses.row}>
            <td data-label={t`Code`} className={tableClasses.td}>
              <Link
                to={`/agents/${encodeURIComponent(agent.code)}`}
                className={`${textLinkClasses} font-mono`}
              >
                {agent.code}
              </Link>
            </td>
            <td data-label={t`Nom`} className={`${tableClasses.td} font-medium`}>
              {agent.name}
            </td>
            <td data-label={t`Type`} className={tableClasses.td}>
              {agentTypeLabels[agent.type]}
            </td>
            <td data-label={t`Statut`} className={tableClasses.td}>
              <AgentStatusBadge status={agent.status} />
            </td>
            {showBalance && (
              <td
                data-label={t`Solde`}
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

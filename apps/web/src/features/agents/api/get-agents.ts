import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  agentFailureMessages,
  agentSchema,
  DEFAULT_PER_PAGE,
  listResponseSchema,
  type Agent,
  type ListPage,
} from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { moneyQueryKeys } from '../../../lib/query-keys';

export const AGENTS_PER_PAGE = DEFAULT_PER_PAGE;

export interface AgentListParams {
  page: number;
  q?: string;
}

const agentListSchema = listResponseSchema(agentSchema);

/** `GET /agents?page&per_page&q`: every agent for the super administrator, one's own agent for the others. */
export async function getAgents(http: HttpClient, { page, q }: AgentListParams): Promise<ListPage<Agent>> {
  const answer = await http.get<unknown>('/agents', {
    query: { page, per_page: AGENTS_PER_PAGE, q: q || undefined },
    envelope: true,
  });
  return agentListSchema.parse(answer);
}

export function agentsQueryOptions(http: HttpClient, params: AgentListParams) {
  return queryOptions({
    queryKey: moneyQueryKeys.agentList(params),
    queryFn: () => getAgents(http, params),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    meta: { errorFallback: agentFailureMessages.list },
  });
}

export function useAgentsQuery(params: AgentListParams) {
  const http = useHttp();
  return useQuery(agentsQueryOptions(http, params));
}

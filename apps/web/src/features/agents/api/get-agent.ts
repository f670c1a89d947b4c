import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentSchema, type Agent } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { moneyQueryKeys } from '../../../lib/query-keys';

/** `GET /agents/{code}`: the agent with its owners, float account and balance. */
export async function getAgent(http: HttpClient, code: string): Promise<Agent> {
  return agentSchema.parse(await http.get<unknown>(`/agents/${encodeURIComponent(code)}`));
}

export const agentQueryKey = moneyQueryKeys.agentDetail;

export function agentQueryOptions(http: HttpClient, code: string) {
  return queryOptions({
    queryKey: agentQueryKey(code),
    queryFn: () => getAgent(http, code),
    // The page says "not found" itself, with a way back.
    meta: { errorToast: false },
  });
}

export function useAgentQuery(code: string) {
  const http = useHttp();
  return useQuery(agentQueryOptions(http, code));
}

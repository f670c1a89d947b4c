import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { agentQueryKey } from './get-agent';
import type { Agent } from './types';

/** What the super administrator may do to an agent (SPEC §7 "Agents"). */
export type AgentAction = 'suspend' | 'activate' | 'delete';

/** SPEC §8's success messages. */
export const agentActionSuccess: Record<AgentAction, string> = {
  suspend: 'Agent suspended successfully',
  activate: 'Agent activated successfully',
  delete: 'Agent deleted successfully',
};

/**
 * `POST /agents/{code}/suspend`, `POST /agents/{code}/activate`, `DELETE /agents/{code}`: each answers
 * the agent as it now is (a deleted agent stays, inactive).
 */
export function runAgentAction(http: HttpClient, code: string, action: AgentAction): Promise<Agent> {
  const path = `/agents/${encodeURIComponent(code)}`;
  if (action === 'delete') return http.delete<Agent>(path);
  return http.post<Agent>(`${path}/${action}`);
}

export function useAgentActionMutation(code: string) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AgentAction) => runAgentAction(http, code, action),
    onSuccess: async (agent) => {
      queryClient.setQueryData(agentQueryKey(code), agent);
      await queryClient.invalidateQueries({ queryKey: ['agents', 'list'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentFailureMessages, agentMessages, agentSchema, type Agent } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { agentQueryKey } from './get-agent';

/** What the super administrator may do to an agent. */
export type AgentAction = 'suspend' | 'activate' | 'delete';

/** SPEC §8's success messages, read when shown (decision 236). */
export const agentActionSuccess: Record<AgentAction, string> = {
  get suspend() {
    return agentMessages.suspended;
  },
  get activate() {
    return agentMessages.activated;
  },
  get delete() {
    return agentMessages.deleted;
  },
};

/**
 * `POST /agents/{code}/suspend`, `POST /agents/{code}/activate`, `DELETE /agents/{code}`: each answers
 * the agent as it now is (a deleted agent stays, inactive).
 */
export async function runAgentAction(http: HttpClient, code: string, action: AgentAction): Promise<Agent> {
  const path = `/agents/${encodeURIComponent(code)}`;
  const answer = action === 'delete' ? await http.delete<unknown>(path) : await http.post<unknown>(`${path}/${action}`);
  return agentSchema.parse(answer);
}

export function useAgentActionMutation(code: string) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AgentAction) => runAgentAction(http, code, action),
    meta: { errorFallback: agentFailureMessages.action },
    onSuccess: async (agent) => {
      queryClient.setQueryData(agentQueryKey(code), agent);
      await queryClient.invalidateQueries({ queryKey: ['agents', 'list'] });
    },
  });
}

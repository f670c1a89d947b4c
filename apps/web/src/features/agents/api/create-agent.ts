import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentSchema, type Agent, type CreateAgentInput } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { personQueryKeys } from '../../../components/persons/api';

/**
 * `POST /agents`: the agent, its float account and its first user (an administrator, whose temporary
 * password is mailed to the first owner).
 */
export async function createAgent(http: HttpClient, input: CreateAgentInput): Promise<Agent> {
  return agentSchema.parse(await http.post<unknown>('/agents', input));
}

export function useCreateAgentMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAgentInput) => createAgent(http, input),
    // Its owners now own an agent and the first one has a user: their `hasUser` and `canDelete` change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['agents', 'list'] }),
        queryClient.invalidateQueries({ queryKey: personQueryKeys.all }),
      ]),
  });
}

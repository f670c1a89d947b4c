import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAgentInput } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import type { Agent } from './types';

/**
 * `POST /agents`: the agent, its float account and its first user (an administrator, whose temporary
 * password is mailed to the first owner).
 */
export function createAgent(http: HttpClient, input: CreateAgentInput): Promise<Agent> {
  return http.post<Agent>('/agents', input);
}

export function useCreateAgentMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAgentInput) => createAgent(http, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['agents', 'list'] }),
  });
}

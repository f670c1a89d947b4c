import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import type { AgentUser, ListPage } from './types';

/** An agent rarely has more users than this; the users list pages through the rest. */
export const AGENT_USERS_SHOWN = 50;

/** `GET /users?agentCode=…`: the users of one agent, for its details page. */
export function getAgentUsers(http: HttpClient, code: string): Promise<ListPage<AgentUser>> {
  return http.get<ListPage<AgentUser>>('/users', {
    query: { agentCode: code, page: 1, per_page: AGENT_USERS_SHOWN },
    envelope: true,
  });
}

export function useAgentUsersQuery(code: string, enabled: boolean) {
  const http = useHttp();
  return useQuery(
    queryOptions({
      queryKey: ['users', 'list', { agentCode: code }],
      queryFn: () => getAgentUsers(http, code),
      enabled,
      meta: { errorFallback: 'Failed to fetch users' },
    }),
  );
}

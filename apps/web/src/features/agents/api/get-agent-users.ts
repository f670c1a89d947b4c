import { queryOptions, useQuery } from '@tanstack/react-query';
import { listResponseSchema, userFailureMessages, userSchema, type ListPage, type User } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

/** An agent rarely has more users than this; the users list pages through the rest. */
export const AGENT_USERS_SHOWN = 50;

const userListSchema = listResponseSchema(userSchema);

/** `GET /users?agentCode=…`: the users of one agent, for its details page. */
export async function getAgentUsers(http: HttpClient, code: string): Promise<ListPage<User>> {
  const answer = await http.get<unknown>('/users', {
    query: { agentCode: code, page: 1, per_page: AGENT_USERS_SHOWN },
    envelope: true,
  });
  return userListSchema.parse(answer);
}

export function useAgentUsersQuery(code: string, enabled: boolean) {
  const http = useHttp();
  return useQuery(
    queryOptions({
      queryKey: ['users', 'list', { agentCode: code }],
      queryFn: () => getAgentUsers(http, code),
      enabled,
      meta: { errorFallback: userFailureMessages.list },
    }),
  );
}

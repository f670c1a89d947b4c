import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

/** `GET /users/{usernameOrId}` (ids are UUIDs, so the two never collide). */
export async function getUser(http: HttpClient, usernameOrId: string): Promise<User> {
  return userSchema.parse(await http.get<unknown>(`/users/${encodeURIComponent(usernameOrId)}`));
}

export const userQueryKey = (usernameOrId: string) => ['users', 'detail', usernameOrId] as const;

export function userQueryOptions(http: HttpClient, usernameOrId: string) {
  return queryOptions({
    queryKey: userQueryKey(usernameOrId),
    queryFn: () => getUser(http, usernameOrId),
    // The page says "not found" itself.
    meta: { errorToast: false },
  });
}

export function useUserQuery(usernameOrId: string) {
  const http = useHttp();
  return useQuery(userQueryOptions(http, usernameOrId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

/** `GET /users/{id}` of the signed-in user: the user with the fields of its person. */
export async function getProfile(http: HttpClient, id: string): Promise<User> {
  return userSchema.parse(await http.get<unknown>(`/users/${encodeURIComponent(id)}`));
}

export function useProfileQuery(id: string) {
  const http = useHttp();
  return useQuery(
    queryOptions({
      // The users feature caches the same answer under this key.
      queryKey: ['users', 'detail', id],
      queryFn: () => getProfile(http, id),
      meta: { errorToast: false },
    }),
  );
}

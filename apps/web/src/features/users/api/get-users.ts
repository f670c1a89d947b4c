import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_PER_PAGE,
  listResponseSchema,
  userFailureMessages,
  userSchema,
  type ListPage,
  type Role,
  type User,
} from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

export const USERS_PER_PAGE = DEFAULT_PER_PAGE;

export interface UserListParams {
  page: number;
  role?: Role;
  q?: string;
}

/** `GET /users?page&per_page&role&q`: all users for the super administrator, one's own agent's for the others. */
const userListSchema = listResponseSchema(userSchema);

export async function getUsers(http: HttpClient, { page, role, q }: UserListParams): Promise<ListPage<User>> {
  const answer = await http.get<unknown>('/users', {
    query: { page, per_page: USERS_PER_PAGE, role, q: q || undefined },
    envelope: true,
  });
  return userListSchema.parse(answer);
}

export function usersQueryOptions(http: HttpClient, params: UserListParams) {
  return queryOptions({
    queryKey: ['users', 'list', params],
    queryFn: () => getUsers(http, params),
    placeholderData: keepPreviousData,
    meta: { errorFallback: userFailureMessages.list },
  });
}

export function useUsersQuery(params: UserListParams) {
  const http = useHttp();
  return useQuery(usersQueryOptions(http, params));
}

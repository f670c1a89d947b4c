import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { userQueryKey } from './get-user';
import type { User } from './types';

/** `PUT /users/{id}`: the contact fields of the user's person, nothing else (DESIGN §4). */
export function updateUser(http: HttpClient, id: string, input: UpdateUserInput): Promise<User> {
  return http.put<User>(`/users/${encodeURIComponent(id)}`, input);
}

export function useUpdateUserMutation(user: Pick<User, 'id' | 'username'>) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateUser(http, user.id, input),
    meta: { errorFallback: 'Failed to update user' },
    onSuccess: async (updated) => {
      queryClient.setQueryData(userQueryKey(user.username), updated);
      queryClient.setQueryData(userQueryKey(user.id), updated);
      await queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}

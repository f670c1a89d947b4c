import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userFailureMessages, userSchema, type UpdateUserInput, type User } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { userQueryKey } from './get-user';

/** `PUT /users/{id}`: the contact fields of the user's person, nothing else. */
export async function updateUser(http: HttpClient, id: string, input: UpdateUserInput): Promise<User> {
  return userSchema.parse(await http.put<unknown>(`/users/${encodeURIComponent(id)}`, input));
}

export function useUpdateUserMutation(user: Pick<User, 'id' | 'username'>) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => updateUser(http, user.id, input),
    meta: { errorFallback: userFailureMessages.update },
    onSuccess: async (updated) => {
      queryClient.setQueryData(userQueryKey(user.username), updated);
      queryClient.setQueryData(userQueryKey(user.id), updated);
      await queryClient.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userFailureMessages, userSchema, type User } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { personQueryKeys } from '../../../components/persons/api';

/** `DELETE /users/{username}`: the user is disabled and its sessions end; never oneself. */
export async function deleteUser(http: HttpClient, username: string): Promise<User> {
  return userSchema.parse(await http.delete<unknown>(`/users/${encodeURIComponent(username)}`));
}

export function useDeleteUserMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => deleteUser(http, username),
    meta: { errorFallback: userFailureMessages.delete },
    // Its person has no user any more: its `hasUser` changes (decision 214).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: personQueryKeys.all }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import type { User } from './types';

/** `DELETE /users/{username}`: the user is disabled and its sessions end; never oneself. */
export function deleteUser(http: HttpClient, username: string): Promise<User> {
  return http.delete<User>(`/users/${encodeURIComponent(username)}`);
}

export function useDeleteUserMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => deleteUser(http, username),
    meta: { errorFallback: 'Failed to delete user' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

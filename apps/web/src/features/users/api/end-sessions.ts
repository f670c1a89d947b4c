import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userFailureMessages, userSchema, type User } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

/** `POST /users/{username}/end-sessions`: every session of the user ends; the user stays active. */
export async function endUserSessions(http: HttpClient, username: string): Promise<User> {
  return userSchema.parse(await http.post<unknown>(`/users/${encodeURIComponent(username)}/end-sessions`));
}

export function useEndSessionsMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => endUserSessions(http, username),
    meta: { errorFallback: userFailureMessages.endSessions },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

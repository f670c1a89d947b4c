import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type CreateUserInput, type User } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

/** `POST /users` `{ role, username, personId }`: the temporary password is mailed to the person. */
export async function createUser(http: HttpClient, input: CreateUserInput): Promise<User> {
  return userSchema.parse(await http.post<unknown>('/users', input));
}

export function useCreateUserMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => createUser(http, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
  });
}

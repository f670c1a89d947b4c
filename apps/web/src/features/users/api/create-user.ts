import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInput } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import type { User } from './types';

/** `POST /users` `{ role, username, personId }`: the temporary password is mailed to the person. */
export function createUser(http: HttpClient, input: CreateUserInput): Promise<User> {
  return http.post<User>('/users', input);
}

export function useCreateUserMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => createUser(http, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
  });
}

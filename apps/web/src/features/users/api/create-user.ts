import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema, type CreateUserInput, type User } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { personQueryKeys } from '../../../components/persons/api';

/** `POST /users` `{ role, username, personId }`: the temporary password is mailed to the person. */
export async function createUser(http: HttpClient, input: CreateUserInput): Promise<User> {
  return userSchema.parse(await http.post<unknown>('/users', input));
}

export function useCreateUserMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => createUser(http, input),
    // The person now has a user: its `hasUser` and `canDelete` change (decision 214).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users', 'list'] }),
        queryClient.invalidateQueries({ queryKey: personQueryKeys.all }),
      ]),
  });
}

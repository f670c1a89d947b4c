import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountSchema, type Account, type CreateAccountInput } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

/** `POST /accounts` → 201 `{ data: account }`, active, held by the given persons (the first is principal). */
export async function createAccount(http: HttpClient, input: CreateAccountInput): Promise<Account> {
  const answer = await http.post<unknown>('/accounts', input);
  return accountSchema.parse(answer);
}

export function useCreateAccountMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAccountInput) => createAccount(http, input),
    // A new account changes the agent's lists, and its holders become the agent's customers, whose files
    // it now reads whole (decision 111): the persons and accounts read before are out of date.
    onSuccess: () => queryClient.invalidateQueries(),
    // The wizard shows the failure above its buttons, and the refused fields on their step.
    meta: { errorToast: false },
  });
}

import { useMutation } from '@tanstack/react-query';
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
  return useMutation({
    mutationFn: (input: CreateAccountInput) => createAccount(http, input),
    // The wizard shows the failure above its buttons, and the refused fields on their step.
    meta: { errorToast: false },
  });
}

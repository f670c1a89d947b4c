import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountFailureMessages,
  accountSchema,
  DEFAULT_PER_PAGE,
  listResponseSchema,
  personSchema,
  type Account,
  type ListPage,
  type Person,
} from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

export const ACCOUNT_REQUESTS_PER_PAGE = DEFAULT_PER_PAGE;

const accountPageSchema = listResponseSchema(accountSchema);
export type AccountPage = ListPage<Account>;

export const accountRequestKeys = {
  all: ['accounts', 'requests'] as const,
  page: (page: number) => ['accounts', 'requests', page] as const,
  person: (id: string) => ['persons', 'detail', id] as const,
};

/** `GET /accounts?status=pending`: the public requests waiting for a teller. */
export async function getPendingAccounts(
  http: HttpClient,
  page: number,
  signal?: AbortSignal,
): Promise<AccountPage> {
  const body = await http.get<unknown>('/accounts', {
    query: { status: 'pending', page, per_page: ACCOUNT_REQUESTS_PER_PAGE },
    envelope: true,
    signal,
  });
  return accountPageSchema.parse(body);
}

export function usePendingAccountsQuery(page: number) {
  const http = useHttp();
  return useQuery({
    queryKey: accountRequestKeys.page(page),
    queryFn: ({ signal }) => getPendingAccounts(http, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorFallback: accountFailureMessages.list },
  });
}

/** `GET /persons/{id}`: the whole file of a holder, to check against the document at the counter. */
export async function getPerson(http: HttpClient, id: string, signal?: AbortSignal): Promise<Person> {
  const answer = await http.get<unknown>(`/persons/${encodeURIComponent(id)}`, { signal });
  return personSchema.parse(answer);
}

export function usePersonQuery(id: string, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: accountRequestKeys.person(id),
    queryFn: ({ signal }) => getPerson(http, id, signal),
    enabled,
    throwOnError: false,
    meta: { errorToast: false },
  });
}

/** `POST /accounts/{id}/activate`: the request becomes an active account of the teller's agent. */
export async function activateAccount(http: HttpClient, id: string): Promise<Account> {
  return accountSchema.parse(await http.post<unknown>(`/accounts/${encodeURIComponent(id)}/activate`));
}

/** `POST /accounts/{id}/reject` `{ reason }`: the request is closed with its reason. */
export async function rejectAccount(http: HttpClient, id: string, reason: string): Promise<Account> {
  return accountSchema.parse(
    await http.post<unknown>(`/accounts/${encodeURIComponent(id)}/reject`, { reason }),
  );
}

export function useActivateAccountMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => activateAccount(http, id),
    // The dialog shows the failure where the teller is looking.
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountRequestKeys.all }),
  });
}

export function useRejectAccountMutation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectAccount(http, id, reason),
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountRequestKeys.all }),
  });
}

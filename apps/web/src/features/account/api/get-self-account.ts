import { useQuery } from '@tanstack/react-query';
import { floatAccountSchema } from '@lajan/domain';
import { z } from 'zod';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { moneyQueryKeys } from '../../../lib/query-keys';

/** The server's own declaration of this answer: a float account has `type: null` (decision 130). */
const selfAccountSchema = z.object({ account: floatAccountSchema });

/** `GET /accounts/self`: `{ data: { account } }`, the float account of the signed-in person's agent. */
export async function getSelfAccount(http: HttpClient, signal?: AbortSignal) {
  const answer = await http.get<unknown>('/accounts/self', { signal });
  return selfAccountSchema.parse(answer).account;
}

export const selfAccountQueryKey = moneyQueryKeys.selfAccount;

export function useSelfAccount() {
  const http = useHttp();
  return useQuery({
    queryKey: selfAccountQueryKey,
    queryFn: ({ signal }) => getSelfAccount(http, signal),
    meta: { errorToast: false },
  });
}

import { useMutation } from '@tanstack/react-query';
import {
  agentSchema,
  transactionSearchResponseSchema,
  type Agent,
  type PayoutLookup,
  type Transaction,
} from '@lajan/domain';
import { isHttpError, type HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';

/**
 * `POST /transactions/search`: a pending external transfer's pay-out look-up, another transaction of
 * one's agent whole, or null when there is none (404 "Transaction introuvable").
 */
export async function searchTransaction(
  http: HttpClient,
  transactionNumber: string,
): Promise<PayoutLookup | Transaction | null> {
  try {
    const answer = await http.post<unknown>('/transactions/search', { transactionNumber });
    return transactionSearchResponseSchema.shape.data.parse(answer).transaction;
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
}

/** `POST /agents/search`: the agent of this code, or null (404). */
export async function searchAgent(http: HttpClient, code: string): Promise<Agent | null> {
  try {
    const answer = await http.post<{ agent: unknown }>('/agents/search', { code });
    return agentSchema.parse(answer.agent);
  } catch (error) {
    if (isHttpError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The look-ups of a wizard's first step, run when the teller presses Rechercher; failures shown in the step. */
export function useTransactionSearch() {
  const http = useHttp();
  return useMutation({
    mutationFn: (number: string) => searchTransaction(http, number),
    meta: { errorToast: false },
  });
}

export function useAgentSearch() {
  const http = useHttp();
  return useMutation({ mutationFn: (code: string) => searchAgent(http, code), meta: { errorToast: false } });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  transactionSchema,
  transferExpiryMessages,
  transfersToRefundResponseSchema,
  type refundExpiredBodySchema,
} from '@lajan/domain';
import type { z } from 'zod';
import { useHttp } from '../../../lib/http-context';
import { refreshMoneyViews } from '../../../lib/query-keys';

export const toRefundKey = ['transactions', 'to-refund'] as const;

/** `GET /transactions/to-refund`: the agent's expired transfers owed to their senders (decision 225). */
export function useTransfersToRefund() {
  const http = useHttp();
  return useQuery({
    queryKey: toRefundKey,
    queryFn: async ({ signal }) =>
      transfersToRefundResponseSchema.shape.data.parse(
        await http.get<unknown>('/transactions/to-refund', { query: { per_page: '100' }, signal }),
      ),
    staleTime: 0,
    meta: { errorFallback: transferExpiryMessages.loadFailed },
  });
}

/** `POST /transactions/{transactionNumber}/refund`, one `Idempotency-Key` per confirmation dialog. */
export function useRefundExpired() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      transactionNumber: string;
      key: string;
      body: z.output<typeof refundExpiredBodySchema>;
    }) =>
      transactionSchema.parse(
        await http.post<unknown>(
          `/transactions/${encodeURIComponent(input.transactionNumber)}/refund`,
          input.body,
          { headers: { [IDEMPOTENCY_HEADER]: input.key }, redirectOnForbidden: false },
        ),
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: toRefundKey });
      // The cash left the drawer and "to pay out" paid the float: the same screens as a cancellation.
      refreshMoneyViews(client, ['float', 'dashboard', 'history', 'agents']);
    },
  });
}

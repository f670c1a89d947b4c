import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  agentDepositInputSchema,
  depositInputSchema,
  externalTransferInputSchema,
  receiveTransferInputSchema,
  transferInputSchema,
  withdrawInputSchema,
} from '@lajan/domain';
import { transactionSchema, type Transaction } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { IDEMPOTENCY_HEADER, useIdempotencyKeys } from './idempotency';

/**
 * The money-moving calls of SPEC §7 (docs/contract-ledger.md), each with the body it takes: what the
 * form's schema gives (trimmed, typed), the same schema the server checks.
 */
export interface OperationBodies {
  deposit: z.output<typeof depositInputSchema>;
  withdrawal: z.output<typeof withdrawInputSchema>;
  transfer: z.output<typeof transferInputSchema>;
  externalTransfer: z.output<typeof externalTransferInputSchema>;
  receive: z.output<typeof receiveTransferInputSchema>;
  agentDeposit: z.output<typeof agentDepositInputSchema>;
}
export type Operation = keyof OperationBodies;

const operationPaths: Record<Operation, string> = {
  deposit: '/transactions/deposit',
  withdrawal: '/transactions/withdraw',
  transfer: '/transactions/transfer',
  externalTransfer: '/transactions/transfer-extern',
  receive: '/transactions/receive-transfer',
  agentDeposit: '/agents/deposit',
};

/**
 * Posts one operation with its idempotency key. A 403 here is a refusal with a message (the person at
 * the counter is not a holder of the account), shown on the screen rather than sent to /403.
 */
export async function postOperation<O extends Operation>(
  http: HttpClient,
  operation: O,
  body: OperationBodies[O],
  idempotencyKey: string,
): Promise<Transaction> {
  const answer = await http.post<unknown>(operationPaths[operation], body, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    redirectOnForbidden: false,
  });
  const parsed = transactionSchema.safeParse(answer);
  // The money has moved (2xx): a field this client does not know must not turn it into a failure.
  return parsed.success ? parsed.data : (answer as Transaction);
}

/**
 * The confirmation of a wizard: posts once however often Enregistrer is pressed while the call runs,
 * reuses the key when the same confirmation is retried, and takes a fresh key after a success.
 * A failure is toasted (the server's message, or SPEC §8's English `fallback`) and thrown to the page,
 * which also keeps it beside the button.
 */
export function useMoneyOperation<O extends Operation>(operation: O, fallback: string) {
  const http = useHttp();
  const keys = useIdempotencyKeys();
  const posting = useRef(false);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: OperationBodies[O]; key: string }) =>
      postOperation(http, operation, body, key),
    meta: { errorFallback: fallback },
    // Money moved: every figure read before (the history, the balances, a float, the chart, the audit
    // trail) is out of date. Marking them all stale refetches what the next screen shows, at once,
    // rather than up to 30 s later; what no screen shows is only marked.
    onSuccess: () => queryClient.invalidateQueries(),
  });

  /** The posted transaction, or null when a confirmation is already on its way (a double click). */
  async function confirm(body: OperationBodies[O]): Promise<Transaction | null> {
    if (posting.current) return null;
    posting.current = true;
    try {
      const transaction = await mutation.mutateAsync({ body, key: keys.keyFor(body) });
      keys.reset();
      return transaction;
    } finally {
      posting.current = false;
    }
  }

  return { confirm, isPending: mutation.isPending };
}

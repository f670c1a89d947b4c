import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  IDEMPOTENCY_HEADER,
  pendingOperationSummary,
  pendingOperationTrace,
  transactionSchema,
  type Transaction,
} from '@lajan/domain';
import { useToasts } from '../../../components/toasts/toast-context';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { refreshMoneyViews } from '../../../lib/query-keys';
import { usePendingActions } from '../../../lib/pending-actions';
import { hasNoAnswer } from '../../../lib/pending-operations';
import { useSession } from '../../../lib/session-context';
import type { MoneyFlow } from '../flows';
import { useIdempotencyKeys } from './idempotency';

/**
 * What a money flow posts: the input of its domain schema, as the form read it (the API speaks HTG),
 * never the schema's output; the server parses it with the same schema.
 */
export type FlowBody<Flow extends MoneyFlow> = z.input<Flow['schema']>;

/**
 * Posts one operation with its idempotency key. A 403 here is a refusal with a message (the person at
 * the counter is not a holder of the account), shown on the screen rather than sent to /403.
 */
export async function postOperation<Flow extends MoneyFlow>(
  http: HttpClient,
  flow: Flow,
  body: FlowBody<Flow>,
  idempotencyKey: string,
): Promise<Transaction> {
  const answer = await http.post<unknown>(flow.path, body, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    redirectOnForbidden: false,
  });
  const parsed = transactionSchema.safeParse(answer);
  // The money has moved (2xx): a field this client does not know must not turn it into a failure.
  return parsed.success ? parsed.data : (answer as Transaction);
}

/**
 * A wizard's confirmation: posts once however often Enregistrer is pressed, reuses the key when the same
 * confirmation is retried, takes a fresh one after a success (decision 080). A failure is toasted and thrown.
 */
export function useMoneyOperation<Flow extends MoneyFlow>(flow: Flow) {
  const http = useHttp();
  const keys = useIdempotencyKeys();
  const posting = useRef(false);
  // The key of the last confirmation that got no answer (held, decision 147), or null.
  const [heldKey, setHeldKey] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const held = useHeldSend(flow);
  const toasts = useToasts();
  const mutation = useMutation({
    mutationFn: ({ body, key }: { body: FlowBody<Flow>; key: string }) =>
      held(key, body, () => postOperation(http, flow, body, key)),
    // Unanswered, no toast: it is held, and said beside Enregistrer (decision 215).
    meta: { errorFallback: flow.failure, heldOperation: true },
    // Offline, the confirmation is held at once, and said so beside Enregistrer (decisions 147, 210), rather
    // than paused by the query client, « Enregistrement... » spinning until the link came back.
    networkMode: 'always',
    // Money moved: the screens the flow declares it touches are read again (on view) or dropped
    // (decision 146), before the way back shows the next screen.
    // A toast about an earlier try of the same operation (same key) is past: it is posted (decision 215).
    onSuccess: (_transaction, { key }) => {
      toasts.dismissAbout(key);
      refreshMoneyViews(queryClient, flow.touches);
    },
  });

  /**
   * The posted transaction, or null when a confirmation is already on its way. The key follows `checked`,
   * what the server makes of the body, so a retry where only spaces changed is answered rather than posted
   * again.
   */
  async function confirm(body: FlowBody<Flow>, checked: unknown = body): Promise<Transaction | null> {
    if (posting.current) return null;
    posting.current = true;
    const key = keys.keyFor(checked);
    try {
      const transaction = await mutation.mutateAsync({ body, key });
      keys.reset();
      setHeldKey(null);
      return transaction;
    } catch (error) {
      // No answer: the operation is held under this key, which the banner may settle (decision 196).
      setHeldKey(hasNoAnswer(error) ? key : null);
      throw error;
    } finally {
      posting.current = false;
    }
  }

  /** The banner settled the held confirmation: a new one takes a new key. */
  function forgetHeld() {
    keys.reset();
    setHeldKey(null);
  }

  return { confirm, isPending: mutation.isPending, heldKey, forgetHeld };
}

/**
 * Decision 147: the confirmation is written to the browser's durable storage before it is sent and
 * removed once the server answered; with no answer it stays held, shown on every screen until the
 * teller resends, checks or abandons it.
 */
function useHeldSend(flow: MoneyFlow) {
  const { send } = usePendingActions();
  const { user } = useSession();
  return <T>(key: string, body: unknown, post: () => Promise<T>): Promise<T> =>
    user
      ? send(
          {
            key,
            userId: user.id,
            path: flow.path,
            body,
            summary: pendingOperationSummary(flow.type, body),
            trace: pendingOperationTrace(flow.type, body),
            confirmedAt: new Date().toISOString(),
          },
          post,
        )
      : post();
}

import { useMemo, useSyncExternalStore } from 'react';
import {
  FEES_CHANGED_CODE,
  feeVersionTexts,
  IDEMPOTENCY_HEADER,
  pendingOperationMessages,
  type OperationFate,
  type Transaction,
} from '@lajan/domain';
import type { Connectivity } from './connectivity';
import { HttpError, isHttpError, type HttpClient } from './http';
import { useHttp } from './http-context';
import { usePendingContext } from './pending-context';
import { hasNoAnswer, mayResend, type PendingOperation, type PendingStore } from './pending-operations';

// The held operations' actions (decision 147, 151), out of pending-context.tsx: the sign-in page's first
// file holds the provider only (decision 239).

/** What became of a held operation once the teller acted on it. */
export type PendingOutcome =
  | { kind: 'posted'; transaction: Transaction }
  | { kind: 'abandoned' }
  | { kind: 'unknown' }
  | { kind: 'unreachable' }
  | { kind: 'refused'; message: string }
  /** Past the resend limit (or forgotten): not sent, to be looked for in the history (decision 151). */
  | { kind: 'tooOld' }
  /** Its data is sealed and this tab has not its user's key yet (decision 202): not sent. */
  | { kind: 'sealed' }
  /** "Tout renvoyer" stopped before it: the server stopped answering (decision 151). */
  | { kind: 'notSent' };

/** One operation of a "Tout renvoyer" and what became of it. */
export interface SendAllResult {
  operation: PendingOperation;
  outcome: PendingOutcome;
}

/** The code of the failure a confirmation answers when it is held without an answer. */
export const HELD_CODE = 'OPERATION_HELD';

/** A confirmation kept for later: the server did not answer, or is known to be unreachable. */
export function heldError(): HttpError {
  const message = pendingOperationMessages.heldWhileOffline;
  return new HttpError({ status: 0, code: HELD_CODE, message, serverMessage: message });
}

function outcomeOfFate(fate: OperationFate): PendingOutcome {
  return fate.state === 'posted' ? { kind: 'posted', transaction: fate.transaction } : { kind: 'abandoned' };
}

/**
 * What the banner says of a refusal. A held operation refused because the fees changed meanwhile (409
 * `FEES_CHANGED`, decision 150) is refused for good, like any refusal: it says the new fee and total (read
 * without a schema: the banner is on the sign-in page's path) and that the operation must be typed again.
 */
function refusalMessage(error: HttpError): string {
  if (error.code !== FEES_CHANGED_CODE) return error.message;
  const quote =
    typeof error.body === 'object' && error.body !== null
      ? (error.body as { quote?: { fee?: unknown; total?: unknown } }).quote
      : undefined;
  const fee = typeof quote?.fee === 'number' ? quote.fee : null;
  const total = typeof quote?.total === 'number' ? quote.total : null;
  return feeVersionTexts.heldRefused(fee, total);
}

function keyPath(key: string): string {
  return `/transactions/by-idempotency-key/${encodeURIComponent(key)}`;
}

/**
 * What became of each held operation settled by the banner (sent again, checked or abandoned), by key, for
 * the form that confirmed it: still on the screen, it says « Hors ligne : l'opération est gardée » until it
 * hears the outcome (a walk-through found the form waiting after the banner had posted it). This tab only.
 */
const settledOutcomes = (() => {
  const outcomes = new Map<string, PendingOutcome>();
  const listeners = new Set<() => void>();
  return {
    record: (key: string, outcome: PendingOutcome) => {
      outcomes.set(key, outcome);
      for (const listener of listeners) listener();
    },
    get: (key: string) => outcomes.get(key),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
})();

/** The outcome of the held operation `key` once the banner settled it; undefined until then (or no key). */
export function useSettledOutcome(key: string | null): PendingOutcome | undefined {
  return useSyncExternalStore(settledOutcomes.subscribe, () =>
    key === null ? undefined : settledOutcomes.get(key),
  );
}

export function pendingActions(http: HttpClient, store: PendingStore, connectivity: Connectivity) {
  /** Held before sent: the operation is in IndexedDB before its request leaves; released once answered. */
  async function send<T>(operation: PendingOperation, post: () => Promise<T>): Promise<T> {
    await store.hold(operation);
    // The browser itself says it is offline: nothing could leave. (A server only known to be down is
    // tried again: the teller pressed Enregistrer, and the same key can never post twice.)
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      connectivity.report(false);
      throw heldError();
    }
    try {
      const answer = await post();
      await store.release(operation.key);
      return answer;
    } catch (error) {
      // A refusal is an answer: nothing was posted, the form says why. No answer: it stays held.
      if (!hasNoAnswer(error)) await store.release(operation.key);
      throw error;
    }
  }

  async function settle(
    operation: PendingOperation,
    call: () => Promise<PendingOutcome>,
  ): Promise<PendingOutcome> {
    try {
      const outcome = await call();
      if (outcome.kind === 'posted' || outcome.kind === 'abandoned' || outcome.kind === 'refused') {
        await store.release(operation.key);
        settledOutcomes.record(operation.key, outcome);
      }
      return outcome;
    } catch (error) {
      if (hasNoAnswer(error)) return { kind: 'unreachable' };
      throw error;
    }
  }

  /** Renvoyer: the same request with the same key; the server posts it at most once. */
  const resend = (operation: PendingOperation): Promise<PendingOutcome> =>
    operation.sealed
      ? Promise.resolve({ kind: 'sealed' })
      : // Checked here too, not only by the banner's disabled button: past the limit the key may be forgotten.
        !mayResend(operation, Date.now())
        ? Promise.resolve({ kind: 'tooOld' })
        : settle(operation, async () => {
            try {
              const transaction = await http.post<Transaction>(operation.path, operation.body, {
                headers: { [IDEMPOTENCY_HEADER]: operation.key },
                redirectOnForbidden: false,
              });
              return { kind: 'posted', transaction };
            } catch (error) {
              if (isHttpError(error) && !hasNoAnswer(error) && !error.handled)
                return { kind: 'refused', message: refusalMessage(error) };
              throw error;
            }
          });

  /**
   * Tout renvoyer (decision 151): in the order they were confirmed, one after the other, each with its
   * own key. A refusal ends only that operation; no answer ends the run (the link is gone again) and the
   * rest stay held, unsent. Those past the resend limit are never sent.
   */
  async function resendAll(
    operations: readonly PendingOperation[],
    onProgress: (done: number, total: number) => void,
  ): Promise<SendAllResult[]> {
    const ordered = [...operations].sort((a, b) => Date.parse(a.confirmedAt) - Date.parse(b.confirmedAt));
    const total = ordered.filter((operation) => mayResend(operation, Date.now())).length;
    const results: SendAllResult[] = [];
    let sent = 0;
    let stopped = false;
    for (const operation of ordered) {
      if (operation.sealed) {
        results.push({ operation, outcome: { kind: 'sealed' } });
        continue;
      }
      if (!mayResend(operation, Date.now())) {
        results.push({ operation, outcome: { kind: 'tooOld' } });
        continue;
      }
      if (stopped) {
        results.push({ operation, outcome: { kind: 'notSent' } });
        continue;
      }
      sent += 1;
      onProgress(sent, total);
      const outcome = await resend(operation).catch((): PendingOutcome => ({ kind: 'unreachable' }));
      if (outcome.kind === 'unreachable') stopped = true;
      results.push({ operation, outcome });
    }
    return results;
  }

  return {
    send,
    resend,
    resendAll,
    /** Vérifier: asks the server what became of the key. */
    check: (operation: PendingOperation) =>
      settle(operation, async () => {
        try {
          return outcomeOfFate(await http.get<OperationFate>(keyPath(operation.key)));
        } catch (error) {
          if (isHttpError(error) && error.status === 404) return { kind: 'unknown' };
          throw error;
        }
      }),
    /** Abandonner: voids the key on the server; an operation already posted is answered with its receipt. */
    abandon: (operation: PendingOperation) =>
      settle(operation, async () =>
        outcomeOfFate(await http.post<OperationFate>(`${keyPath(operation.key)}/void`)),
      ),
  };
}

export type PendingActions = ReturnType<typeof pendingActions>;

export function usePendingActions(): PendingActions {
  const http = useHttp();
  const { store, connectivity } = usePendingContext();
  return useMemo(() => pendingActions(http, store, connectivity), [http, store, connectivity]);
}

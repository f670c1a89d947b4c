import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { genericMessages } from '@lajan/domain';
import { errorMessage, isHttpError } from './http';
import { hasNoAnswer } from './pending-operations';
import { keepMoneyFresh } from './query-keys';

/**
 * SPEC §8's generic fallback, when the server gives no message and the caller none either: read when said,
 * in the screens' language (decision 236).
 */
export function defaultErrorFallback(): string {
  return genericMessages.failure;
}

export interface RequestMeta extends Record<string, unknown> {
  /** The SPEC §8 fallback shown when the server's answer has no message ("Échec du chargement des frais"…). */
  errorFallback?: string;
  /** False when the screen shows the failure itself (on the form) instead of a toast. */
  errorToast?: boolean;
  /**
   * The fields the form shows a refusal under: a refusal whose field errors are all theirs toasts « Veuillez
   * corriger les erreurs du formulaire » rather than the field's own message again (decision 214).
   */
  fieldsShown?: readonly string[];
  /**
   * A money confirmation, whose variables carry its idempotency `key` (decision 147): unanswered, it is held
   * and said beside Enregistrer (decision 210), so no toast; any other failure's toast is about that key, and
   * closes once the operation is settled (decision 215).
   */
  heldOperation?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/** Where a failure is told: the app's toasts (`components/toasts`), which this layer below them does not know. */
export interface FailureReporter {
  /** `about`: the money operation's key the failure is about (decision 215). */
  error: (text: string, timeoutMs?: number, about?: string) => unknown;
}

/** No answer at all, or a gateway's with no server behind it (502, 504): "Hors ligne", not a fault. */
function isNoAnswer(error: unknown) {
  return isHttpError(error) && (error.status === 0 || error.status === 502 || error.status === 504);
}

function isServerFault(error: unknown) {
  return isHttpError(error) && error.status >= 500 && !isNoAnswer(error);
}

/** The idempotency key a money confirmation's variables carry (`{ body, key }`). */
function operationKeyOf(variables: unknown): string | undefined {
  const key = (variables as { key?: unknown } | undefined)?.key;
  return typeof key === 'string' ? key : undefined;
}

/**
 * One query client per app. A failed call shows the server's message (or the caller's fallback) as
 * an error toast, except when the http client already redirected (401, 403) or the screen opted out.
 * A query that fails with a 5xx is thrown to the route's error boundary, which opens /500.
 */
export function createQueryClient(toasts: FailureReporter): QueryClient {
  function report(error: unknown, meta: RequestMeta | undefined, about?: string) {
    if (meta?.errorToast === false) return;
    if (isHttpError(error) && error.handled) return;
    const fields = isHttpError(error) ? Object.keys(error.errors) : [];
    const shown = fields.length > 0 && fields.every((field) => meta?.fieldsShown?.includes(field));
    toasts.error(
      shown ? genericMessages.validation : errorMessage(error, meta?.errorFallback ?? defaultErrorFallback()),
      undefined,
      about,
    );
  }

  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // No answer at all: "Hors ligne" says so on every screen at once, and the list keeps what it showed
        // (decision 147); a toast per list would only repeat it.
        if (isNoAnswer(error)) return;
        if (!isServerFault(error)) report(error, query.meta);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _context, mutation) => {
        if (!mutation.meta?.heldOperation) return report(error, mutation.meta);
        // Held without an answer: the words beside Enregistrer and the banner say it (decision 215).
        if (hasNoAnswer(error)) return;
        report(error, mutation.meta, operationKeyOf(variables));
      },
    }),
    defaultOptions: {
      queries: {
        // A slow counter network deserves one more try; a refusal (4xx) does not.
        retry: (failureCount, error) =>
          failureCount < 1 && !(isHttpError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        // Offline, a query fails at once (and the screen says so) rather than waiting, paused, for the
        // browser to come back online: "Chargement..." must never last (decision 147).
        networkMode: 'always',
        staleTime: 30_000,
        throwOnError: isServerFault,
      },
      mutations: { retry: false },
    },
  });
  keepMoneyFresh(client);
  return client;
}

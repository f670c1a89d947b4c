import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { genericMessages } from '@lajan/domain';
import { errorMessage, isHttpError } from './http';
import { keepMoneyFresh } from './query-keys';

/** SPEC §8's generic fallback, in French, when the server gives no message and the caller none either. */
export const DEFAULT_ERROR_FALLBACK = genericMessages.failure;

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
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/** Where a failure is told: the app's toasts (`components/toasts`), which this layer below them does not know. */
export interface FailureReporter {
  error: (text: string) => unknown;
}

/** No answer at all, or a gateway's with no server behind it (502, 504): "Hors ligne", not a fault. */
function isNoAnswer(error: unknown) {
  return isHttpError(error) && (error.status === 0 || error.status === 502 || error.status === 504);
}

function isServerFault(error: unknown) {
  return isHttpError(error) && error.status >= 500 && !isNoAnswer(error);
}

/**
 * One query client per app. A failed call shows the server's message (or the caller's fallback) as
 * an error toast, except when the http client already redirected (401, 403) or the screen opted out.
 * A query that fails with a 5xx is thrown to the route's error boundary, which opens /500.
 */
export function createQueryClient(toasts: FailureReporter): QueryClient {
  function report(error: unknown, meta: RequestMeta | undefined) {
    if (meta?.errorToast === false) return;
    if (isHttpError(error) && error.handled) return;
    const fields = isHttpError(error) ? Object.keys(error.errors) : [];
    const shown = fields.length > 0 && fields.every((field) => meta?.fieldsShown?.includes(field));
    toasts.error(
      shown ? genericMessages.validation : errorMessage(error, meta?.errorFallback ?? DEFAULT_ERROR_FALLBACK),
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
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
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

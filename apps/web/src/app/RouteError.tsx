import { t } from '@lingui/core/macro';
import { Navigate, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { isHttpError, referenceText } from '../lib/http';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A screen that failed (a 5xx query, a screen's code that could not be downloaded, a bug). Server and
 * network failures go to /500; anything else is said here, with a way out.
 */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const message = describe(error);
  // The server's id of the failed request: read out, it finds the request in every process's log (decision 230).
  const requestId = isHttpError(error) ? error.requestId : undefined;
  const serverOrNetwork =
    (isHttpError(error) && (error.status >= 500 || error.isNetwork)) ||
    (isRouteErrorResponse(error) && error.status >= 500) ||
    /\b500\b|network ?error|failed to fetch|dynamically imported module|importing a module script failed|load failed/i.test(
      message,
    );

  // On /500 itself (its own code failed to load, say after a redeploy), going to /500 again would loop.
  if (serverOrNetwork && location.pathname !== '/500') {
    const query = new URLSearchParams({
      message,
      from: `${location.pathname}${location.search}`,
      ...(requestId ? { ref: requestId } : {}),
    });
    return <Navigate to={`/500?${query.toString()}`} replace />;
  }

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-100 px-4 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{t`Une erreur inattendue est survenue`}</h1>
      <p className="mt-3 max-w-md text-slate-700">
        {t`Rechargez la page. Si le problème continue, prévenez votre administrateur.`}
      </p>
      {requestId ? <p className="mt-2 font-mono text-sm text-slate-800">{referenceText(requestId)}</p> : null}
      <pre className="mt-4 max-w-full overflow-x-auto rounded-md bg-slate-800 p-3 text-left text-xs whitespace-pre-wrap text-slate-100">
        {message}
      </pre>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 min-h-11 rounded-md bg-blue-800 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {t`Recharger la page`}
      </button>
    </main>
  );
}

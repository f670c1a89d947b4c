import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type DataRouter } from 'react-router';
import { authMessages } from '@lajan/domain';
import { createToastStore, type ToastStore } from '../components/toasts/toast-store';
import { env } from '../config/env';
import { createHttpClient, type HttpClient } from '../lib/http';
import { createQueryClient } from '../lib/query-client';
import { createSessionStore, type SessionStore } from '../lib/session';
import { FIRST_PASSWORD_PATH, type RedirectState } from './guards';
import { buildRoutes } from './router';

export interface AppOptions {
  /** `/api` by default; tests point it at a server of their own. */
  apiBaseUrl?: string;
  httpTimeoutMs?: number;
  /** localStorage by default. */
  storage?: Storage | null;
}

export interface LajanApp {
  session: SessionStore;
  toasts: ToastStore;
  http: HttpClient;
  queryClient: QueryClient;
  router: DataRouter;
  dispose(): void;
}

/**
 * Builds one instance of the app: session (restored from `access_token`), toasts, the API client
 * wired to the router for 401 and 403, the query client and the router. `main.tsx` builds one;
 * each test builds its own, so tests share no state.
 */
export function createApp(options: AppOptions = {}): LajanApp {
  const toasts = createToastStore();
  const session = createSessionStore({
    storage: options.storage,
    // Signed out by the clock: after 30 minutes without a request, or 12 hours after sign-in.
    onExpire: (reason) =>
      toasts.warning(reason === 'max_age' ? authMessages.sessionTooOld : authMessages.sessionExpired),
  });
  session.restore();

  // The client needs the router and the router is built after it: the handlers look it up late.
  const routerRef: { current: DataRouter | null } = { current: null };

  const http = createHttpClient({
    baseUrl: options.apiBaseUrl ?? env.apiBaseUrl,
    timeoutMs: options.httpTimeoutMs,
    getToken: () => session.getSnapshot().token,
    // Only while signed in: an answer that arrives after a sign-out must not sign back in.
    onRefreshedToken: (token) => {
      if (session.getSnapshot().token) session.signIn(token);
    },
    onUnauthorized: (error) => {
      const router = routerRef.current;
      const wasSignedIn = session.getSnapshot().token !== null;
      session.clear();
      // The server says why when it is not a plain expiry (12 hours reached, too many wrong passwords).
      const why = [authMessages.sessionTooOld, authMessages.passwordChecksExceeded].find(
        (message) => message === error.serverMessage,
      );
      if (wasSignedIn) toasts.warning(why ?? authMessages.sessionExpired);
      if (!router) return;
      const { pathname, search } = router.state.location;
      if (pathname === '/login') return;
      const state: RedirectState = { from: { pathname, search } };
      void router.navigate('/login', { replace: true, state });
    },
    onForbidden: () => void routerRef.current?.navigate('/403'),
    onPasswordChangeRequired: () => {
      // The server is the authority: the guards must agree with it even if the token said otherwise.
      const { user } = session.getSnapshot();
      if (user?.passwordUpdatedAt) session.setUser({ ...user, passwordUpdatedAt: null });
      void routerRef.current?.navigate(FIRST_PASSWORD_PATH, { replace: true });
    },
  });

  const queryClient = createQueryClient(toasts);
  // What one user's screens fetched (balances, persons, histories) never outlives its session on a
  // shared counter machine: signing out, or another user signing in, empties the cache (ASVS 14.3.1).
  let cachedFor = session.getSnapshot().user?.id ?? null;
  session.subscribe(() => {
    const current = session.getSnapshot().user?.id ?? null;
    if (current === cachedFor) return;
    if (cachedFor !== null) queryClient.clear();
    cachedFor = current;
  });
  const router = createBrowserRouter(buildRoutes());
  routerRef.current = router;

  return {
    session,
    toasts,
    http,
    queryClient,
    router,
    dispose() {
      router.dispose();
      queryClient.clear();
      toasts.dispose();
      session.dispose();
    },
  };
}

import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type DataRouter } from 'react-router';
import { authMessages, type StorageKeyResponse } from '@lajan/domain';
import { createToastStore, type ToastStore } from '../components/toasts/toast-store';
import { env } from '../config/env';
import { createConnectivity, type Connectivity } from '../lib/connectivity';
import { createHttpClient, type HttpClient } from '../lib/http';
import { createPendingStore, type PendingStore } from '../lib/pending-operations';
import { createQueryClient } from '../lib/query-client';
import { browserStorage, createSessionStore, type SessionStore } from '../lib/session';
import { createStorageKeys, type StorageKeys } from '../lib/storage-key';
import { dropClearPersonDrafts } from '../features/persons/person-draft-storage';
import { FIRST_PASSWORD_PATH, GUEST_PATHS, returnPath, type RedirectState } from './guards';
import {
  currentLanguage,
  setScreenLanguage,
  storedLanguage,
  takeLanguageChosenBeforeSignIn,
} from '../i18n/i18n';
import { preloadScreen } from './preload';
import { buildRoutes } from './router';

/** A minute: the resend limit is hours long, a minute past it is soon enough. */
const PENDING_SWEEP_MS = 60_000;

export interface AppOptions {
  /** `/api` by default; tests point it at a server of their own. */
  apiBaseUrl?: string;
  httpTimeoutMs?: number;
  /** localStorage by default. */
  storage?: Storage | null;
  /** The browser's IndexedDB by default; null keeps held operations in memory only. */
  indexedDB?: IDBFactory | null;
  /** How often held operations past the resend limit lose their personal data (decision 151). */
  pendingSweepMs?: number;
  /**
   * True by default: opened signed in, the screen at the address starts loading at once, its code and its
   * reads (decision 152). The tests of one component, which show no screen of the app, turn it off.
   */
  preloadOnStart?: boolean;
}

export interface LajanApp {
  session: SessionStore;
  toasts: ToastStore;
  http: HttpClient;
  queryClient: QueryClient;
  router: DataRouter;
  /** The operations confirmed without an answer yet, and whether the server answers (decision 147). */
  pending: PendingStore;
  connectivity: Connectivity;
  /** The signed-in user's key for what the browser keeps of her customers (decision 202). */
  storageKeys: StorageKeys;
  /**
   * Settles once the code of the screen the app opened on is here (the shell's and the screen's), when
   * it was asked for at start (decision 156); at once otherwise. Never rejects.
   */
  startingScreen: Promise<unknown>;
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

  const connectivity = createConnectivity({
    probe: () => http.get('/health', { redirectOnUnauthorized: false, redirectOnForbidden: false }),
  });
  const indexedDB = options.indexedDB === undefined ? (globalThis.indexedDB ?? null) : options.indexedDB;
  // Asked of the server at each sign-in and after a reload, kept in memory only (decision 202).
  const storageKeys = createStorageKeys({
    session,
    connectivity,
    // A user still at her first password is refused it (403): no redirect, she is sent there anyway.
    fetchKey: () => http.get<StorageKeyResponse['data']>('/auth/storage-key', { redirectOnForbidden: false }),
    eager: indexedDB !== null,
  });
  const pending = createPendingStore(indexedDB, storageKeys);
  // The key came: the user's held operations are opened; signed out: none stays readable in this tab.
  storageKeys.subscribe(() => {
    const sealer = storageKeys.getSnapshot();
    if (sealer) void pending.unlock(sealer);
    else pending.lock();
  });
  // Signed out: a person draft still in clear (written before decision 202) goes.
  session.subscribe(() => {
    if (!session.getSnapshot().token) dropClearPersonDrafts(browserStorage());
  });
  // An operation held by an earlier visit: whether the server answers now is asked at once, so that a
  // reload without it says "Hors ligne" even on a screen that fetches nothing.
  void pending.load().then(() => {
    if (pending.getSnapshot().length > 0) void connectivity.probe();
  });
  // A tab left open past the resend limit drops the held operations' personal data too (decision 151).
  const sweep = setInterval(
    () => void pending.forgetExpired(Date.now()),
    options.pendingSweepMs ?? PENDING_SWEEP_MS,
  );

  const http: HttpClient = createHttpClient({
    onAnswer: (answered) => connectivity.report(answered),
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
    const { user } = session.getSnapshot();
    // Signed in: her screens in her language (decision 237), unless this browser is a test's pseudo one;
    // one she chose on the sign-in page goes to her profile.
    const chosen = user ? takeLanguageChosenBeforeSignIn() : null;
    if (user && chosen && chosen !== 'pseudo' && chosen !== user.language)
      void http.put('/auth/user/language', { language: chosen }).catch(() => undefined);
    else if (user && storedLanguage() !== 'pseudo' && user.language !== currentLanguage())
      void setScreenLanguage(user.language);
    const current = user?.id ?? null;
    if (current === cachedFor) return;
    if (cachedFor !== null) queryClient.clear();
    cachedFor = current;
    // Signed in: the screen the sign-in page leads to starts loading now, its code and its reads.
    const location = routerRef.current?.state.location;
    if (user && location && GUEST_PATHS.some((path) => location.pathname.startsWith(path))) {
      void preloadScreen(returnPath(location.state), { http, user });
    }
  });
  const router = createBrowserRouter(buildRoutes());
  routerRef.current = router;
  // Opened signed in (a reload, a link): the shell, the screen and its reads start together (decision 152).
  let disposed = false;
  // Asked for on the next task (decision 160): building the router and sending the reads are two short
  // tasks of a slow phone's CPU instead of one long one.
  const restored = session.getSnapshot().user;
  const startPath = router.state.location.pathname;
  const startingScreen =
    restored && options.preloadOnStart !== false
      ? new Promise((resolve) => setTimeout(resolve, 0)).then(() =>
          disposed ? undefined : preloadScreen(startPath, { http, user: restored }),
        )
      : Promise.resolve();

  return {
    session,
    toasts,
    http,
    queryClient,
    router,
    pending,
    connectivity,
    storageKeys,
    startingScreen,
    dispose() {
      disposed = true;
      clearInterval(sweep);
      storageKeys.dispose();
      connectivity.dispose();
      router.dispose();
      queryClient.clear();
      toasts.dispose();
      session.dispose();
    },
  };
}

import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ToastProvider } from '../components/toasts/toast-context';
import { HttpProvider } from '../lib/http-context';
import { PendingProvider } from '../lib/pending-context';
import { SessionProvider } from '../lib/session-context';
import { App } from '../app/App';
import { createApp, type LajanApp } from '../app/create-app';
import { TOKEN_STORAGE_KEY } from '../lib/session';
import { makeToken } from './tokens';
import { teller } from './users';

export interface RenderAppOptions {
  /** Where the browser is when the app loads. */
  path?: string;
  /** Put in localStorage under `access_token` before the app loads, as a previous visit would. */
  token?: string;
  /** The test's API server (`startApiServer().baseUrl`); unset, calls go to a port nothing listens on. */
  apiBaseUrl?: string;
  httpTimeoutMs?: number;
  /** Keep what localStorage holds (a reload: drafts written by an earlier render survive). */
  keepStorage?: boolean;
  /** A real IndexedDB (fake-indexeddb's) for the held operations; unset, they are kept in memory only. */
  indexedDB?: IDBFactory;
  /** How often held operations past the resend limit are looked for (decision 151). */
  pendingSweepMs?: number;
}

const apps: LajanApp[] = [];

/** Renders the whole app (real providers, real router, real route table) at `path`. */
export function renderApp({
  path = '/',
  token,
  apiBaseUrl = 'http://127.0.0.1:9/api',
  httpTimeoutMs,
  keepStorage = false,
  indexedDB,
  pendingSweepMs,
}: RenderAppOptions = {}) {
  if (!keepStorage) window.localStorage.clear();
  if (token !== undefined) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  window.history.replaceState(null, '', path);
  const app = createApp({ apiBaseUrl, httpTimeoutMs, indexedDB: indexedDB ?? null, pendingSweepMs });
  apps.push(app);
  const user = userEvent.setup();
  const result = render(<App app={app} />);
  return { ...result, app, user };
}

/** Navigates as a link would, from outside the screen. */
export async function navigateTo(app: LajanApp, path: string) {
  await act(() => app.router.navigate(path));
}

/** A teller signed in on the dashboard, gone to `path` as a link goes, once its `heading` shows. */
export async function openAsTeller(apiBaseUrl: string, path: string, heading: string) {
  const rendered = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl });
  await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
  await navigateTo(rendered.app, path);
  await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 5000 });
  return rendered;
}

export function disposeApps() {
  for (const app of apps.splice(0)) app.dispose();
}

export interface RenderComponentOptions {
  /** The test's API server (`startApiServer().baseUrl`). */
  apiBaseUrl?: string;
  /** Put in localStorage under `access_token` first (a signed-in person). */
  token?: string;
  /** The path the component is shown at; other paths render "Page : <path>" so that links can be followed. */
  path?: string;
}

/**
 * Renders one component inside the real providers (session, API client, queries, toasts) and a memory
 * router, for components shared by several screens (the wizard's pickers).
 */
export function renderComponent(ui: ReactNode, { apiBaseUrl = 'http://127.0.0.1:9/api', token, path = '/' }: RenderComponentOptions = {}) {
  window.localStorage.clear();
  if (token !== undefined) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  // No screen of the app here: the dashboard a token would start at the browser's address is not shown.
  const app = createApp({ apiBaseUrl, preloadOnStart: false });
  apps.push(app);
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <OtherPage /> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const result = render(
    <AppProviders app={app}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, app, router, user };
}

/** The app's providers (session, API client, queries, pending operations, toasts), around a router. */
function AppProviders({ app, children }: { app: LajanApp; children: ReactNode }) {
  return (
    <SessionProvider store={app.session}>
      <HttpProvider client={app.http}>
        <QueryClientProvider client={app.queryClient}>
          <PendingProvider store={app.pending} connectivity={app.connectivity} storageKeys={app.storageKeys}>
            <ToastProvider store={app.toasts}>{children}</ToastProvider>
          </PendingProvider>
        </QueryClientProvider>
      </HttpProvider>
    </SessionProvider>
  );
}

/**
 * The app's providers around `children`, signed out, for a component that brings its own router (a
 * `MemoryRouter`); disposed after the test as `renderApp`'s app is.
 */
export function withAppProviders(children: ReactNode): ReactNode {
  window.localStorage.clear();
  const app = createApp({ apiBaseUrl: 'http://127.0.0.1:9/api', preloadOnStart: false });
  apps.push(app);
  return <AppProviders app={app}>{children}</AppProviders>;
}

function OtherPage() {
  const location = useLocation();
  return <p>Page : {location.pathname}</p>;
}

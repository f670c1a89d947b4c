import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app/App';
import { createApp, type LajanApp } from '../app/create-app';
import { TOKEN_STORAGE_KEY } from '../lib/session';

export interface RenderAppOptions {
  /** Where the browser is when the app loads. */
  path?: string;
  /** Put in localStorage under `access_token` before the app loads, as a previous visit would. */
  token?: string;
  /** The test's API server (`startApiServer().baseUrl`); unset, calls go to a port nothing listens on. */
  apiBaseUrl?: string;
  httpTimeoutMs?: number;
}

const apps: LajanApp[] = [];

/** Renders the whole app (real providers, real router, real route table) at `path`. */
export function renderApp({ path = '/', token, apiBaseUrl = 'http://127.0.0.1:9/api', httpTimeoutMs }: RenderAppOptions = {}) {
  window.localStorage.clear();
  if (token !== undefined) window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  window.history.replaceState(null, '', path);
  const app = createApp({ apiBaseUrl, httpTimeoutMs });
  apps.push(app);
  const user = userEvent.setup();
  const result = render(<App app={app} />);
  return { ...result, app, user };
}

/** Navigates as a link would, from outside the screen. */
export async function navigateTo(app: LajanApp, path: string) {
  await act(() => app.router.navigate(path));
}

export function disposeApps() {
  for (const app of apps.splice(0)) app.dispose();
}

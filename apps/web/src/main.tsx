import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createApp } from './app/create-app';
import { registerServiceWorkerWhenIdle } from './lib/service-worker';
import { setScreenLanguage, startLanguage } from './i18n/i18n';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root est introuvable dans index.html');

/**
 * How long the first render waits for the code of the screen the app opens on (decision 156). Rendered
 * before it is here, the screen suspends: "Chargement..." shows, and React holds the screen back for
 * 300 ms after it arrives. On `/` signed in, index.html's early script has usually brought it already.
 */
const FIRST_RENDER_WAIT_MS = 500;

/**
 * The app starts on the task after its code has run (decision 160): evaluating the entry (React, the
 * router, the app's modules) and building the app (the router's routes, the session, the early reads) are
 * two tasks of a slow phone's CPU instead of one long one.
 */
function start(root: HTMLElement) {
  const app = createApp();
  // The texts first: a screen is never drawn in a language it then changes from (decision 236).
  void Promise.all([
    setScreenLanguage(startLanguage(app.session.getSnapshot().user?.language)),
    Promise.race([app.startingScreen, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]),
  ]).then(() => {
    const reactRoot = createRoot(root);
    // In a transition: React renders the first screen in slices of a few milliseconds, yielding between
    // them, instead of one long task; the commit that paints it is the same.
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App app={app} />
        </StrictMode>,
      ),
    );
  });
}

setTimeout(() => start(container), 0);

if (import.meta.env.PROD) registerServiceWorkerWhenIdle();

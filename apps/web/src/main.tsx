import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createApp } from './app/create-app';
import { registerServiceWorkerWhenIdle } from './lib/service-worker';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root est introuvable dans index.html');

/**
 * How long the first render waits for the code of the screen the app opens on (decision 156). Rendered
 * before it is here, the screen suspends: "Chargement..." shows, and React holds the screen back for
 * 300 ms after it arrives. On `/` signed in, index.html's early script has usually brought it already.
 */
const FIRST_RENDER_WAIT_MS = 500;

const app = createApp();
void Promise.race([
  app.startingScreen,
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  ),
);

if (import.meta.env.PROD) registerServiceWorkerWhenIdle();

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createApp } from './app/create-app';
import { registerServiceWorkerWhenIdle } from './lib/service-worker';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root est introuvable dans index.html');

createRoot(container).render(
  <StrictMode>
    <App app={createApp()} />
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorkerWhenIdle();

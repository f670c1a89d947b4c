import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { disposeApps } from './render-app';

afterEach(() => {
  cleanup();
  // Each renderApp builds its own app; none of its timers or routers may outlive its test.
  disposeApps();
  window.localStorage.clear();
});

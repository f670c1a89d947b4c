import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { ensureArea, setScreenLanguage } from '../i18n/i18n';
import { disposeApps } from './render-app';
import { draftWritesSettled } from '../features/persons/person-draft';

// Every screen's texts, in French, as the app has them once signed in (decision 236).
beforeAll(async () => {
  await setScreenLanguage('fr');
  await ensureArea('app');
});

afterEach(async () => {
  cleanup();
  // Each renderApp builds its own app; none of its timers or routers may outlive its test.
  disposeApps();
  // A draft sealed after the test ended would land in the next test's storage.
  await draftWritesSettled();
  window.localStorage.clear();
});

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { disposeApps } from './render-app';
import { draftWritesSettled } from '../features/persons/person-draft';

afterEach(async () => {
  cleanup();
  // Each renderApp builds its own app; none of its timers or routers may outlive its test.
  disposeApps();
  // A draft sealed after the test ended would land in the next test's storage.
  await draftWritesSettled();
  window.localStorage.clear();
});

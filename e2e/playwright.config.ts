import { register } from 'node:module';
import { defineConfig } from '@playwright/test';

// The domain's Lingui macros resolved to French at run time, here and in the workers (decision 236).
const macroLoader = new URL('./support/lingui-macro-loader.ts', import.meta.url).pathname;
register('./support/lingui-macro-hooks.ts', import.meta.url);
process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import ${macroLoader}`.trim();

// Real Chromium from Debian's package; Playwright never downloads a browser here.
export default defineConfig({
  testDir: '.',
  testMatch: ['**/*.spec.ts', '**/*.i18n.ts'],
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    headless: true,
    locale: 'fr-FR',
    timezoneId: 'America/Port-au-Prince',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});

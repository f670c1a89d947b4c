import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build-plugins/compress';
import { chunkModules } from './build-plugins/chunk-modules';
import { earlyPreload } from './build-plugins/early-preload';
import { serviceWorkerPlugin } from './pwa/service-worker-plugin';
import { chunkTexts } from './build-plugins/chunk-texts';
import { linguiConfigPath, linguiPlugins } from '../../scripts/lingui/vite.mjs';

// The API runs on :3000 (apps/server). In development and preview Vite proxies /api to it, so the
// app always calls its own origin, as in production where one process serves both.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: true } };

// Each chunk brings the texts its code says (decision 239); after the macros, before the service worker.
// The sign-in page's (the entry, its group) are files in every language, asked for by index.html.
const texts = chunkTexts({
  configPath: linguiConfigPath,
  first: (chunk) => chunk.isEntry || chunk.name === 'signin',
});

export default defineConfig({
  plugins: [
    ...linguiPlugins(),
    texts,
    react(),
    tailwindcss(),
    // The shell's and the dashboard's code asked for by index.html on a signed-in start (decision 156), and
    // the first file's texts in the stored language (decision 239); before the service worker.
    earlyPreload({ texts: texts.api }),
    // pwa: the service worker that precaches the built app (decision 147); before the compression, so
    // that sw.js is served compressed too.
    serviceWorkerPlugin(),
    precompress(),
    chunkModules(),
  ],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Delivery (decision 145): the manifest tells the budget test what the sign-in page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 3 },
            // Decision 156: fewer files on the first paint's path. The sign-in page with what it imports
            // (the entry and this one file); the shell and the dashboard's page with what they import (every
            // screen of the shell loads the shell anyway). The chart's and the table's code is not grouped:
            // a group of it holds the domain's schemas, which the guest pages that import one schema would
            // then load whole, with the frame (+15 to 19 KB on the forgotten password's page).
            { name: 'signin', test: /[\\/]src[\\/]features[\\/]auth[\\/]LoginPage\.tsx$/, priority: 2 },
            {
              name: 'frame',
              test: /[\\/]src[\\/](app[\\/]layout[\\/]Shell|features[\\/]dashboard[\\/]DashboardPage)\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 15_000,
  },
});

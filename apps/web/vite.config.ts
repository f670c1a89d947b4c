import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build-plugins/compress';
import { serviceWorkerPlugin } from './pwa/service-worker-plugin';

// The API runs on :3000 (apps/server). In development and preview Vite proxies /api to it, so the
// app always calls its own origin, as in production where one process serves both.
const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: true } };

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // pwa: the service worker that precaches the built app (decision 147); before the compression, so
    // that sw.js is served compressed too.
    serviceWorkerPlugin(),
    precompress(),
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
          groups: [{ name: 'boot', tags: ['$initial'] }],
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

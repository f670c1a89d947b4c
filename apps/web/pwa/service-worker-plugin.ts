import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The service worker's file, at the root of the built app (its scope is the whole app). */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The service worker's code (decision 147): it precaches the app shell and every built file at install,
 * serves them from the cache, and answers a navigation with the cached `index.html` when the server does
 * not answer, so that a reload offline shows the app and its "Hors ligne". It never touches `/api`: no API
 * answer is ever cached. A new build changes the list or its version, so the browser installs the new
 * worker, which drops the old cache.
 */
function serviceWorkerSource(files: string[], version: string): string {
  return `// Lajan's service worker, written by the build (apps/web/pwa/service-worker-plugin.ts, decision 147).
const VERSION = ${JSON.stringify(version)};
const CACHE = 'lajan-shell-' + VERSION;
const SHELL = '/index.html';
const FILES = ${JSON.stringify(files)};
const PRECACHED = new Set(FILES);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('lajan-shell-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

function isApi(pathname) {
  return pathname === '/api' || pathname.startsWith('/api/');
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url.pathname)) return;
  if (request.mode === 'navigate') {
    // The page itself: the server's (revalidated) index.html, or the cached shell when no answer comes.
    event.respondWith(
      fetch(request).catch(() =>
        caches.open(CACHE).then((cache) => cache.match(SHELL)).then((shell) => shell || Response.error()),
      ),
    );
    return;
  }
  if (!PRECACHED.has(url.pathname)) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(url.pathname))
      .then((hit) => hit || fetch(request)),
  );
});
`;
}

/**
 * Writes `sw.js` beside the built files, listing them all (the app shell, the hashed assets, the public
 * files): no API path is ever listed, whatever the build holds.
 */
export function serviceWorkerPlugin(): Plugin {
  let publicDir = '';
  return {
    name: 'lajan-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const publicFiles =
        publicDir && existsSync(publicDir)
          ? readdirSync(publicDir, { recursive: true, withFileTypes: true })
              .filter((entry) => entry.isFile())
              .map((entry) =>
                path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
              )
          : [];
      // The browser asks for a file itself and is answered the compressed one it accepts: the precompressed
      // copies (.br, .gz) are never listed.
      const files = [...Object.keys(bundle), ...publicFiles]
        .filter((name) => name !== SERVICE_WORKER_FILE && !/\.(map|br|gz)$/.test(name))
        .map((name) => `/${name}`)
        .filter((path) => !path.startsWith('/api/'))
        .sort();
      if (!files.includes('/index.html')) files.push('/index.html');
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) {
        const output = bundle[name]!;
        hash.update(name).update(output.type === 'chunk' ? output.code : String(output.source));
      }
      this.emitFile({
        type: 'asset',
        fileName: SERVICE_WORKER_FILE,
        source: serviceWorkerSource(files, hash.digest('hex').slice(0, 16)),
      });
    },
  };
}

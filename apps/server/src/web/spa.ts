import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendApiNotFound, sendUrlTooLong } from '../http/error-handler.js';

const notBuiltPage = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Lajan</title></head>
<body><h1>L'application web n'est pas construite</h1>
<p>L'API répond sous <code>/api</code>. Pour l'interface, lancez <code>npm run build</code> puis redémarrez le serveur.</p>
</body></html>
`;

/**
 * The built SPA with history fallback: a GET outside `/api` that is no file answers `index.html`. Files are
 * sent pre-compressed as the browser accepts best, never compressed on the fly; hashed assets are kept a year
 * and `index.html` is revalidated each time (decision 145).
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, options: { webDistDir: string }) => {
    const built = existsSync(path.join(options.webDistDir, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root: options.webDistDir,
        prefix: '/',
        cacheControl: false,
        preCompressed: true,
        // `.vite/` holds the build's manifest and the source modules of each chunk: not for the browser.
        dotfiles: 'ignore',
        setHeaders: (reply, filePath) => {
          // Vite puts content hashes in the names of assets: they never change.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          void reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    // Fastify's default limit of a path parameter: beyond it no API route matches.
    const maxParamLength = app.initialConfig.maxParamLength ?? 100;
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      // With the web app's files served, a path parameter over the router's limit is taken by their
      // wildcard route, which finds no file, instead of raising FST_ERR_MAX_PARAM_LENGTH: answered as the
      // router answers it without them (414). No API route has a fixed segment that long.
      if (isApi && pathname.split('/').some((segment) => segment.length > maxParamLength))
        return sendUrlTooLong(reply);
      if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) return sendApiNotFound(reply);
      if (!built) return reply.code(503).type('text/html; charset=utf-8').send(notBuiltPage);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'spa' },
);

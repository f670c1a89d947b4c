import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters (`?page=2&q=cap` → `{ page: '2', q: 'cap' }`). */
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Answer {
  status?: number;
  body?: unknown;
  /** Never answer (to test the client's timeout). */
  hang?: boolean;
  /** More response headers (a renewed `X-Access-Token`, say). */
  headers?: Record<string, string>;
}

export type Route = (request: RecordedRequest) => Answer | Promise<Answer>;

export interface ApiServer {
  /** `http://127.0.0.1:PORT/api`, the app's base URL in tests. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Sets the answer of `METHOD /path` (path under /api). */
  on(key: `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`, route: Route | Answer): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server on a random port that answers in the contract's shapes, so that the web tests
 * exercise the real fetch, headers, timeout and error bodies without the Lajan server. The app runs
 * on another origin in happy-dom, hence the CORS headers.
 */
export async function startApiServer(): Promise<ApiServer> {
  const routes = new Map<string, Route>();
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept, Idempotency-Key');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    // The app runs on another origin here: the renewed token must be readable, as it is on Lajan's own origin.
    res.setHeader('Access-Control-Expose-Headers', 'X-Access-Token');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').replace(/^\/api/, '').split('?')[0] ?? '/';
      const query = Object.fromEntries(new URL(req.url ?? '/', 'http://localhost').searchParams);
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path,
        query,
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      requests.push(recorded);
      const route = routes.get(`${recorded.method} ${path}`);
      void Promise.resolve(
        route ? route(recorded) : { status: 404, body: { message: 'Ressource introuvable', code: 'NOT_FOUND' } },
      ).then((answer) => {
        if (answer.hang) {
          hanging.add(res);
          return;
        }
        res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', ...answer.headers });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    on(key, route) {
      routes.set(key, typeof route === 'function' ? route : () => route);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertServerRoute, contractProblems, OPENAPI_FILE, prepareContract } from './contract';
import { authMessages } from '@lajan/domain';
import { testStorageKey, userIdOfBearer } from './storage-keys';

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
  /**
   * A failure from something between the app and the Lajan server (a proxy's 502, say), with no
   * Lajan error body: not checked against the server's OpenAPI document. Only a failure (400 or more).
   */
  proxy?: boolean;
}

export type Route = (request: RecordedRequest) => Answer | Promise<Answer>;

export interface ApiServer {
  /** `http://127.0.0.1:PORT/api`, the app's base URL in tests. */
  baseUrl: string;
  requests: RecordedRequest[];
  /**
   * Sets the answer of `METHOD /path` (path under /api). Throws when the server has no such route
   * (its OpenAPI document, apps/web/src/test/openapi.json).
   */
  on(key: `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`, route: Route | Answer): void;
  /** Answers the server would never give (route, status or shape), each with what is wrong. */
  contractViolations: string[];
  /** Stops the server; throws if any answer broke the server's declared responses (decision 130). */
  close(): Promise<void>;
}

/**
 * A real HTTP server answering in the contract's shapes, so the web tests exercise the real client
 * (decision 023). An answer the real server would never give is not sent: the app gets a 500 and `close()`
 * throws (decision 130).
 */
export async function startApiServer(): Promise<ApiServer> {
  prepareContract();
  const routes = new Map<string, Route>();
  // A teller at work has its drawer open (decision 149); a test of a closed drawer answers null.
  routes.set('GET /drawer', () => ({ body: { data: openDrawerSession } }));
  // Each user's storage key, the same at each sign-in (decision 202).
  routes.set('GET /auth/storage-key', (request) => {
    const userId = userIdOfBearer(request.headers.authorization);
    return userId
      ? { body: { data: { key: testStorageKey(userId) } } }
      : { status: 401, body: { message: authMessages.unauthenticated, code: 'UNAUTHENTICATED' } };
  });
  const requests: RecordedRequest[] = [];
  const contractViolations: string[] = [];
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
        route
          ? route(recorded)
          : { status: 404, body: { message: 'Ressource introuvable', code: 'NOT_FOUND' } },
      ).then((answer) => {
        if (answer.hang) {
          hanging.add(res);
          return;
        }
        const status = answer.status ?? 200;
        const headers = { 'Content-Type': 'application/json', ...answer.headers };
        const contentType =
          Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
        const problems =
          answer.proxy && status >= 400
            ? []
            : answer.proxy
              ? [
                  `${recorded.method} /api${path} → ${status} : une réponse de proxy est un échec (400 ou plus).`,
                ]
              : contractProblems(recorded.method, path, { status, body: answer.body, contentType }).map(
                  (problem) =>
                    route
                      ? problem
                      : `${problem} (aucune fausse réponse pour cet appel : le test doit en donner une, api.on('${recorded.method} ${path}', …))`,
                );
        if (problems.length > 0) {
          contractViolations.push(...problems);
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({
              message: `Fausse réponse que le serveur ne donnerait pas : ${problems.join(' ; ')}`,
            }),
          );
          return;
        }
        res.writeHead(status, headers);
        const raw = typeof answer.body === 'string' && !contentType.startsWith('application/json');
        res.end(answer.body === undefined ? '' : raw ? (answer.body as string) : JSON.stringify(answer.body));
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    contractViolations,
    on(key, route) {
      const [method = '', path = ''] = key.split(' ');
      assertServerRoute(method, path);
      routes.set(key, typeof route === 'function' ? route : () => route);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (contractViolations.length > 0)
        throw new Error(
          `La fausse API a répondu ce que le serveur ne répondrait jamais (${OPENAPI_FILE}) :\n- ${[...new Set(contractViolations)].join('\n- ')}`,
        );
    },
  };
}

/** The open drawer every fake server answers by default to `GET /drawer`. */
export const openDrawerSession = {
  id: '00000000-0000-4000-8000-0000000000d1',
  status: 'open',
  teller: { id: '00000000-0000-4000-8000-0000000000d2', username: 'caisse.pap01', name: 'Marie Joseph' },
  agent: { code: 'PAP01', name: 'Kay Lajan Pétion-Ville' },
  openedAt: '2026-11-24T12:00:00.000Z',
  closedAt: null,
  openingCounts: { '1000': 2 },
  opening: 2000,
  closingCounts: null,
  counted: null,
  expected: null,
  difference: null,
  differenceKind: null,
  needsAcknowledgement: false,
  acknowledgedAt: null,
  acknowledgedBy: null,
  previousCounted: null,
  openingDifference: null,
  openingDifferenceKind: null,
  openingNeedsAcknowledgement: false,
  openingAcknowledgedAt: null,
  openingAcknowledgedBy: null,
  closedBy: null,
  closedByAdministrator: false,
  fingerprint: null,
  previousFingerprint: null,
};

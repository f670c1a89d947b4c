import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The one configuration of the security headers: helmet's, computed once below. */
const helmetOptions = {
  contentSecurityPolicy: {
    directives: {
      // The app may be served over plain HTTP on a local network: do not force HTTPS requests.
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet sets, computed once: set on every answer by `securityHeadersHook`, and by the
 * handlers of the answers that leave before any hook runs (a bad URL found by the router, a request
 * the HTTP parser refused).
 */
export const securityHeaders: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
})();

const securityHeaderEntries = Object.entries(securityHeaders);

/**
 * Helmet's headers, the same on every answer, set on the raw response by the first `onRequest` hook:
 * `@fastify/helmet` rebuilt its middlewares at every request (decision 159).
 */
export function securityHeadersHook(
  request: { raw: IncomingMessage },
  reply: { raw: ServerResponse },
  done: () => void,
): void {
  const raw = reply.raw;
  for (const [name, value] of securityHeaderEntries) raw.setHeader(name, value);
  done();
}

/** Every `/api` answer, success or failure, is never stored by a browser or a proxy. */
export const API_CACHE_CONTROL = 'no-store';

export function isApiUrl(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}

import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The one configuration of the security headers (DESIGN §7), for `@fastify/helmet` and for the answers it never sees. */
export const helmetOptions = {
  contentSecurityPolicy: {
    directives: {
      // The app may be served over plain HTTP on a local network: do not force HTTPS requests.
      upgradeInsecureRequests: null,
    },
  },
};

/**
 * The headers helmet sets, computed once: for the answers that leave before any hook runs (a bad
 * URL found by the router, a request the HTTP parser refused), which `@fastify/helmet`'s
 * `onRequest` hook never sees.
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

/** Every `/api` answer, success or failure, is never stored by a browser or a proxy. */
export const API_CACHE_CONTROL = 'no-store';

export function isApiUrl(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
}

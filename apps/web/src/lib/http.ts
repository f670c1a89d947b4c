import { msg, t } from '@lingui/core/macro';
import { errorCodes, texts } from '@lajan/domain';

/** Every call gives up after 10 seconds. */
export const HTTP_TIMEOUT_MS = 10_000;

export const networkMessages = texts({
  timeout: msg`Le serveur met trop de temps à répondre. Vérifiez votre connexion et réessayez.`,
  /**
   * No answer while the browser believes it is online: the server, or the link to it, is down. Worded as
   * the "Hors ligne" banner says it (decision 147), not as a fault of the teller's own connection.
   */
  network: msg`Le serveur ne répond pas. Vérifiez la connexion, ou réessayez dans un instant.`,
  /** No answer because the browser knows it has no network at all. */
  offline: msg`Pas de connexion internet : vérifiez le réseau (Wi-Fi, données mobiles), puis réessayez.`,
  badResponse: msg`Réponse inattendue du serveur.`,
});

/** Codes of failures that never reached the server's error body. */
export const clientErrorCodes = {
  timeout: 'TIMEOUT',
  network: 'NETWORK_ERROR',
} as const;

/**
 * A failed call. `status` is 0 when no answer came (timeout, network). `serverMessage` is the
 * server's own `message`, kept apart so that callers can put their SPEC §8 fallback in its place.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: Record<string, string[]>;
  readonly serverMessage: string | undefined;
  /** True when the client already acted on it (redirected to /login, /403…): no toast then. */
  readonly handled: boolean;
  /** The error answer's whole body, for the fields some refusals add (`FEES_CHANGED`'s `quote`). */
  readonly body: unknown;
  /** The server's id of the request (`X-Request-Id`): the reference a teller reads out (decision 230). */
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    message: string;
    serverMessage?: string;
    code?: string;
    errors?: Record<string, string[]>;
    handled?: boolean;
    body?: unknown;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? {};
    this.serverMessage = init.serverMessage;
    this.handled = init.handled ?? false;
    this.body = init.body;
    this.requestId = init.requestId;
  }

  get isTimeout() {
    return this.code === clientErrorCodes.timeout;
  }
  get isNetwork() {
    return this.code === clientErrorCodes.network || this.code === clientErrorCodes.timeout;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/**
 * What a person should read about a failure: the server's message, or the caller's fallback
 * (SPEC §8 lists them), or our French network message when no answer came at all.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isHttpError(error)) {
    if (error.serverMessage && error.status >= 500 && error.requestId)
      return `${error.serverMessage} ${referenceText(error.requestId)}`;
    if (error.serverMessage) return error.serverMessage;
    if (error.isNetwork) return error.message;
  }
  return fallback;
}

/** How a failure's reference is written for the person who reads it out to an administrator. */
export function referenceText(requestId: string): string {
  return t`Référence : ${requestId}`;
}

/** The first message of each field of a server errors map. */
export function firstFieldErrors(errors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first) out[field] = first;
  }
  return out;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Default true: a 401 clears the session and goes to /login. Login turns it off to show its own message. */
  redirectOnUnauthorized?: boolean;
  /** Default true: a 403 goes to /403 (or /first-update-password for PASSWORD_CHANGE_REQUIRED). */
  redirectOnForbidden?: boolean;
  /** Answer the whole body (`{ data, meta }` of a list) instead of its `data`. */
  envelope?: boolean;
}

/** The response header in which the server renews a session's token (decision 110). */
export const REFRESHED_TOKEN_HEADER = 'X-Access-Token';

export interface HttpHandlers {
  getToken: () => string | null;
  /**
   * A renewed token came with an answer to a signed-in call: the app keeps it in place of the
   * old one, so that a person at work all day stays signed in (until 12 hours after sign-in).
   */
  onRefreshedToken?: (token: string) => void;
  onUnauthorized: (error: HttpError) => void;
  onForbidden: (error: HttpError) => void;
  onPasswordChangeRequired: (error: HttpError) => void;
  /** Told whether a call got an answer (any status) or none (network, timeout): "Hors ligne" (decision 147). */
  onAnswer?: (answered: boolean) => void;
}

export interface HttpClientOptions extends HttpHandlers {
  /** `/api` in the app; tests point it at a server of their own. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface HttpClient {
  request: <T>(method: HttpMethod, path: string, options?: RequestOptions) => Promise<T>;
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  /**
   * Sends a GET now, whose answer the same `get` takes within `EARLY_ANSWER_MAX_AGE_MS`, so a screen's data
   * starts with its code (decision 152). Nothing is handled until then; a failed early request is forgotten.
   */
  prefetch: (path: string, options?: Pick<RequestOptions, 'query' | 'headers'>) => void;
}

/** How long an early answer waits for the `get` that takes it. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

interface Sent {
  response: Response;
  body: unknown;
}

interface ErrorBodyShape {
  message?: unknown;
  code?: unknown;
  errors?: unknown;
  requestId?: unknown;
}

function readErrors(value: unknown): Record<string, string[]> {
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[key] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') out[key] = [messages];
  }
  return out;
}

function defaultStatusMessage(status: number): string {
  if (status === 401) return t`Veuillez vous connecter.`;
  if (status === 403) return t`Vous n'avez pas la permission d'effectuer cette action.`;
  if (status === 404) return t`Ressource introuvable`;
  if (status === 429) return t`Trop de tentatives. Veuillez réessayer dans quelques minutes.`;
  if (status >= 500) return t`Erreur du serveur (${status}). Veuillez réessayer.`;
  return t`La requête a échoué (${status}).`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');

  // Early GETs by token and URL: an answer belongs to the session that asked for it.
  const early = new Map<string, { at: number; sent: Promise<Sent> }>();

  function urlOf(path: string, init: Pick<RequestOptions, 'query'>) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined) query.set(key, String(value));
    }
    const search = query.toString();
    return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
  }

  function headersOf(init: RequestOptions, token: string | null) {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  /** The early answer of this GET, taken once; none when it is too old or was never asked for. */
  function takeEarly(method: HttpMethod, url: string, token: string | null) {
    if (method !== 'GET' || early.size === 0) return undefined;
    const key = `${token ?? ''} ${url}`;
    const held = early.get(key);
    early.delete(key);
    return held && Date.now() - held.at <= EARLY_ANSWER_MAX_AGE_MS ? held.sent : undefined;
  }

  function prefetch(path: string, init: Pick<RequestOptions, 'query' | 'headers'> = {}) {
    const url = urlOf(path, init);
    const token = options.getToken();
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const sent = (async (): Promise<Sent> => {
      const response = await doFetch(url, {
        method: 'GET',
        headers: headersOf(init, token),
        signal: controller.signal,
      });
      return { response, body: await readBody(response) };
    })().finally(() => clearTimeout(timer));
    // Never an unhandled rejection: the `get` that takes it asks again.
    sent.catch(() => undefined);
    early.set(`${token ?? ''} ${url}`, { at: Date.now(), sent });
  }

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}): Promise<T> {
    const url = urlOf(path, init);
    const token = options.getToken();
    const headers = headersOf(init, token);
    const earlyAnswer = takeEarly(method, url, token);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    init.signal?.addEventListener('abort', onCallerAbort);

    let response: Response;
    let body: unknown;
    try {
      const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
      const send = async (): Promise<Sent> => {
        const answer = await doFetch(url, {
          method,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal: controller.signal,
        });
        return { response: answer, body: await readBody(answer) };
      };
      ({ response, body } = earlyAnswer ? await earlyAnswer.catch(send) : await send());
      // A gateway with no server behind it (502, 504) is no answer of the server.
      options.onAnswer?.(response.status !== 502 && response.status !== 504);
      const refreshed = token ? response.headers.get(REFRESHED_TOKEN_HEADER) : null;
      if (refreshed) options.onRefreshedToken?.(refreshed);
    } catch (cause) {
      if (init.signal?.aborted && !timedOut) throw cause;
      options.onAnswer?.(false);
      throw new HttpError(
        timedOut
          ? { status: 0, code: clientErrorCodes.timeout, message: networkMessages.timeout }
          : {
              status: 0,
              code: clientErrorCodes.network,
              message:
                typeof navigator !== 'undefined' && !navigator.onLine
                  ? networkMessages.offline
                  : networkMessages.network,
            },
      );
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onCallerAbort);
    }

    if (response.ok) {
      if (init.envelope) return body as T;
      if (typeof body === 'object' && body !== null && 'data' in body) return (body as { data: T }).data;
      return body as T;
    }

    const shape: ErrorBodyShape = typeof body === 'object' && body !== null ? body : {};
    const serverMessage = typeof shape.message === 'string' && shape.message ? shape.message : undefined;
    const code = typeof shape.code === 'string' ? shape.code : undefined;
    const status = response.status;
    const redirects =
      (status === 401 && init.redirectOnUnauthorized !== false) ||
      (status === 403 && init.redirectOnForbidden !== false);
    const error = new HttpError({
      status,
      code,
      serverMessage,
      message: serverMessage ?? defaultStatusMessage(status),
      errors: readErrors(shape.errors),
      handled: redirects,
      body,
      requestId:
        typeof shape.requestId === 'string'
          ? shape.requestId
          : (response.headers.get('X-Request-Id') ?? undefined),
    });
    if (status === 401 && redirects) options.onUnauthorized(error);
    else if (status === 403 && redirects) {
      if (code === errorCodes.passwordChangeRequired) options.onPasswordChangeRequired(error);
      else options.onForbidden(error);
    }
    throw error;
  }

  return {
    request,
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, body }),
    put: (path, body, init) => request('PUT', path, { ...init, body }),
    delete: (path, init) => request('DELETE', path, init),
    prefetch,
  };
}

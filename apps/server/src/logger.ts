import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.js';

/**
 * Paths that must never reach the log: credentials, tokens, reset secrets.
 * Bodies are never logged at all; these cover what a log call might pass by mistake.
 */
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'res.headers.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'password',
  'current_password',
  'password_confirmation',
  'token',
  'access_token',
  'passwordHash',
  '*.password',
  '*.current_password',
  '*.password_confirmation',
  '*.token',
  '*.access_token',
  '*.passwordHash',
  '*.*.token',
  '*.*.access_token',
  '*.jwtSecret',
  '*.smtpUrl',
  '*.databaseUrl',
];

/** The secret part of a reset link (`/reset-password/<token>`), which the SPA's URL carries. */
const resetPathSecret = /(\/reset-password\/)[^/?#]+/gi;
/** Path segments after which everything is what a person typed: a document number, an idempotency key. */
const typedAfter = new Set(['search', 'check-document-unique', 'by-idempotency-key']);
const uuidSegment = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The identifiers of a path masked as a query's values are (decision 198): an account, transaction or
 * document number (a segment with a digit, a record's UUID aside) and whatever follows a search or a key.
 * `/api/reports/accounts/000123456789/statement` is logged `/api/reports/accounts/[redacted]/statement`.
 */
function maskPath(pathname: string): string {
  if (pathname.startsWith('/assets/')) return pathname;
  let typed = false;
  return pathname
    .split('/')
    .map((segment) => {
      const masked = segment !== '' && (typed || (/\d/.test(segment) && !uuidSegment.test(segment)));
      if (typedAfter.has(segment)) typed = true;
      return masked ? '[redacted]' : segment;
    })
    .join('/');
}
/** A query key kept as is in the log; any other key is replaced too (it could be the data itself). */
const plainQueryKey = /^[A-Za-z_][A-Za-z0-9_.[\]-]{0,40}$/;

/**
 * The URL as the log keeps it: the reset secret of a path masked and every query value replaced, since a
 * query carries what a person typed (`/api/persons?q=jean@x.ht` is logged `?q=[redacted]`; decision 113).
 */
export function maskUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const pathname = maskPath(
    (queryStart === -1 ? url : url.slice(0, queryStart)).replace(resetPathSecret, '$1[secret]'),
  );
  if (queryStart === -1) return pathname;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const key = pair.split('=')[0] ?? '';
      return plainQueryKey.test(key) ? `${key}=[redacted]` : '[redacted]';
    });
  return `${pathname}?${query.join('&')}`;
}

/** The app's logger, and the one that writes the line of each answered request (decision 159). */
export interface Loggers {
  logger: Logger;
  /**
   * The same logger without the redaction, for the request line alone, whose serializers hold no redacted
   * path: the redaction's walk was much of the line's cost (decision 159). Nothing else may log through
   * it.
   */
  requestLogger: Logger;
}

export function createLoggers(level: LogLevel, destination?: DestinationStream): Loggers {
  const serializers = {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: maskUrl(request.url),
      remoteAddress: request.ip,
    }),
    // The status only: a response header may carry a refreshed token.
    res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
    err: pino.stdSerializers.err,
  };
  // One destination for both, so that their lines keep their order.
  const stream = destination ?? pino.destination({ dest: 1, sync: true });
  return {
    logger: pino({ level, redact: { paths: redactPaths, censor: '[secret]' }, serializers }, stream),
    requestLogger: pino({ level, serializers: { req: serializers.req, res: serializers.res } }, stream),
  };
}

/**
 * A request's child logger made only when something logs through it: pino builds a child's bindings at once,
 * a cost paid for nothing by most requests, which log nothing through it (decision 159).
 */
export function lazyChildLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChild(parent, bindings, options);
}

class LazyChild {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get #logger(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  fatal(...args: unknown[]): void {
    const logger = this.#logger;
    Reflect.apply(logger.fatal, logger, args);
  }
  error(...args: unknown[]): void {
    const logger = this.#logger;
    Reflect.apply(logger.error, logger, args);
  }
  warn(...args: unknown[]): void {
    const logger = this.#logger;
    Reflect.apply(logger.warn, logger, args);
  }
  info(...args: unknown[]): void {
    const logger = this.#logger;
    Reflect.apply(logger.info, logger, args);
  }
  debug(...args: unknown[]): void {
    const logger = this.#logger;
    Reflect.apply(logger.debug, logger, args);
  }
  trace(...args: unknown[]): void {
    const logger = this.#logger;
    Reflect.apply(logger.trace, logger, args);
  }
  silent(...args: unknown[]): void {
    const logger = this.#logger;
    Reflect.apply(logger.silent, logger, args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.js';

/**
 * Paths that must never reach the log (DESIGN §7): credentials, tokens, reset secrets.
 * Bodies are never logged at all; these cover what a log call might pass by mistake.
 */
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
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
  '*.jwtSecret',
  '*.smtpUrl',
  '*.databaseUrl',
];

/** The secret part of a reset link (`/reset-password/<token>`), which the SPA's URL carries. */
const resetPathSecret = /(\/reset-password\/)[^/?#]+/gi;

export function maskUrl(url: string): string {
  return url.replace(resetPathSecret, '$1[secret]');
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: redactPaths, censor: '[secret]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskUrl(request.url),
        remoteAddress: request.ip,
      }),
      err: pino.stdSerializers.err,
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

/**
 * The JWT secret: `JWT_SECRET` when set; in embedded mode, one generated at the first start
 * and kept in `DATA_DIR/jwt-secret` (mode 600), so that tokens survive a restart.
 */
export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // `wx`: if two processes race on a first start, one writes and both read the same secret.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters`);
  return secret;
}

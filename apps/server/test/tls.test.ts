import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';

/*
 * Decision 147: with TLS_CERT and TLS_KEY the server speaks HTTPS itself, so that a network's browsers
 * have the secure context service workers and durable storage need. The certificate is made here.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'lajan-tls-'));
const cert = path.join(dir, 'cert.pem');
const key = path.join(dir, 'key.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-keyout',
    key,
    '-out',
    cert,
  ],
  { stdio: 'ignore' },
);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function get(port: number, ca: Buffer | undefined): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/docs/json',
        servername: 'localhost',
        ...(ca ? { ca } : { rejectUnauthorized: false }),
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
  });
}

describe('HTTPS with TLS_CERT and TLS_KEY', () => {
  it('answers over TLS with the given certificate (checked against it)', async () => {
    const config = loadConfig({ TLS_CERT: cert, TLS_KEY: key, JWT_SECRET: 's'.repeat(40), PORT: '0' });
    expect(config.appUrl).toBe('https://localhost:0');
    const app = await buildApp(config, { deferDatabaseStartup: true });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const answer = await get(port, config.tls!.cert);
      // The app itself answers, over TLS: its database not started here, in its own French words.
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    } finally {
      await app.close();
    }
  });

  it('stops the start when only one is set, or a file cannot be read, naming the variable', () => {
    expect(() => loadConfig({ TLS_CERT: cert })).toThrow(ConfigError);
    expect(() => loadConfig({ TLS_CERT: cert })).toThrow('TLS_CERT et TLS_KEY vont ensemble');
    expect(() => loadConfig({ TLS_CERT: cert, TLS_KEY: path.join(dir, 'absent.pem') })).toThrow(
      'TLS_KEY doit être le chemin d’un fichier PEM lisible',
    );
  });

  it('speaks plain HTTP without them', () => {
    expect(loadConfig({}).tls).toBeUndefined();
    expect(loadConfig({}).appUrl).toBe('http://localhost:3000');
  });
});

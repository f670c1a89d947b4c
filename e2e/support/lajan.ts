import { test as base } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Smsc } from '../../apps/server/test/helpers/smsc.js';
import { Mailbox } from './mailbox.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const SUPERADMIN = {
  username: 'superadmin',
  password: 'Depart-2026!',
  email: 'superadmin@lajan.test',
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Lajan {
  url: string;
  mailbox: Mailbox;
  /** A real SMPP server: the SMS Lajan sends (issue 46). */
  smsc: Smsc;
  logs: () => string;
}

/**
 * The real Lajan server (the built bundle, on a fresh embedded database), a real SMTP and SMPP server,
 * started for each test so that tests never depend on each other's data.
 */
async function startLajan(): Promise<{ lajan: Lajan; stop: () => Promise<void> }> {
  const mailbox = await Mailbox.start();
  const smsc = await Smsc.start();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lajan-e2e-'));
  // Run as root, the embedded PostgreSQL runs as the `postgres` system user, which must reach DATA_DIR.
  chmodSync(dataDir, 0o755);
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'db'),
      DATABASE_URL: '',
      APP_URL: url,
      SMTP_URL: mailbox.url,
      SMPP_URL: smsc.url,
      MAIL_FROM: 'Lajan <no-reply@lajan.test>',
      SUPERADMIN_USERNAME: SUPERADMIN.username,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur Lajan s'est arrêté :\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Le serveur Lajan ne répond pas :\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await mailbox.stop();
    await smsc.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { lajan: { url, mailbox, smsc, logs: () => output }, stop };
}

export const test = base.extend<{ lajan: Lajan }>({
  lajan: async ({}, use) => {
    const { lajan, stop } = await startLajan();
    await use(lajan);
    await stop();
  },
  baseURL: async ({ lajan }, use) => {
    await use(lajan.url);
  },
});

export { expect } from '@playwright/test';

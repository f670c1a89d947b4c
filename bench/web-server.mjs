// The built server on a fresh database of BENCH_DATABASE_URL, for the web benches (bench/web.mjs,
// bench/web-profile.mjs), and the super administrator's token past its first password change.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port.mjs';
import { waitForHealth } from './measure.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SUPERADMIN_PASSWORD = 'Banc-Web-2026!';

function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function post(base, path, token, body) {
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

/** The super administrator, past the first password change: a token the dashboard accepts. */
async function superadminToken(base) {
  const first = await post(base, '/auth/login', undefined, {
    username: 'superadmin',
    password: SUPERADMIN_PASSWORD,
  });
  if (first.status !== 200) throw new Error(`connexion : ${first.status}`);
  const changed = await post(base, '/users/update-password', first.body.data.access_token, {
    current_password: SUPERADMIN_PASSWORD,
    password: `${SUPERADMIN_PASSWORD}x`,
    password_confirmation: `${SUPERADMIN_PASSWORD}x`,
  });
  if (changed.status !== 200) throw new Error(`changement de mot de passe : ${changed.status}`);
  return changed.body.data.access_token;
}

/**
 * Starts `apps/server/dist/main.js` on a new database (`lajan_bench_<name>_…`) and a temporary DATA_DIR,
 * waits for its health, and answers its address, the super administrator's token and `stop()`, which
 * ends the server and drops what it made.
 */
export async function startBenchServer(name) {
  const database = `lajan_bench_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const dataDir = mkdtempSync(join(tmpdir(), `lajan-bench-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: withDatabase(adminUrl, database),
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      SUPERADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`${base}/api`);
    return { base, token: await superadminToken(base), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

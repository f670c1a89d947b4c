import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
const root = new URL('..', import.meta.url).pathname;
const database = `lajan_dashweight_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
await admin.end();
const port = 4791;
const PASS = 'Banc-Web-2026!';
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root, stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
    JWT_SECRET: 'x'.repeat(64), DATA_DIR: mkdtempSync(join(tmpdir(), 'dw-')), SUPERADMIN_PASSWORD: PASS, LOG_LEVEL: 'warn' },
});
const base = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(`${base}/api/health`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 200)); }
const post = async (p, t, b) => { const r = await fetch(`${base}/api${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(t ? { authorization: `Bearer ${t}` } : {}) }, body: JSON.stringify(b) }); return r.json(); };
const first = await post('/auth/login', undefined, { username: 'superadmin', password: PASS });
const changed = await post('/users/update-password', first.data.access_token, { current_password: PASS, password: `${PASS}x`, password_confirmation: `${PASS}x` });
writeFileSync('/tmp/dash-token', changed.data.access_token);
console.log('ready', base, database, server.pid);
process.on('SIGTERM', () => { server.kill(); process.exit(0); });

// A CPU profile of the signed-in dashboard loaded cold (no service worker), at a 4× slower CPU: the long
// tasks after the first contentful paint and the functions that take the most time. Not a test.
// BENCH_DATABASE_URL as bench/web.mjs; uses the existing builds (npm run build first).
// WEB_PROFILE_RUNS (1); WEB_PROFILE_OUT=<file.cpuprofile> keeps the last profile.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright';
import { freePort } from './free-port.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Banc-Web-2026!';
const RUNS = Number(process.env.WEB_PROFILE_RUNS ?? 1);

async function post(base, path, token, body) {
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

const database = `lajan_bench_prof_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const dataDir = mkdtempSync(join(tmpdir(), 'lajan-bench-prof-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${database}`;
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: dbUrl.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    SUPERADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (i > 300) throw new Error('server');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const first = await post(base, '/auth/login', undefined, { username: 'superadmin', password: PASSWORD });
  const changed = await post(base, '/users/update-password', first.body.data.access_token, {
    current_password: PASSWORD,
    password: `${PASSWORD}x`,
    password_confirmation: `${PASSWORD}x`,
  });
  const token = changed.body.data.access_token;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${base}/api/health`);
    await tab.evaluate((value) => localStorage.setItem('access_token', value), token);
    await tab.addInitScript(() => {
      window.__long = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__long.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await tab.goto(`${base}/`, { waitUntil: 'load' });
    await tab.waitForSelector('[data-testid=balance-line]', { state: 'attached', timeout: 60_000 });
    await tab.waitForTimeout(3000);
    const { profile } = await cdp.send('Profiler.stop');
    const marks = await tab.evaluate(() => ({
      long: window.__long,
      paints: performance.getEntriesByType('paint').map((entry) => [entry.name, Math.round(entry.startTime)]),
      lcp: window.__lcp,
    }));
    if (process.env.WEB_PROFILE_OUT) writeFileSync(process.env.WEB_PROFILE_OUT, JSON.stringify(profile));
    await context.close();
    const fcp = marks.paints.find(([name]) => name === 'first-contentful-paint')?.[1] ?? 0;
    const after = marks.long.filter(([start]) => start >= fcp);
    const blocking = after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    console.log(`run ${run + 1}: paints ${JSON.stringify(marks.paints)}`);
    console.log(
      `  long tasks (start ms, duration ms): ${marks.long.map(([s, d]) => `${Math.round(s)}+${Math.round(d)}`).join(' ')}`,
    );
    console.log(
      `  after FCP: ${after.length} long tasks, blocking ${Math.round(blocking)} ms (4× CPU, real)`,
    );
    // Self time by function and by file.
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const self = new Map();
    const deltas = profile.timeDeltas;
    for (let i = 0; i < profile.samples.length; i += 1) {
      const node = nodes.get(profile.samples[i]);
      const dt = (deltas[i + 1] ?? 0) / 1000;
      self.set(node.id, (self.get(node.id) ?? 0) + dt);
    }
    const byFunction = new Map();
    const byFile = new Map();
    for (const [id, ms] of self) {
      const { callFrame } = nodes.get(id);
      const file = callFrame.url.split('/').pop() || callFrame.functionName || '(native)';
      const key = `${callFrame.functionName || '(anon)'} ${file}:${callFrame.lineNumber + 1}:${callFrame.columnNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    const top = (map, n) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([key, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${key}`)
        .join('\n');
    console.log(`  self time by file:\n${top(byFile, 15)}`);
    console.log(`  self time by function:\n${top(byFunction, 30)}`);
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

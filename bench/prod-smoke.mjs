// `npm run test:prod`: the production start as an operator runs it (decision 229). A production-only install
// (`npm run stage`, install scripts outside allowScripts refused), two API processes on one fresh database of
// TEST_DATABASE_URL, behind nginx ending TLS with deploy/nginx.conf; sign-in, a deposit, through the proxy.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port.mjs';
import { benchPerson } from './person-input.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SUPERADMIN = { username: 'superadmin', password: 'Prod-Depart-2026!', email: 'superadmin@prod.test' };
const NEW_PASSWORD = 'Prod-Nouveau-2026!';
const DEADLINE_MS = 180_000;

const started = Date.now();
const log = (...parts) => console.error(`[prod ${((Date.now() - started) / 1000).toFixed(1)}s]`, ...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Replaces `${NAME}` by the value given, as envsubst does for the nginx image's templates. */
export function renderTemplate(text, values) {
  return text.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name) => (name in values ? values[name] : whole));
}

/** Who the services run as: `nobody` when the smoke runs as root (CI), else the current user. */
function serviceUser() {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A command run as the service user: setpriv drops root for good (no setuid helper, no new privileges). */
function asService(user, command, args) {
  if (!user) return { command, args };
  return {
    command: 'setpriv',
    args: [
      `--reuid=${user.uid}`,
      `--regid=${user.gid}`,
      '--clear-groups',
      '--no-new-privs',
      '--',
      command,
      ...args,
    ],
  };
}

/** A directory the service user may write to. */
function serviceDir(user, path) {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (user) chownSync(path, user.uid, user.gid);
  return path;
}

/** Every child of the run, each the leader of its process group: stopped whatever happens. */
const children = [];

function stopChildren() {
  for (const proc of children) {
    const pid = proc.child.pid;
    if (pid && proc.child.exitCode === null && proc.child.signalCode === null) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
}

/** A child with its output kept (the last lines, shown when the run fails), in a process group of its own. */
function launch(name, command, args, options) {
  const tail = [];
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const remember = (line) => {
    tail.push(line.slice(0, 500));
    if (tail.length > 30) tail.shift();
  };
  createInterface({ input: child.stdout }).on('line', remember);
  createInterface({ input: child.stderr }).on('line', remember);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { name, child, tail, exited };
}

/** One request; the answer's status, headers and parsed JSON. */
/**
 * @param {string} url
 * @param {{ method?: string; headers?: Record<string, string>; body?: string; ca?: Buffer }} [options]
 */
function request(url, { method = 'GET', headers = {}, body, ca } = {}) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    /** @param {import('node:http').IncomingMessage} response */
    const onResponse = (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode, headers: response.headers, text, json });
      });
      response.on('error', reject);
    };
    const options = { method, headers, timeout: 10_000 };
    const req =
      target.protocol === 'https:'
        ? https.request(target, { ...options, ca, servername: 'localhost' }, onResponse)
        : http.request(target, options, onResponse);
    req.on('timeout', () => req.destroy(new Error('délai dépassé (10 s)')));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function waitFor(what, url, options, deadlineMs = 90_000) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const answer = await request(url, options).catch(() => undefined);
    if (answer?.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${what} ne répond pas 200 à ${url}`);
    await sleep(250);
  }
}

/** The API through the proxy, as a browser at the counter reaches it. */
function proxyApi(base, ca) {
  let token;
  const call = async (method, path, body, headers = {}) => {
    const answer = await request(`${base}/api${path}`, {
      method,
      ca,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const fresh = answer.headers['x-access-token'];
    if (typeof fresh === 'string' && fresh) token = fresh;
    return answer;
  };
  const expect = async (status, method, path, body, headers) => {
    const answer = await call(method, path, body, headers);
    if (answer.status !== status)
      throw new Error(
        `${method} ${path} : ${answer.status} au lieu de ${status} : ${answer.text.slice(0, 300)}`,
      );
    return answer.json;
  };
  const signIn = async (password) => {
    token = undefined;
    token = (await expect(200, 'POST', '/auth/login', { username: SUPERADMIN.username, password })).data
      .access_token;
  };
  return { expect, signIn };
}

/** The sum of a Prometheus counter's samples in an exposition text, over those carrying `labels`. */
export function counterValue(text, name, labels = {}) {
  let sum = 0;
  for (const line of text.split('\n')) {
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!sample || sample[1] !== name) continue;
    const found = Object.fromEntries(
      [...(sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) sum += Number(sample[3]);
  }
  return sum;
}

/** Each process's /metrics, on its own port; undefined when this build serves none (before issue 44's item 2). */
async function scrape(processes) {
  return Promise.all(
    processes.map(async (proc) => {
      const answer = await request(`http://127.0.0.1:${proc.metricsPort}/metrics`);
      if (answer.status !== 200) throw new Error(`${proc.name} : /metrics répond ${answer.status}`);
      return answer.text;
    }),
  );
}

/** The deposit counted once over both processes' /metrics (its replay is no second posting). */
async function depositCountedOnce(processes, before) {
  const after = await scrape(processes);
  const posted = (texts) =>
    texts.reduce(
      (sum, text) =>
        sum + counterValue(text, 'lajan_postings_total', { type: 'agent_deposit', outcome: 'posted' }),
      0,
    );
  const counted = posted(after) - posted(before);
  if (counted !== 1) throw new Error(`/metrics : le dépôt compté ${counted} fois au lieu d’une`);
  return `dépôt compté une fois sur les ${processes.length} processus`;
}

async function main() {
  const watchdog = setTimeout(() => {
    log(`plus de ${DEADLINE_MS / 1000} s : arrêt`);
    stopChildren();
    process.exit(1);
  }, DEADLINE_MS);
  watchdog.unref();
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html'])
    if (!existsSync(join(root, built))) throw new Error(`${built} introuvable : npm run build d’abord`);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL est requis (le serveur PostgreSQL de test)');
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
  if (!nginx) throw new Error('nginx introuvable : apt-get install nginx-light (.ci/run le fait)');

  const user = serviceUser();
  const work = mkdtempSync(join(tmpdir(), 'lajan-prod-'));
  chmodSync(work, 0o755);
  const databaseName = `lajan_prod_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let databaseMade = false;
  let failed = true;
  try {
    // 1. The production-only install, as the Dockerfile makes it.
    const app = join(work, 'app');
    let t = Date.now();
    execFileSync(process.execPath, [join(root, 'scripts/stage.mjs'), app], { stdio: 'inherit' });
    const installSeconds = (Date.now() - t) / 1000;
    const size = execFileSync('du', ['-sm', join(app, 'node_modules')], { encoding: 'utf8' }).split('\t')[0];
    for (const absent of ['@electric-sql/pglite', 'esbuild', 'vite', 'vitest', 'react', 'typescript'])
      if (existsSync(join(app, 'node_modules', absent)))
        throw new Error(`${absent} installé en production : il ne devrait pas l’être`);
    const node = join(app, 'node_modules/.bin/node');
    const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    if (!nodeVersion.startsWith('v24.')) throw new Error(`Node ${nodeVersion} au lieu de Node 24`);
    log(
      `installation de production : ${installSeconds.toFixed(1)} s, node_modules ${size} Mo, Node ${nodeVersion}`,
    );

    // 2. One fresh database on the test server.
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    databaseMade = true;
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${databaseName}`;

    // 3. Two API processes: `node scripts/serve.mjs` as a service manager runs it, and `npm run serve`.
    const [port1, port2, proxyPort] = [await freePort(), await freePort(), await freePort()];
    const jwtSecret = randomBytes(32).toString('hex');
    const processes = [
      { port: port1, metricsPort: await freePort(), command: node, args: ['scripts/serve.mjs'] },
      { port: port2, metricsPort: await freePort(), command: 'npm', args: ['run', 'serve', '--silent'] },
    ].map((spec, index) => {
      const dataDir = serviceDir(user, join(work, `data-${index + 1}`));
      const { command, args } = asService(user, spec.command, spec.args);
      const proc = launch(`api${index + 1}`, command, args, {
        cwd: app,
        env: {
          PATH: process.env.PATH,
          HOME: dataDir,
          npm_config_cache: join(dataDir, '.npm'),
          npm_config_update_notifier: 'false',
          PORT: String(spec.port),
          METRICS_PORT: String(spec.metricsPort),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl.toString(),
          JWT_SECRET: jwtSecret,
          DATA_DIR: dataDir,
          TRUST_PROXY: '127.0.0.1',
          APP_URL: `https://localhost:${proxyPort}`,
          SUPERADMIN_PASSWORD: SUPERADMIN.password,
          SUPERADMIN_EMAIL: SUPERADMIN.email,
          LOG_LEVEL: 'info',
        },
      });
      children.push(proc);
      return {
        ...proc,
        port: spec.port,
        metricsPort: spec.metricsPort,
        base: `http://127.0.0.1:${spec.port}`,
      };
    });
    t = Date.now();
    await Promise.all(processes.map((proc) => waitFor(proc.name, `${proc.base}/api/health`)));
    log(
      `deux processus API prêts en ${((Date.now() - t) / 1000).toFixed(1)} s (${user ? 'nobody' : 'utilisateur courant'})`,
    );

    // 4. nginx ending TLS, with the compose file's configuration and a certificate made now.
    const proxyDir = serviceDir(user, join(work, 'proxy'));
    const cert = join(proxyDir, 'cert.pem');
    const key = join(proxyDir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    if (user) for (const file of [cert, key]) chownSync(file, user.uid, user.gid);
    const site = renderTemplate(readFileSync(join(root, 'deploy/nginx.conf'), 'utf8'), {
      LAJAN_LISTEN: `127.0.0.1:${proxyPort}`,
      LAJAN_API_1: `127.0.0.1:${port1}`,
      LAJAN_API_2: `127.0.0.1:${port2}`,
      LAJAN_TLS_CERT: cert,
      LAJAN_TLS_KEY: key,
    });
    writeFileSync(join(proxyDir, 'lajan.conf'), site);
    // The image's own nginx.conf holds these; here the paths are the run's, writable without root.
    const temp = (name) => `${name}_temp_path ${join(proxyDir, name)};`;
    writeFileSync(
      join(proxyDir, 'nginx.conf'),
      [
        'worker_processes 1;',
        'daemon off;',
        `pid ${join(proxyDir, 'nginx.pid')};`,
        `error_log ${join(proxyDir, 'error.log')} warn;`,
        'events { worker_connections 256; }',
        'http {',
        "  log_format upstream '$upstream_addr $status $request_method $uri';",
        `  access_log ${join(proxyDir, 'access.log')} upstream;`,
        `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
        `  include ${join(proxyDir, 'lajan.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const nginxArgs = ['-e', join(proxyDir, 'error.log'), '-p', proxyDir, '-c', join(proxyDir, 'nginx.conf')];
    const check = asService(user, nginx, ['-t', '-q', ...nginxArgs]);
    execFileSync(check.command, check.args, { stdio: 'inherit' });
    const proxyCommand = asService(user, nginx, nginxArgs);
    children.push(launch('nginx', proxyCommand.command, proxyCommand.args, { cwd: proxyDir }));
    const base = `https://127.0.0.1:${proxyPort}`;
    const ca = readFileSync(cert);
    await waitFor('nginx', `${base}/api/health`, { ca }, 20_000);

    // 5. Through the proxy: the first sign-in changes the password, then what a deposit needs, the deposit.
    const api = proxyApi(base, ca);
    await api.signIn(SUPERADMIN.password);
    await api.expect(200, 'POST', '/users/update-password', {
      current_password: SUPERADMIN.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    await api.signIn(NEW_PASSWORD);
    const owner = benchPerson({
      tag: 'prod',
      serial: '0001',
      firstName: 'Gerante',
      lastName: 'Essai',
      phoneNumber: '+509 3812-0001',
    });
    const person = (await api.expect(201, 'POST', '/persons', owner)).data;
    const agent = (
      await api.expect(201, 'POST', '/agents', {
        name: 'Agence Production',
        address: '1, rue du Centre, Port-au-Prince',
        email: 'agence@prod.test',
        phone: '+509 3456-7800',
        type: 'Business',
        username: 'prod.admin',
        personIds: [person.id],
      })
    ).data;
    const before = await scrape(processes);
    const deposit = {
      code: agent.code,
      party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
      amount: 5000,
    };
    const idempotency = { 'idempotency-key': `prod-${randomBytes(8).toString('hex')}` };
    const posted = (await api.expect(201, 'POST', '/agents/deposit', deposit, idempotency)).data;
    if (typeof posted?.transactionNumber !== 'string' || posted.agent?.code !== agent.code)
      throw new Error(`dépôt : réponse inattendue ${JSON.stringify(posted).slice(0, 300)}`);
    // The same key again, through whichever process the proxy picks: the same movement, not a second one.
    const replayed = (await api.expect(201, 'POST', '/agents/deposit', deposit, idempotency)).data;
    if (replayed.transactionNumber !== posted.transactionNumber)
      throw new Error(`dépôt rejoué : ${replayed.transactionNumber} au lieu de ${posted.transactionNumber}`);
    const metrics = await depositCountedOnce(processes, before);

    // 6. Both processes answered through the proxy.
    const served = new Set(
      readFileSync(join(proxyDir, 'access.log'), 'utf8')
        .split('\n')
        .map((line) => line.split(' ')[0])
        .filter((address) => address && address !== '-'),
    );
    for (const proc of processes)
      if (!served.has(`127.0.0.1:${proc.port}`))
        throw new Error(`${proc.name} n’a reçu aucune requête du proxy`);

    // 7. SIGTERM to `node scripts/serve.mjs` stops the server itself, cleanly.
    processes[0].child.kill('SIGTERM');
    const stopped = await Promise.race([processes[0].exited, sleep(15_000).then(() => undefined)]);
    if (stopped?.code !== 0)
      throw new Error(`api1 après SIGTERM : ${JSON.stringify(stopped ?? 'toujours là')}`);

    log(
      `réussi : dépôt ${posted.transactionNumber} par le proxy TLS, rejoué sans doublon ; métriques : ${metrics}`,
    );
    failed = false;
  } finally {
    stopChildren();
    if (failed) for (const proc of children) console.error(`--- ${proc.name}\n${proc.tail.join('\n')}`);
    await Promise.all(children.map((proc) => Promise.race([proc.exited, sleep(10_000)])));
    if (databaseMade)
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    if (!process.env.PROD_SMOKE_KEEP) rmSync(work, { recursive: true, force: true });
    else log(`gardé : ${work}`);
    log('fin');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error) => {
      log('ÉCHEC :', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

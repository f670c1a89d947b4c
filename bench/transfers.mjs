// `npm run bench:transfers`: Lajan's internal transfers over HTTP beside pgbench on the same PostgreSQL, on a
// server's database and on the embedded default. Settings (BENCH_*) in bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { freePort } from './free-port.mjs';
import {
  LeanClient,
  cpuMs,
  driveClients,
  twoDistinct,
  cpuTotalMs,
  findPgbench,
  machineBusyMs,
  percentile,
  postgresCpuMs,
  postgresCpuSinceMs,
  postmasterPid,
  runPgbench,
  withDatabase,
  waitForHealth,
} from './measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 2000);
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '16,64').split(',').map(Number);
/**
 * Server processes behind the clients (DESIGN §2: the API is stateless). Default one: on two vCPUs that
 * PostgreSQL and the load generator share, a second process measured slower (more context switches).
 */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
/**
 * Which databases, in order: `server` (the PostgreSQL server of BENCH_DATABASE_URL) and `embedded` (the
 * default: no DATABASE_URL, the server's own embedded PostgreSQL in a temporary DATA_DIR).
 */
const DATABASES = (process.env.BENCH_DATABASE ?? 'server,embedded').split(',').filter(Boolean);
/** The server's log level: `info` by default, as `npm start` runs (one line per request). */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** BENCH_AB: this build (A) against another (B) in alternated slices (decision 166, bench/README.md). */
const AB_OTHER = process.env.BENCH_AB;
const AB_SLICES = Number(process.env.BENCH_AB_SLICES ?? 10);
const AB_SLICE_SECONDS = Number(process.env.BENCH_AB_SLICE_SECONDS ?? 3);
/** BENCH_PGBENCH=0: Lajan's cases only, for A/B runs of two builds (no ratio is printed then). */
const WITH_PGBENCH = process.env.BENCH_PGBENCH !== '0';
const AGENTS = Math.max(...CLIENT_COUNTS) + 1;
const TELLER_PASSWORD = 'Banc-Essai-2026!';
const SUPERADMIN_PASSWORD = 'Banc-Depart-2026!';
/** 300 HTG: the 250–499,99 band, fee 5 HTG, agent share 2 HTG. */
const TRANSFER_HTG = 300;
/** Each account starts with 20 000 HTG: far more than its share of the transfers. */
const ACCOUNT_FUNDING_HTG = 20_000;

const log = (...parts) => console.error('[bench]', ...parts);

function luhnDigit(payload) {
  let sum = 0;
  for (let i = payload.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let digit = payload.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

function accountNumber() {
  let payload = String(randomInt(1, 10));
  while (payload.length < 10) payload += String(randomInt(0, 10));
  return `${payload}${luhnDigit(payload)}`;
}

async function main() {
  const pgbench = findPgbench();
  const mainJs = join(root, 'apps/server/dist/main.js');
  if (!existsSync(mainJs) || process.env.BENCH_BUILD !== '0') {
    log('construction du serveur…');
    execFileSync('npm', ['run', 'build', '-w', '@lajan/server'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  if (AB_OTHER) {
    await benchAB(mainJs, resolve(AB_OTHER));
    return;
  }
  for (const database of DATABASES) {
    if (database === 'server') await benchServer(pgbench, mainJs);
    else if (database === 'embedded') await benchEmbedded(pgbench, mainJs);
    else throw new Error(`BENCH_DATABASE inconnue : ${database} (server, embedded)`);
  }
}

function startServer(mainJs, env) {
  return spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), mainJs],
    {
      cwd: root,
      env: { ...env, HOST: '127.0.0.1', SUPERADMIN_PASSWORD, LOG_LEVEL },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/** The PostgreSQL server of BENCH_DATABASE_URL: a fresh database, BENCH_PROCESSES server processes. */
async function benchServer(pgbench, mainJs) {
  const suffix = randomBytes(4).toString('hex');
  const lajanDb = `lajan_bench_${suffix}`;
  const pgbenchDb = `lajan_pgbench_${suffix}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${lajanDb}`);
  await admin.query(`CREATE DATABASE ${pgbenchDb}`);

  const servers = [];
  const dataDirs = [];
  try {
    const databaseUrl = withDatabase(adminUrl, lajanDb);
    const jwtSecret = randomBytes(32).toString('hex');
    const bases = [];
    // One after the other: the first migrates and seeds, the others find it done.
    for (let i = 0; i < PROCESSES; i += 1) {
      bases.push(await startOnServerDatabase(mainJs, databaseUrl, jwtSecret, servers, dataDirs));
    }
    log(`${PROCESSES} processus serveur prêts (base ${lajanDb})`);
    await logSettings(databaseUrl);
    const results = await runCases(bases, servers, databaseUrl, 'Lajan');
    for (const server of servers.splice(0)) server.kill('SIGTERM');

    results.push(...pgbenchCases(pgbench, withDatabase(adminUrl, pgbenchDb), 'pgbench tpcb-like'));
    printResults('Serveur PostgreSQL (BENCH_DATABASE_URL)', results);
  } finally {
    for (const server of servers) server.kill('SIGTERM');
    if (process.env.BENCH_KEEP_DATABASE === '1') log(`base ${lajanDb} gardée (BENCH_KEEP_DATABASE=1)`);
    else await admin.query(`DROP DATABASE IF EXISTS ${lajanDb} WITH (FORCE)`).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** Two builds on two fresh databases of the server, in alternated slices (BENCH_AB). */
async function benchAB(mainA, mainB) {
  const suffix = randomBytes(4).toString('hex');
  const names = [`lajan_bench_${suffix}_a`, `lajan_bench_${suffix}_b`];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const servers = [];
  const dataDirs = [];
  try {
    const scenes = [];
    for (const [index, mainJs] of [mainA, mainB].entries()) {
      await admin.query(`CREATE DATABASE ${names[index]}`);
      const databaseUrl = withDatabase(adminUrl, names[index]);
      const jwtSecret = randomBytes(32).toString('hex');
      const base = await startOnServerDatabase(mainJs, databaseUrl, jwtSecret, servers, dataDirs);
      log(`${'AB'[index]} : ${mainJs} prêt (base ${names[index]})`);
      scenes.push(await prepareScene([base], [servers[index]], databaseUrl));
    }
    const clients = CLIENT_COUNTS[0];
    const lines = [
      `\nA/B en tranches alternées de ${AB_SLICE_SECONDS} s, ${clients} clients, ${AB_SLICES} paires par cas :\n`,
      '| cas | A par seconde | B par seconde | B/A (moyenne des paires) | intervalle à 95 % | CPU serveur A / B (ms) | CPU PostgreSQL A / B (ms) | WAL A / B (octets) |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    for (const [mode, what] of [
      ['spread', 'comptes nombreux'],
      ['hot', 'un seul float'],
    ]) {
      for (const scene of scenes) await runTransfers(scene, clients, mode, { measuredMs: 1_000 });
      /** @type {Awaited<ReturnType<typeof runTransfers>>[][]} */
      const slices = [[], []];
      for (let pair = 0; pair < AB_SLICES; pair += 1) {
        const order = pair % 2 === 0 ? [0, 1] : [1, 0];
        for (const index of order)
          slices[index].push(
            await runTransfers(scenes[index], clients, mode, {
              warmUpMs: 300,
              measuredMs: AB_SLICE_SECONDS * 1000,
            }),
          );
      }
      const ratios = slices[1].map((b, pair) => b.perSecond / slices[0][pair].perSecond);
      const [low, high] = interval95(ratios);
      const of = (index, key) => mean(slices[index].map((r) => r[key]));
      lines.push(
        `| ${what} | ${of(0, 'perSecond').toFixed(0)} | ${of(1, 'perSecond').toFixed(0)} ` +
          `| ${mean(ratios).toFixed(3)} | ${low.toFixed(3)}–${high.toFixed(3)} ` +
          `| ${of(0, 'serverCpuMsPerTransfer').toFixed(3)} / ${of(1, 'serverCpuMsPerTransfer').toFixed(3)} ` +
          `| ${of(0, 'postgresCpuMsPerTransfer').toFixed(3)} / ${of(1, 'postgresCpuMsPerTransfer').toFixed(3)} ` +
          `| ${of(0, 'walBytesPerTransfer').toFixed(0)} / ${of(1, 'walBytesPerTransfer').toFixed(0)} |`,
      );
    }
    console.log(lines.join('\n'));
  } finally {
    for (const server of servers) server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const name of names)
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The 95 % interval of the mean of `values` (Student's t, two-sided). */
function interval95(values) {
  const n = values.length;
  const average = mean(values);
  if (n < 2) return [average, average];
  const variance = values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (n - 1);
  // t(0.975, n − 1) for 1–29 degrees of freedom, then the normal's 1.96.
  const t =
    [
      12.71, 4.3, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.2, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11,
      2.1, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05, 2.05, 2.05,
    ][n - 2] ?? 1.96;
  const half = (t * Math.sqrt(variance)) / Math.sqrt(n);
  return [average - half, average + half];
}

function mean(values) {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * One server process on a database of the PostgreSQL server, in its own DATA_DIR, once it answers: its
 * process and DATA_DIR go into `servers` and `dataDirs` (for the caller to stop and remove), its API's base
 * is answered.
 */
async function startOnServerDatabase(mainJs, databaseUrl, jwtSecret, servers, dataDirs) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lajan-bench-'));
  dataDirs.push(dataDir);
  servers.push(
    startServer(mainJs, {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      DATA_DIR: dataDir,
    }),
  );
  const base = `http://127.0.0.1:${port}/api`;
  await waitForHealth(base);
  return base;
}

/**
 * The default database: the built server with no DATABASE_URL starts its embedded PostgreSQL in a temporary
 * DATA_DIR, mode 755 for the `postgres` user it runs as under root. One process, whose cluster it is; pgbench
 * then runs on that cluster, in a database of its own, while the server is idle.
 */
async function benchEmbedded(pgbench, mainJs) {
  const dataDir = mkdtempSync('/tmp/lajan-bench-embedded-');
  chmodSync(dataDir, 0o755);
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, PORT: String(await freePort()), DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  const started = Date.now();
  const server = startServer(mainJs, env);
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    const base = `http://127.0.0.1:${env.PORT}/api`;
    await waitForHealth(base, 180_000);
    const databaseUrl = embeddedUrl(dataDir);
    log(
      `serveur prêt sur sa base intégrée en ${((Date.now() - started) / 1000).toFixed(1)} s (DATA_DIR ${dataDir})`,
    );
    await logSettings(databaseUrl);
    const results = await runCases([base], [server], databaseUrl, 'Lajan, base intégrée');

    const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
    await admin.connect();
    try {
      await admin.query('CREATE DATABASE lajan_pgbench');
    } finally {
      await admin.end();
    }
    results.push(
      ...pgbenchCases(
        pgbench,
        withDatabase(databaseUrl, 'lajan_pgbench'),
        'pgbench tpcb-like, PostgreSQL intégré',
      ),
    );
    printResults('Base par défaut : le PostgreSQL intégré (sans DATABASE_URL)', results);
  } finally {
    // SIGTERM: the server closes its pool, then stops its PostgreSQL.
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What makes two PostgreSQL servers differ in speed, printed so that the embedded one can be compared. */
async function logSettings(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT name, setting FROM pg_settings WHERE name IN ('server_version', 'debug_assertions', 'shared_buffers',
         'fsync', 'synchronous_commit', 'wal_sync_method', 'io_method', 'jit', 'max_connections') ORDER BY name`,
    );
    log(`réglages : ${rows.map((row) => `${row.name}=${row.setting}`).join(', ')}`);
  } finally {
    await client.end();
  }
}

/** The address of the embedded cluster a running server holds in DATA_DIR (its postmaster.pid and password file). */
function embeddedUrl(dataDir) {
  const port = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/lajan`;
}

/** The scene, the funding, then each case: many accounts, then one float, at each client count. */
/**
 * @typedef {{ name: string; clients: number; pgbench?: boolean } & (
 *   Awaited<ReturnType<typeof runTransfers>> | ReturnType<typeof runPgbench>
 * )} CaseResult
 */

/** @returns {Promise<CaseResult[]>} */
async function runCases(bases, servers, databaseUrl, label) {
  const scene = await prepareScene(bases, servers, databaseUrl);
  /** @type {CaseResult[]} */
  const results = [];
  for (const [mode, what] of [
    ['spread', 'comptes nombreux'],
    ['hot', 'un seul float'],
  ]) {
    for (const clients of CLIENT_COUNTS) {
      results.push({
        name: `${label}, ${clients} clients, ${what}`,
        clients,
        ...(await runTransfers(scene, clients, mode)),
      });
    }
  }
  return results;
}

/** The scene of one database, funded, its statistics fresh: what every case then runs on. */
async function prepareScene(bases, servers, databaseUrl) {
  const superToken = await firstSignIn(bases[0]);
  const scene = await openScene(databaseUrl);
  scene.serverPids = servers.map((server) => server.pid);
  scene.bases = bases;
  scene.databaseUrl = databaseUrl;
  scene.postmasterPid = await postmasterPid(databaseUrl);
  await fund(bases[0], superToken, scene);
  await analyze(databaseUrl);
  return scene;
}

function pgbenchCases(pgbench, url, label) {
  if (!WITH_PGBENCH) return [];
  log(`${label} : pgbench -i -s 64…`);
  execFileSync(pgbench, ['-i', '-q', '-s', '64', url], { stdio: 'ignore' });
  return CLIENT_COUNTS.map((clients) => ({
    name: `${label}, ${clients} clients`,
    clients,
    pgbench: true,
    ...runPgbench(pgbench, url, clients, seconds),
  }));
}

/**
 * Keep-alive connections, one per client, through node:http: the load generator's own CPU is taken from
 * the two cores the server and PostgreSQL share (pgbench's client is a few C calls; `fetch` costs several
 * times node:http's CPU per request).
 */
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 512 });

function post(base, path, token, body, key) {
  const url = new URL(`${base}${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: httpAgent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode, body: text ? JSON.parse(text) : undefined });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const CLIENT_KIND = process.env.BENCH_CLIENT ?? 'lean';

async function signIn(base, username, password) {
  const answer = await post(base, '/auth/login', undefined, { username, password });
  if (answer.status !== 200) throw new Error(`connexion de ${username} : ${answer.status}`);
  return answer.body.data.access_token;
}

async function firstSignIn(base) {
  const first = await signIn(base, 'superadmin', SUPERADMIN_PASSWORD);
  const changed = await post(base, '/users/update-password', first, {
    current_password: SUPERADMIN_PASSWORD,
    password: `${SUPERADMIN_PASSWORD}x`,
    password_confirmation: `${SUPERADMIN_PASSWORD}x`,
  });
  if (changed.status !== 200) throw new Error(`changement de mot de passe : ${changed.status}`);
  return signIn(base, 'superadmin', `${SUPERADMIN_PASSWORD}x`);
}

/**
 * Agents (each with a float and a teller) and customer accounts (each with its holder), written straight
 * into the database: the bench measures the money path, not account opening.
 */
/** A teller of the agent, signed in by `TELLER_PASSWORD`, its drawer open. */
async function openTeller(db, passwordHash, agentId, code, n) {
  const name = n === 0 ? code : `${code}-${n}`;
  const {
    rows: [person],
  } = await db.query(
    `INSERT INTO persons (first_name, last_name, email) VALUES ('Caisse', $1, $2) RETURNING id`,
    [name, `caisse.${name.toLowerCase()}@banc.test`],
  );
  const username = `caisse.${name.toLowerCase()}`;
  const {
    rows: [user],
  } = await db.query(
    `INSERT INTO users (username, password_hash, person_id, role, agent_id, agent_role, password_updated_at)
     VALUES ($1, $2, $3, 'user', $4, 'agent', now()) RETURNING id`,
    [username, passwordHash, person.id, agentId],
  );
  // Its drawer open (decision 149): deposits and withdrawals are cash operations.
  await db.query(
    `INSERT INTO drawer_sessions (user_id, agent_id, opened_at, opening_counts, opening_centimes)
     VALUES ($1, $2, now() - interval '1 day', '{}', 0)`,
    [user.id, agentId],
  );
  return username;
}

async function openScene(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const passwordHash = await hash(TELLER_PASSWORD);
  const agents = [];
  try {
    await db.query('BEGIN');
    for (let i = 0; i < AGENTS; i += 1) {
      const code = `B${String(i).padStart(3, '0')}`;
      const {
        rows: [agent],
      } = await db.query(`INSERT INTO agents (code, name, type) VALUES ($1, $2, 'Business') RETURNING id`, [
        code,
        `Agent de banc ${i}`,
      ]);
      await db.query(
        `INSERT INTO accounts (account_number, kind, status, agent_id) VALUES ($1, 'float', 'active', $2)`,
        [accountNumber(), agent.id],
      );
      // Agent 0, where every client of the one-float case works, has a teller per client: a teller's
      // movements that check a holder run one after another (decision 193), as at a counter.
      const tellers = i === 0 ? Math.max(...CLIENT_COUNTS) : 1;
      const usernames = [];
      for (let n = 0; n < tellers; n += 1)
        usernames.push(await openTeller(db, passwordHash, agent.id, code, n));
      agents.push({ code, usernames });
    }
    const accounts = [];
    for (let i = 0; i < ACCOUNTS; i += 1) {
      const document = `BANC-${String(i).padStart(6, '0')}`;
      const {
        rows: [person],
      } = await db.query(
        `INSERT INTO persons (first_name, last_name, id_document_type, id_document_number)
         VALUES ('Client', $1, 'id_card', $2) RETURNING id`,
        [`N${i}`, document],
      );
      const number = accountNumber();
      const {
        rows: [account],
      } = await db.query(
        `INSERT INTO accounts (account_number, kind, type, status) VALUES ($1, 'customer', 'current', 'active')
         ON CONFLICT DO NOTHING RETURNING id`,
        [number],
      );
      if (!account) {
        i -= 1;
        continue;
      }
      await db.query(`INSERT INTO account_holders (account_id, person_id, position) VALUES ($1, $2, 0)`, [
        account.id,
        person.id,
      ]);
      accounts.push({
        accountNumber: number,
        party: { name: `Client N${i}`, idDocumentType: 'id_card', idDocumentNumber: document },
      });
    }
    await db.query('COMMIT');
    log(`${agents.length} agents et ${accounts.length} comptes ouverts`);
    return { agents, accounts };
  } finally {
    await db.end();
  }
}

/**
 * ANALYZE the tables the scene just filled, as autovacuum soon does on a running server: else each connection
 * keeps the plans it made for the functions on near-empty tables (whole-table scans of accounts, holders and
 * persons included) until an ANALYZE replaces them (decision 155).
 */
async function analyze(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
}

/** Funds every float from the treasury and every account by a cash deposit, over the API. */
async function fund(base, superToken, scene) {
  for (const agent of scene.agents) {
    agent.tokens = [];
    for (const username of agent.usernames) agent.tokens.push(await signIn(base, username, TELLER_PASSWORD));
    agent.token = agent.tokens[0];
  }
  // Agent 0 takes every deposit: its float needs ACCOUNTS × funding.
  const needed = ACCOUNTS * ACCOUNT_FUNDING_HTG;
  const party = { name: 'Trésorerie', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-1' };
  for (let funded = 0; funded < needed; funded += 1_000_000) {
    const answer = await post(
      base,
      '/agents/deposit',
      superToken,
      { code: scene.agents[0].code, party, amount: 1_000_000 },
      randomUUID(),
    );
    if (answer.status !== 201)
      throw new Error(`dépôt sur agent : ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  for (const agent of scene.agents.slice(1)) {
    const answer = await post(
      base,
      '/agents/deposit',
      superToken,
      { code: agent.code, party, amount: 10_000 },
      randomUUID(),
    );
    if (answer.status !== 201) throw new Error(`dépôt sur agent : ${answer.status}`);
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < scene.accounts.length) {
        const account = scene.accounts[next++];
        const answer = await post(
          base,
          '/transactions/deposit',
          scene.agents[0].token,
          { accountNumber: account.accountNumber, party: account.party, amount: ACCOUNT_FUNDING_HTG },
          randomUUID(),
        );
        if (answer.status !== 201) throw new Error(`dépôt : ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }),
  );
  log(`floats et comptes approvisionnés (${scene.accounts.length} dépôts)`);
}

/**
 * `spread`: client c works at agent c+1 (its own float), between random accounts: few rows in common.
 * `hot`: every client works at agent 0 (each as a teller of its own), whose float receives the agent share of every
 * transfer.
 */
async function runTransfers(scene, clients, mode, { warmUpMs = 2_000, measuredMs = seconds * 1000 } = {}) {
  const { accounts } = scene;
  const run = (durationMs, record) =>
    driveClients(
      clients,
      durationMs,
      (client) => {
        const token =
          mode === 'hot'
            ? scene.agents[0].tokens[client % scene.agents[0].tokens.length]
            : scene.agents[1 + (client % (scene.agents.length - 1))].token;
        const base = scene.bases[client % scene.bases.length];
        const lean = CLIENT_KIND === 'http' ? null : new LeanClient(base);
        return {
          send() {
            const [from, to] = twoDistinct(accounts.length);
            const body = {
              senderAccountNumber: accounts[from].accountNumber,
              recipientAccountNumber: accounts[to].accountNumber,
              party: accounts[from].party,
              amount: TRANSFER_HTG,
            };
            return lean
              ? lean.post('/transactions/transfer', token, JSON.stringify(body), randomUUID())
              : post(base, '/transactions/transfer', token, body, randomUUID());
          },
          close: () => lean?.close(),
        };
      },
      record,
    );
  await run(warmUpMs, () => undefined);
  const latencies = [];
  const statuses = {};
  const started = performance.now();
  const serversCpuMs = () => scene.serverPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const cpuBefore = serversCpuMs();
  const clientCpuBefore = process.cpuUsage();
  const postgresBefore = postgresCpuMs(scene.postmasterPid);
  const machineBefore = machineBusyMs();
  const { lsn: walBefore } = await walSince(scene.databaseUrl);
  const measuredFrom = new Date();
  await run(measuredMs, (status, ms) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 201) latencies.push(ms);
  });
  const elapsedS = (performance.now() - started) / 1000;
  const { bytes: walBytes, lsn: walAfter } = await walSince(scene.databaseUrl, walBefore);
  latencies.sort((a, b) => a - b);
  const result = {
    perSecond: latencies.length / elapsedS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    statuses,
    serverCpuMsPerTransfer: (serversCpuMs() - cpuBefore) / Math.max(latencies.length, 1),
    clientCpuMsPerTransfer: cpuTotalMs(process.cpuUsage(clientCpuBefore)) / Math.max(latencies.length, 1),
    postgresCpuMsPerTransfer:
      postgresCpuSinceMs(postgresBefore, scene.postmasterPid) / Math.max(latencies.length, 1),
    machineCpuMsPerTransfer: (machineBusyMs() - machineBefore) / Math.max(latencies.length, 1),
    walBytesPerTransfer: walBytes / Math.max(latencies.length, 1),
    batches: await batchSizes(scene.databaseUrl, measuredFrom),
  };
  log(
    `${mode} ${clients} clients : ${result.perSecond.toFixed(0)}/s, statuts ${JSON.stringify(statuses)}, ` +
      `CPU du serveur ${result.serverCpuMsPerTransfer.toFixed(2)} ms par transfert, ` +
      `de PostgreSQL ${result.postgresCpuMsPerTransfer.toFixed(2)} ms, du client de charge ` +
      `${result.clientCpuMsPerTransfer.toFixed(2)} ms, WAL ${result.walBytesPerTransfer.toFixed(0)} octets`,
  );
  log(`${mode} ${clients} clients : tailles des lots (group commit) ${result.batches.text}`);
  // For `pg_waldump --stats=record -s FROM -e TO` on the server's pg_wal: what the WAL of a run is made of.
  if (process.env.BENCH_WAL_RANGE === '1')
    log(`${mode} ${clients} clients : WAL de ${walBefore} à ${walAfter}`);
  return result;
}

/** Upper bounds of the batch-size histogram's buckets. */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128];

/**
 * The server's WAL insert position, and the WAL bytes written since `before` (0 without one), all databases':
 * cases run one at a time. Unlike time, a transfer's WAL bytes (locks, tuples, index entries) do not depend
 * on the machine's speed or load: they show what a change of the ledger's SQL adds or removes.
 */
async function walSince(databaseUrl, before = null) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select l::text as lsn, coalesce(pg_wal_lsn_diff(l, $1::pg_lsn), 0)::float8 as bytes
        from pg_current_wal_insert_lsn() as l`,
      [before],
    );
    return rows[0];
  } finally {
    await db.end();
  }
}

/**
 * The sizes of the batches that posted the transfers since `from`, read from the ledger itself: the
 * movements of one batch were written by one database transaction, so they share their rows' `xmin`.
 */
async function batchSizes(databaseUrl, from) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select n, count(*)::int as batches from (select count(*)::int as n from transactions
        where type = 'transfer' and created_at >= $1 group by xmin::text) as b group by n order by n`,
      [from],
    );
    const buckets = BATCH_BUCKETS.map(() => 0);
    let batches = 0;
    let movements = 0;
    for (const { n, batches: count } of rows) {
      const index = BATCH_BUCKETS.findIndex((bound) => n <= bound);
      buckets[index === -1 ? buckets.length - 1 : index] += count;
      batches += count;
      movements += n * count;
    }
    const mean = movements / Math.max(batches, 1);
    const text =
      `moyenne ${mean.toFixed(1)} (${batches} lots) ; ` +
      BATCH_BUCKETS.map((bound, i) => {
        const low = i === 0 ? 1 : BATCH_BUCKETS[i - 1] + 1;
        return `${low === bound ? bound : `${low}–${bound}`} : ${buckets[i]}`;
      }).join(', ');
    return { mean, text };
  } finally {
    await db.end();
  }
}

function printResults(title, results) {
  const pgbenchTps = Object.fromEntries(
    results.filter((r) => r.pgbench).map((r) => [r.clients, r.perSecond]),
  );
  const lines = [
    `\n${title}, LOG_LEVEL=${LOG_LEVEL} :\n`,
    '| cas | par seconde | p50 (ms) | p99 (ms) | rapport à pgbench | CPU serveur (ms) | CPU PostgreSQL (ms) | CPU machine (ms) | lot moyen |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.map((r) => {
      const ratio =
        r.pgbench || pgbenchTps[r.clients] === undefined
          ? ''
          : `${(r.perSecond / pgbenchTps[r.clients]).toFixed(2)}`;
      // pgbench connects afresh and its PostgreSQL processes have ended when they are read: only the
      // whole machine's CPU is told for it.
      const ms = (value) => (value === undefined ? '' : value.toFixed(2));
      return (
        `| ${r.name} | ${r.perSecond.toFixed(0)} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ${ratio} ` +
        `| ${ms(r.serverCpuMsPerTransfer)} | ${ms(r.postgresCpuMsPerTransfer)} | ${ms(r.machineCpuMsPerTransfer)} ` +
        `| ${r.batches ? r.batches.mean.toFixed(1) : ''} |`
      );
    }),
  ];
  console.log(lines.join('\n'));
  const histograms = results.filter((r) => r.batches);
  if (histograms.length > 0)
    console.log(
      `\nTailles des lots (transferts par transaction de la base) :\n${histograms
        .map((r) => `- ${r.name} : ${r.batches.text}`)
        .join('\n')}`,
    );
  const refused = results.filter((r) => r.statuses && Object.keys(r.statuses).some((s) => s !== '201'));
  if (refused.length > 0)
    console.log(
      '\nStatuts autres que 201 :',
      refused.map((r) => `${r.name} ${JSON.stringify(r.statuses)}`).join('; '),
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

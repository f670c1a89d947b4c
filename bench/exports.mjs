// `npm run bench:exports`: a teller's history read and deposit, p95 over HTTP, alone then while another teller
// asks for fifty year-long statement exports at once (decision 233). Settings (EXPORTS_*) in bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { freePort } from './free-port.mjs';
import {
  percentile,
  withDatabase,
  waitForHealth,
  accountNumberSql,
  transactionNumberSql,
} from './measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** `label=path/to/dist/main.js` pairs, comma-separated; default: this tree's build. */
const BUILDS = (process.env.EXPORTS_BUILDS ?? `ici=${join(root, 'apps/server/dist/main.js')}`)
  .split(',')
  .map((pair) => {
    const [label, path] = pair.split('=');
    return { label, mainJs: resolve(path) };
  });
const MOVEMENTS = Number(process.env.EXPORTS_MOVEMENTS ?? 50_000);
const HISTORY_ROWS = Number(process.env.EXPORTS_HISTORY_ROWS ?? 20_000);
const SECONDS = Number(process.env.EXPORTS_SECONDS ?? 20);
const CONCURRENCY = Number(process.env.EXPORTS_CONCURRENCY ?? 50);
/** A client refused (429) asks again after this pause: fifty exports wanted all along, not a spin. */
const RETRY_MS = Number(process.env.EXPORTS_RETRY_MS ?? 100);
const TELLER_PASSWORD = 'Banc-Essai-2026!';
const SUPERADMIN_PASSWORD = 'Banc-Depart-2026!';
const DEPOSIT_ACCOUNTS = 20;

const log = (...parts) => console.error('[bench:exports]', ...parts);

/** The counter's client: a few keep-alive sockets; the exports get sockets of their own. */
const counterAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const exportAgent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 4 });

/**
 * @param {{ token?: string; body?: unknown; key?: string; agent?: http.Agent }} [options]
 * @returns {Promise<{ status: number; body: any; ms: number }>}
 */
function request(base, method, path, options = {}) {
  const { token, body, key, agent = counterAgent } = options;
  const url = new URL(`${base}${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const t0 = process.hrtime.bigint();
  return new Promise((resolvePromise, reject) => {
    const req = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          resolvePromise({ status: response.statusCode ?? 0, body: parsed, ms });
        });
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(base, username, password) {
  const answer = await request(base, 'POST', '/auth/login', { body: { username, password } });
  if (answer.status !== 200) throw new Error(`connexion de ${username} : ${answer.status}`);
  return answer.body.data.access_token;
}

/**
 * Two agents, each with a float of 1 000 000 HTG (the most one agent deposit may bring) (an agent deposit from the treasury), a teller with its
 * drawer open and customer accounts; the exporting teller's first account gets `MOVEMENTS` deposits spread
 * over the last 365 days, the counter teller's agent `HISTORY_ROWS` over 90: straight into the database.
 */
async function seed(db) {
  const passwordHash = await hash(TELLER_PASSWORD);
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO agents (code, name, type) VALUES ('XA', 'Guichet', 'Business'), ('XB', 'Relevés', 'Business')`,
  );
  await db.query(
    `INSERT INTO accounts (account_number, kind, status, agent_id)
     SELECT ${accountNumberSql('9000000 + ascii(substr(code, 2))')}, 'float', 'active', id FROM agents WHERE code IN ('XA', 'XB')`,
  );
  await db.query(
    `INSERT INTO persons (first_name, last_name, email)
     SELECT 'Caisse', code, 'caisse.' || lower(code) || '@banc.test' FROM agents WHERE code IN ('XA', 'XB')`,
  );
  await db.query(
    `INSERT INTO users (username, password_hash, person_id, role, agent_id, agent_role, password_updated_at)
     SELECT 'caisse.' || lower(a.code), $1, p.id, 'user', a.id, 'agent', now()
     FROM agents a JOIN persons p ON p.email = 'caisse.' || lower(a.code) || '@banc.test'`,
    [passwordHash],
  );
  // Its drawer open (decision 149): a deposit is a cash operation.
  await db.query(
    `INSERT INTO drawer_sessions (user_id, agent_id, opened_at, opening_counts, opening_centimes)
     SELECT u.id, u.agent_id, now() - interval '1 day', '{}', 0 FROM users u WHERE u.username = 'caisse.xa'`,
  );
  // Customers 0…DEPOSIT_ACCOUNTS-1 at XA (the counter's deposits and history), DEPOSIT_ACCOUNTS at XB (the statement).
  await db.query(
    `INSERT INTO persons (first_name, last_name, id_document_type, id_document_number)
     SELECT 'Client', 'N' || a, 'id_card', 'EXP-' || lpad(a::text, 6, '0') FROM generate_series(0, $1) a`,
    [DEPOSIT_ACCOUNTS],
  );
  await db.query(
    `INSERT INTO accounts (account_number, kind, type, status, agent_id)
     SELECT ${accountNumberSql('a')}, 'customer', 'current', 'active',
            (SELECT id FROM agents WHERE code = CASE WHEN a < $1 THEN 'XA' ELSE 'XB' END)
     FROM generate_series(0, $1) a`,
    [DEPOSIT_ACCOUNTS],
  );
  await db.query(
    `INSERT INTO account_holders (account_id, person_id, position)
     SELECT c.id, p.id, 0 FROM persons p
     JOIN accounts c ON c.account_number = ${accountNumberSql('substr(p.id_document_number, 5)::int')}
     WHERE p.id_document_number LIKE 'EXP-%'`,
  );
  const {
    rows: [ids],
  } = await db.query(
    `SELECT (SELECT id FROM accounts WHERE system_code = 'treasury') AS treasury,
            (SELECT id FROM users WHERE username = 'superadmin') AS super_user`,
  );
  await db.query(
    `WITH t AS (
       INSERT INTO transactions (transaction_number, type, status, amount_centimes, agent_id,
         created_by_user_id, recipient_account_id, party, created_at)
       SELECT ${transactionNumberSql('90000000000 + ascii(substr(a.code, 2))')}, 'agent_deposit', 'completed',
         100000000, a.id, $1::uuid, f.id,
         jsonb_build_object('name', 'Trésorerie', 'idDocumentType', 'id_card', 'idDocumentNumber', 'TRESOR-1'),
         now() - interval '400 days'
       FROM agents a JOIN accounts f ON f.agent_id = a.id AND f.kind = 'float' WHERE a.code IN ('XA', 'XB')
       RETURNING id, recipient_account_id, created_at
     )
     INSERT INTO entries (transaction_id, account_id, amount_centimes, created_at)
     SELECT t.id, e.account_id, e.amount, t.created_at FROM t
     CROSS JOIN LATERAL (VALUES (t.recipient_account_id, 100000000::bigint), ($2::uuid, -100000000::bigint))
       AS e(account_id, amount)`,
    [ids.super_user, ids.treasury],
  );
  await deposits(db, { from: 0, count: MOVEMENTS, agent: 'XB', account: `${DEPOSIT_ACCOUNTS}`, days: 365 });
  await deposits(db, {
    from: MOVEMENTS,
    count: HISTORY_ROWS,
    agent: 'XA',
    account: `(g % ${DEPOSIT_ACCOUNTS})`,
    days: 90,
  });
  await db.query('COMMIT');
  // The balance is the sum of the entries (DESIGN §4); the history's counters and per-day sums rebuilt from
  // the rows (no trigger fired: the seed runs as a replica), as `history.mjs` does (decisions 144, 167).
  await db.query(
    `UPDATE accounts a SET balance_centimes = s.total
     FROM (SELECT account_id, sum(amount_centimes) AS total FROM entries GROUP BY account_id) s
     WHERE s.account_id = a.id AND a.balance_centimes <> s.total`,
  );
  await db.query('TRUNCATE history_counts, account_day_totals');
  await db.query(
    `INSERT INTO history_counts (agent_key, type, slot, n)
     SELECT coalesce(agent_id, '00000000-0000-0000-0000-000000000000'::uuid), type, 0, count(*)
     FROM transactions GROUP BY 1, 2`,
  );
  await db.query(
    `INSERT INTO account_day_totals (account_id, day, slot, amount_centimes)
     SELECT e.account_id, (e.created_at AT TIME ZONE 'America/Port-au-Prince')::date, 0, sum(e.amount_centimes)
     FROM entries e JOIN accounts a ON a.id = e.account_id
     WHERE a.kind IN ('float', 'system') GROUP BY 1, 2`,
  );
  for (const table of [
    'history_counts',
    'account_day_totals',
    'transactions',
    'entries',
    'accounts',
    'persons',
  ])
    await db.query(`VACUUM (ANALYZE) ${table}`);
  await db.query('CHECKPOINT');
}

/** `count` deposits of 10 HTG by `agent`'s teller on `account` (an SQL index over `g`), even over `days`. */
async function deposits(db, { from, count, agent, account, days }) {
  await db.query(
    `WITH r AS (
       SELECT g, ag.id AS agent_id, f.id AS float_id, u.id AS user_id, c.id AS account_id,
              now() - interval '10 minutes' - ($3::int - g + $1::bigint) * ($4::float8 * 86400000 / $3::int)
                * interval '1 millisecond' AS at
       FROM generate_series($1::bigint, $1::bigint + $3::int - 1) g
       JOIN agents ag ON ag.code = $2
       JOIN accounts f ON f.agent_id = ag.id AND f.kind = 'float'
       JOIN users u ON u.agent_id = ag.id
       JOIN accounts c ON c.account_number = ${accountNumberSql(account)}
     ), t AS (
       INSERT INTO transactions (id, transaction_number, type, status, amount_centimes, fee_centimes,
         agent_share_centimes, agent_id, created_by_user_id, account_id, party, created_at)
       SELECT ledger_time_ordered_uuid(), ${transactionNumberSql('r.g')}, 'deposit', 'completed', 1000, 0, 0,
         r.agent_id, r.user_id, r.account_id,
         jsonb_build_object('name', 'Client', 'idDocumentType', 'id_card', 'idDocumentNumber', 'EXP-' || r.g),
         r.at
       FROM r
       RETURNING id, account_id, agent_id, amount_centimes AS amount, created_at
     )
     INSERT INTO entries (transaction_id, account_id, amount_centimes, created_at)
     SELECT t.id, e.account_id, e.amount, t.created_at
     FROM t JOIN accounts f ON f.agent_id = t.agent_id AND f.kind = 'float'
     CROSS JOIN LATERAL (VALUES (f.id, -t.amount), (t.account_id, t.amount)) AS e(account_id, amount)`,
    [from, agent, count, days],
  );
}

const haitiDay = (date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Port-au-Prince' }).format(date);

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/** The counter: history page 1, then a deposit of 20 HTG (the least the fee bands take), one after the other, for `SECONDS`. */
async function counter(base, token, accounts) {
  const history = [];
  const deposit = [];
  const deadline = Date.now() + SECONDS * 1000;
  for (let i = 0; Date.now() < deadline; i += 1) {
    const read = await request(base, 'GET', '/transactions/history?page=1&per_page=10', { token });
    if (read.status !== 200) throw new Error(`historique : ${read.status} ${JSON.stringify(read.body)}`);
    history.push(read.ms);
    const account = accounts[i % accounts.length];
    const posted = await request(base, 'POST', '/transactions/deposit', {
      token,
      key: randomUUID(),
      body: { accountNumber: account.number, party: account.party, amount: 20 },
    });
    if (posted.status !== 201) throw new Error(`dépôt : ${posted.status} ${JSON.stringify(posted.body)}`);
    deposit.push(posted.ms);
  }
  return { history: summary(history), deposit: summary(deposit) };
}

/** `CONCURRENCY` clients asking for the year-long statement export again and again until `stop()`. */
function exportLoad(base, token, accountNumber) {
  const to = haitiDay(new Date());
  const from = haitiDay(new Date(Date.now() - 365 * 86_400_000));
  const path = `/reports/accounts/${accountNumber}/statement/export?from=${from}&to=${to}`;
  let running = true;
  const counts = { ok: 0, refused: 0, other: 0 };
  const okTimes = [];
  const clients = Array.from({ length: CONCURRENCY }, async () => {
    while (running) {
      const answer = await request(base, 'GET', path, { token, agent: exportAgent });
      if (answer.status === 200) {
        counts.ok += 1;
        okTimes.push(answer.ms);
      } else if (answer.status === 429) {
        counts.refused += 1;
        await new Promise((done) => setTimeout(done, RETRY_MS));
      } else {
        counts.other += 1;
        if (counts.other <= 3) log(`export : ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        await new Promise((done) => setTimeout(done, RETRY_MS));
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(clients);
      return { ...counts, export: summary(okTimes) };
    },
  };
}

async function measureBuild({ label, mainJs }) {
  if (!existsSync(mainJs)) throw new Error(`${mainJs} introuvable : npm run build -w @lajan/server`);
  const dbName = `lajan_bench_exports_${process.pid}_${label.replace(/\W/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = withDatabase(adminUrl, dbName);
  const dataDir = mkdtempSync(join(tmpdir(), 'lajan-bench-exports-'));
  const db = new pg.Client({ connectionString: databaseUrl });
  let server;
  try {
    const port = await freePort();
    server = spawn(process.execPath, [mainJs], {
      cwd: dirname(dirname(dirname(dirname(mainJs)))),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: randomBytes(32).toString('hex'),
        SUPERADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}/api`;
    await waitForHealth(base);
    await db.connect();
    await db.query('SET synchronous_commit = off');
    // Consistent by construction: no foreign-key trigger per row (a superuser's setting).
    await db.query('SET session_replication_role = replica');
    const t0 = Date.now();
    await seed(db);
    log(
      `${label} : ${MOVEMENTS} mouvements sur le compte relevé, ${HISTORY_ROWS} au guichet, en ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    const { rows } = await db.query(
      `SELECT c.account_number, p.id_document_number FROM accounts c
       JOIN account_holders h ON h.account_id = c.id JOIN persons p ON p.id = h.person_id
       WHERE p.id_document_number LIKE 'EXP-%' ORDER BY p.id_document_number`,
    );
    // The holder as the counter names it: a wrong document would count against the teller (decision 172).
    const accounts = rows.slice(0, DEPOSIT_ACCOUNTS).map((row, i) => ({
      number: row.account_number,
      party: { name: `Client N${i}`, idDocumentType: 'id_card', idDocumentNumber: row.id_document_number },
    }));
    const statementAccount = rows[DEPOSIT_ACCOUNTS].account_number;
    const counterToken = await signIn(base, 'caisse.xa', TELLER_PASSWORD);
    const exportToken = await signIn(base, 'caisse.xb', TELLER_PASSWORD);
    // A warm-up: each connection prepares its statements at first use.
    for (let i = 0; i < 20; i += 1)
      await request(base, 'GET', '/transactions/history?page=1&per_page=10', { token: counterToken });
    const single = await request(
      base,
      'GET',
      `/reports/accounts/${statementAccount}/statement/export?from=${haitiDay(new Date(Date.now() - 365 * 86_400_000))}&to=${haitiDay(new Date())}`,
      { token: exportToken, agent: exportAgent },
    );
    if (single.status !== 200)
      throw new Error(`export seul : ${single.status} ${JSON.stringify(single.body)}`);
    log(
      `${label} : un export seul, ${(single.body.length / 1048576).toFixed(1)} Mio en ${single.ms.toFixed(0)} ms`,
    );
    const calm = await counter(base, counterToken, accounts);
    log(`${label} : guichet seul mesuré`);
    const load = exportLoad(base, exportToken, statementAccount);
    await new Promise((done) => setTimeout(done, 1000));
    const loaded = await counter(base, counterToken, accounts);
    const exports = await load.stop();
    return { label, calm, loaded, exports, single: single.ms };
  } finally {
    server?.kill('SIGTERM');
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (ms) => (Number.isFinite(ms) ? ms.toFixed(1) : 'n/a');

async function main() {
  if (!process.env.EXPORTS_BUILDS && process.env.BENCH_BUILD !== '0') {
    log('construction du serveur…');
    execFileSync('npm', ['run', 'build', '-w', '@lajan/server'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const results = [];
  for (const build of BUILDS) results.push(await measureBuild(build));
  const lines = [
    `| build | historique p50 / p95 seul | historique p50 / p95 pendant | dépôt p50 / p95 seul | dépôt p50 / p95 pendant | exports servis / refusés / autres (p50 d'un export servi) |`,
    '|---|--:|--:|--:|--:|--:|',
  ];
  for (const r of results)
    lines.push(
      `| ${r.label} | ${fmt(r.calm.history.p50)} / ${fmt(r.calm.history.p95)} | ${fmt(r.loaded.history.p50)} / ${fmt(r.loaded.history.p95)} | ` +
        `${fmt(r.calm.deposit.p50)} / ${fmt(r.calm.deposit.p95)} | ${fmt(r.loaded.deposit.p50)} / ${fmt(r.loaded.deposit.p95)} | ` +
        `${r.exports.ok} / ${r.exports.refused} / ${r.exports.other} (${fmt(r.exports.export.p50)} ms) |`,
    );
  console.log(
    `${CONCURRENCY} clients d'export (un relevé de 365 jours, ${MOVEMENTS} mouvements, redemandé ${RETRY_MS} ms après un refus), ${SECONDS} s par mesure, ms :\n${lines.join('\n')}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// `npm run bench:history`: the ledger's reads and CSV export over HTTP, at 10 000 then 1 000 000 transactions
// seeded in SQL. Settings (BENCH_DATABASE_URL, HISTORY_*) in bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
const ROWS = Number(process.env.HISTORY_ROWS ?? 1_000_000);
const FIRST_ROWS = Math.min(ROWS, Number(process.env.HISTORY_FIRST_ROWS ?? 10_000));
const REQUESTS = Number(process.env.HISTORY_REQUESTS ?? 50);
const EXPORT_ROWS = Number(process.env.HISTORY_EXPORT_ROWS ?? 100_000);
const AGENTS = 50;
const ACCOUNTS = 20_000;
const BATCH = 50_000;
const DAYS = 90;
const TELLER_PASSWORD = 'Banc-Essai-2026!';
const SUPERADMIN_PASSWORD = 'Banc-Depart-2026!';

const log = (...parts) => console.error('[bench:history]', ...parts);

const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function request(base, method, path, token, body, onChunk) {
  const url = new URL(`${base}${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: httpAgent,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => (onChunk ? onChunk(chunk, req) : chunks.push(chunk)));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          resolve({ status: response.statusCode, body: parsed });
        });
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(base, username, password) {
  const answer = await request(base, 'POST', '/auth/login', undefined, { username, password });
  if (answer.status !== 200) throw new Error(`connexion de ${username} : ${answer.status}`);
  return answer.body.data.access_token;
}

async function firstSignIn(base) {
  const first = await signIn(base, 'superadmin', SUPERADMIN_PASSWORD);
  const changed = await request(base, 'POST', '/users/update-password', first, {
    current_password: SUPERADMIN_PASSWORD,
    password: `${SUPERADMIN_PASSWORD}x`,
    password_confirmation: `${SUPERADMIN_PASSWORD}x`,
  });
  if (changed.status !== 200) throw new Error(`changement de mot de passe : ${changed.status}`);
  return signIn(base, 'superadmin', `${SUPERADMIN_PASSWORD}x`);
}

/**
 * Agents (float, teller), 20,000 customer accounts with their holder, and one agent deposit of
 * 1,000,000 HTG per float (from the treasury), all straight into the database.
 */
async function seedScene(db) {
  const passwordHash = await hash(TELLER_PASSWORD);
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO agents (code, name, type)
     SELECT 'H' || lpad(a::text, 3, '0'), 'Agent historique ' || a, 'Business' FROM generate_series(0, $1 - 1) a`,
    [AGENTS],
  );
  await db.query(
    `INSERT INTO accounts (account_number, kind, status, agent_id)
     SELECT ${accountNumberSql('9000000 + substr(code, 2)::int')}, 'float', 'active', id FROM agents WHERE code LIKE 'H%'`,
  );
  await db.query(
    `INSERT INTO persons (first_name, last_name, email)
     SELECT 'Caisse', code, 'caisse.' || lower(code) || '@banc.test' FROM agents WHERE code LIKE 'H%'`,
  );
  await db.query(
    `INSERT INTO users (username, password_hash, person_id, role, agent_id, agent_role, password_updated_at)
     SELECT 'caisse.' || lower(a.code), $1, p.id, 'user', a.id, 'agent', now()
     FROM agents a JOIN persons p ON p.email = 'caisse.' || lower(a.code) || '@banc.test'`,
    [passwordHash],
  );
  await db.query(
    `INSERT INTO persons (first_name, last_name, id_document_type, id_document_number)
     SELECT 'Marc', 'Nom' || lpad(a::text, 5, '0'), 'id_card', 'HIST-' || lpad(a::text, 6, '0')
     FROM generate_series(0, $1 - 1) a`,
    [ACCOUNTS],
  );
  await db.query(
    `INSERT INTO accounts (account_number, kind, type, status, agent_id)
     SELECT ${accountNumberSql('a')}, 'customer', 'current', 'active',
            (SELECT id FROM agents WHERE code = 'H' || lpad((a % $2)::text, 3, '0'))
     FROM generate_series(0, $1 - 1) a`,
    [ACCOUNTS, AGENTS],
  );
  await db.query(
    `INSERT INTO account_holders (account_id, person_id, position)
     SELECT c.id, p.id, 0 FROM persons p
     JOIN accounts c ON c.account_number = ${accountNumberSql('substr(p.id_document_number, 6)::int')}
     WHERE p.id_document_number LIKE 'HIST-%'`,
  );
  // Lookup tables by index, for the generated rows.
  await db.query(
    `CREATE TABLE bench_agent AS
     SELECT substr(a.code, 2)::int AS n, a.id, f.id AS float_id, u.id AS user_id
     FROM agents a JOIN accounts f ON f.agent_id = a.id AND f.kind = 'float'
     JOIN users u ON u.agent_id = a.id WHERE a.code LIKE 'H%'`,
  );
  await db.query(
    `CREATE TABLE bench_account AS
     SELECT substr(p.id_document_number, 6)::int AS n, c.id, c.account_number, p.id AS person_id,
            p.first_name || ' ' || p.last_name AS name, p.id_document_number AS document
     FROM accounts c JOIN account_holders h ON h.account_id = c.id JOIN persons p ON p.id = h.person_id
     WHERE p.id_document_number LIKE 'HIST-%'`,
  );
  await db.query('CREATE UNIQUE INDEX ON bench_agent (n)');
  await db.query('CREATE UNIQUE INDEX ON bench_account (n)');
  await db.query('COMMIT');
}

/**
 * Transactions `from` to `to - 1` of `ROWS`, four per account: deposit 500 HTG, withdrawal 400 (fee 5, share
 * 2), transfer 50 (fee 5, share 2), pending cash external transfer 50 (fee 10, share 4); even over the last
 * 90 days, newest last. Accounts end above zero, floats too (agent deposits).
 */
async function seedTransactions(db, from, to, start) {
  const step = (DAYS * 86_400_000) / ROWS;
  await db.query(
    `WITH g AS (
       SELECT g, g / 4 AS block, g % 4 AS kind FROM generate_series($1::bigint, $2::bigint - 1) g
     ), r AS (
       SELECT g.g, g.kind, ag.id AS agent_id, ag.float_id, ag.user_id, ac.id AS account_id,
              ac.person_id, ac.name, ac.document, other.id AS other_id,
              $3::timestamptz + (g.g * $4::float8) * interval '1 millisecond' AS at
       FROM g
       JOIN bench_agent ag ON ag.n = g.block % ${AGENTS}
       JOIN bench_account ac ON ac.n = g.block % ${ACCOUNTS}
       JOIN bench_account other ON other.n = (g.block * 7919 + 1) % ${ACCOUNTS}
     ), t AS (
       INSERT INTO transactions (id, transaction_number, type, status, amount_centimes, fee_centimes,
         agent_share_centimes, agent_id, created_by_user_id, account_id, sender_account_id,
         recipient_account_id, sender_person_id, recipient, party, created_at)
       SELECT ledger_time_ordered_uuid(), ${transactionNumberSql('r.g')},
         (ARRAY['deposit','withdrawal','transfer','external_transfer'])[r.kind + 1],
         CASE WHEN r.kind = 3 THEN 'pending' ELSE 'completed' END,
         (ARRAY[50000, 40000, 5000, 5000])[r.kind + 1],
         (ARRAY[0, 500, 500, 1000])[r.kind + 1],
         (ARRAY[0, 200, 200, 400])[r.kind + 1],
         r.agent_id, r.user_id,
         CASE WHEN r.kind < 2 THEN r.account_id END,
         CASE WHEN r.kind = 2 THEN r.account_id END,
         CASE WHEN r.kind = 2 THEN r.other_id END,
         CASE WHEN r.kind = 3 THEN r.person_id END,
         CASE WHEN r.kind = 3 THEN jsonb_build_object('firstName', 'Bene', 'lastName', 'R' || r.g,
           'idDocumentType', 'id_card', 'idDocumentNumber', 'BEN-' || r.g) END,
         jsonb_build_object('name', r.name, 'idDocumentType', 'id_card', 'idDocumentNumber', r.document),
         r.at
       FROM r
       RETURNING id, type, amount_centimes AS amount, fee_centimes AS fee, agent_share_centimes AS share,
         account_id, sender_account_id, recipient_account_id, agent_id, created_at
     )
     INSERT INTO entries (transaction_id, account_id, amount_centimes, created_at)
     SELECT t.id, e.account_id, e.amount, t.created_at
     FROM t JOIN bench_agent ag ON ag.id = t.agent_id
     CROSS JOIN LATERAL (VALUES
       (CASE t.type WHEN 'deposit' THEN ag.float_id WHEN 'withdrawal' THEN t.account_id
          WHEN 'transfer' THEN t.sender_account_id ELSE ag.float_id END,
        CASE WHEN t.type = 'deposit' THEN -t.amount ELSE -(t.amount + t.fee) END),
       (CASE t.type WHEN 'deposit' THEN t.account_id WHEN 'withdrawal' THEN ag.float_id
          WHEN 'transfer' THEN t.recipient_account_id ELSE $5::uuid END,
        t.amount),
       (ag.float_id, t.share),
       ($6::uuid, t.fee - t.share)
     ) AS e(account_id, amount)
     WHERE e.amount <> 0`,
    [from, to, start, step, scene.payoutId, scene.feeIncomeId],
  );
}

const scene = {};

async function seedUpTo(db, from, to, start) {
  for (let low = from; low < to; low += BATCH) {
    const high = Math.min(to, low + BATCH);
    await seedTransactions(db, low, high, start);
    if ((high / BATCH) % 4 === 0 || high === to) log(`${high} transactions`);
  }
  // The balance is the sum of the entries (DESIGN §4), for every account the seed touched.
  await db.query(
    `UPDATE accounts a SET balance_centimes = s.total
     FROM (SELECT account_id, sum(amount_centimes) AS total FROM entries GROUP BY account_id) s
     WHERE s.account_id = a.id AND a.balance_centimes <> s.total`,
  );
  // The seed runs as a replica (no trigger fires): the history's counters and per-day sums are rebuilt
  // from the rows, as migration 0010's backfill does (decision 144), the days of the float and system
  // accounts only (decision 167).
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
  await db.query('VACUUM (ANALYZE) history_counts');
  await db.query('VACUUM (ANALYZE) account_day_totals');
  await db.query('VACUUM (ANALYZE) transactions');
  await db.query('VACUUM (ANALYZE) entries');
  await db.query('VACUUM (ANALYZE) accounts');
  // Analyzed as autovacuum would have after such a growth: left with no statistics, the planner takes the
  // 20,000 persons of a common first name for 40 and joins them the slow way (29 ms instead of 9).
  await db.query('VACUUM (ANALYZE) persons');
  await db.query('VACUUM (ANALYZE) account_holders');
  // The seed's dirty pages written now, not by a checkpoint in the middle of the measures: what is measured
  // is a ledger at rest, as a counter reads it, not one just bulk-loaded.
  await db.query('CHECKPOINT');
}

async function funding(db, start) {
  // One agent deposit of 1,000,000 HTG per float, before every other row.
  await db.query(
    `WITH t AS (
       INSERT INTO transactions (transaction_number, type, status, amount_centimes, agent_id,
         created_by_user_id, recipient_account_id, party, created_at)
       SELECT ${transactionNumberSql('90000000000 + ag.n')}, 'agent_deposit', 'completed', 100000000, ag.id,
         $1::uuid, ag.float_id,
         jsonb_build_object('name', 'Trésorerie', 'idDocumentType', 'id_card', 'idDocumentNumber', 'TRESOR-1'),
         $2::timestamptz - interval '1 hour'
       FROM bench_agent ag
       RETURNING id, recipient_account_id, created_at
     )
     INSERT INTO entries (transaction_id, account_id, amount_centimes, created_at)
     SELECT t.id, e.account_id, e.amount, t.created_at FROM t
     CROSS JOIN LATERAL (VALUES (t.recipient_account_id, 100000000::bigint), ($3::uuid, -100000000::bigint))
       AS e(account_id, amount)`,
    [scene.superUserId, start, scene.treasuryId],
  );
}

/** Peak RSS of a process so far (VmHWM), in MiB; NaN off Linux. */
function peakRssMiB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmHWM:'));
    return Number(line?.split(/\s+/)[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

function rssMiB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

async function timed(base, token, method, path, body) {
  const times = [];
  // Two warm-up calls: a connection's first use prepares its statements.
  for (let i = 0; i < REQUESTS + 2; i += 1) {
    const t0 = process.hrtime.bigint();
    const answer = await request(base, method, typeof path === 'function' ? path(i) : path, token, body);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (answer.status !== 200)
      throw new Error(`${method} ${path} : ${answer.status} ${JSON.stringify(answer.body)}`);
    if (i >= 2) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

async function measureReads(base, token, db, superToken) {
  // Agent H000's rows: one of its transaction numbers, an account it served, a holder's name.
  const {
    rows: [sample],
  } = await db.query(
    `SELECT t.transaction_number, c.account_number, (t.party->>'name') AS name
     FROM transactions t JOIN bench_agent ag ON ag.id = t.agent_id AND ag.n = 0
     JOIN accounts c ON c.id = t.account_id
     WHERE t.type = 'deposit' ORDER BY t.created_at DESC LIMIT 1 OFFSET 20`,
  );
  const q = encodeURIComponent;
  const reads = [
    ['historique, page 1', '/transactions/history?page=1&per_page=10'],
    ['historique, page 200', '/transactions/history?page=200&per_page=10'],
    ['historique, type = retrait', '/transactions/history?type=withdrawal'],
    ['q = numéro de transaction', `/transactions/history?q=${q(sample.transaction_number)}`],
    ['q = numéro de compte', `/transactions/history?q=${q(sample.account_number)}`],
    ['q = nom du titulaire', `/transactions/history?q=${q(sample.name)}`],
    // Every customer of the seed is a Marc: the commonest first name, its holders' accounts and senders all match.
    ['q = prénom de tous (Marc)', '/transactions/history?q=Marc'],
    // Half of them are called Nom1…: a common name that matches half the rows (decision 183).
    ['q = nom de la moitié (Nom1)', '/transactions/history?q=Nom1'],
    ['compte (GET /accounts/self)', '/accounts/self'],
    ['solde sur 3 mois', '/reports/balance-series?period=3m'],
  ];
  const results = [];
  for (const [name, path] of reads) results.push({ name, ...(await timed(base, token, 'GET', path)) });
  // Issue 16's reports (decision 148), as the super administrator: the current month in Haiti, today.
  const reports = [
    ['relevé de commissions H000, mois', '/reports/commissions?agentCode=H000'],
    ['opérations du relevé H000, page 1', '/reports/commissions/operations?agentCode=H000'],
    ['revenus de frais du réseau, mois', '/reports/commissions'],
    ['balance générale', '/reports/trial-balance'],
    ["opérations importantes, aujourd'hui", '/reports/large-operations'],
    ['relevé de compte, mois', `/reports/accounts/${q(sample.account_number)}/statement`],
    // The float of the agent whose teller reads above (decision 191): every movement of its month.
    ['relevé du float H000, mois', '/reports/float/statement?agentCode=H000'],
    ['historique du réseau, q = Marc', '/transactions/history?q=Marc'],
    ['historique du réseau, q = Nom1', '/transactions/history?q=Nom1'],
  ];
  for (const [name, path] of reports) results.push({ name, ...(await timed(base, superToken, 'GET', path)) });
  return results;
}

async function measureExport(base, superToken, pid) {
  const before = rssMiB(pid);
  // The RSS while the export runs, sampled every 20 ms: VmHWM is the peak of the process's whole life
  // (the reads before it included), not the export's.
  let duringMax = before;
  const sampler = setInterval(() => {
    duringMax = Math.max(duringMax, rssMiB(pid));
  }, 20);
  let bytes = 0;
  let lines = 0;
  const t0 = process.hrtime.bigint();
  await new Promise((resolve, reject) => {
    const url = new URL(`${base}/transactions/history/export`);
    const req = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { authorization: `Bearer ${superToken}` },
      },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`export : ${response.statusCode}`));
        response.on('data', (chunk) => {
          bytes += chunk.length;
          for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 10) lines += 1;
          if (lines > EXPORT_ROWS) {
            response.destroy();
            resolve(undefined);
          }
        });
        response.on('end', resolve);
        response.on('error', () => resolve(undefined));
      },
    );
    req.on('error', () => resolve(undefined));
    req.end();
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  clearInterval(sampler);
  duringMax = Math.max(duringMax, rssMiB(pid));
  const rows = Math.min(lines - 1, EXPORT_ROWS);
  return {
    rows,
    seconds,
    rowsPerSecond: rows / seconds,
    bytes,
    rssBefore: before,
    rssDuring: duringMax,
    peakRss: peakRssMiB(pid),
  };
}

function fmt(ms) {
  return Number.isFinite(ms) ? ms.toFixed(1).padStart(7) : '    n/a';
}

function printTable(small, large) {
  const lines = [];
  lines.push(
    `| lecture | p50 ${FIRST_ROWS} | p95 ${FIRST_ROWS} | p99 ${FIRST_ROWS} | p50 ${ROWS} | p95 ${ROWS} | p99 ${ROWS} | p95 ${ROWS} / p95 ${FIRST_ROWS} |`,
  );
  lines.push('|---|--:|--:|--:|--:|--:|--:|--:|');
  for (let i = 0; i < small.reads.length; i += 1) {
    const a = small.reads[i];
    const b = large?.reads[i];
    lines.push(
      `| ${a.name} | ${fmt(a.p50)} | ${fmt(a.p95)} | ${fmt(a.p99)} | ${fmt(b?.p50)} | ${fmt(b?.p95)} | ${fmt(b?.p99)} | ${b ? (b.p95 / a.p95).toFixed(2) : 'n/a'} |`,
    );
  }
  for (const [label, run] of [
    [FIRST_ROWS, small],
    [ROWS, large],
  ]) {
    if (!run?.exported) continue;
    const e = run.exported;
    lines.push(
      `\nExport CSV (super administrateur) à ${label} transactions : ${e.rows} lignes en ${e.seconds.toFixed(2)} s, ` +
        `${Math.round(e.rowsPerSecond)} lignes/s, ${(e.bytes / 1048576).toFixed(1)} Mio ; RSS du serveur ${e.rssBefore.toFixed(0)} Mio avant, au plus ${e.rssDuring.toFixed(0)} Mio pendant l'export (pic de la vie du processus ${e.peakRss.toFixed(0)} Mio)`,
    );
  }
  console.log(lines.join('\n'));
}

async function main() {
  const mainJs = join(root, 'apps/server/dist/main.js');
  if (!existsSync(mainJs) || process.env.BENCH_BUILD !== '0') {
    log('construction du serveur…');
    execFileSync('npm', ['run', 'build', '-w', '@lajan/server'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const dbName = `lajan_bench_history_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  let server;
  const databaseUrl = withDatabase(adminUrl, dbName);
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    const port = await freePort();
    server = spawn(process.execPath, [mainJs], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: randomBytes(32).toString('hex'),
        SUPERADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'lajan-bench-history-')),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}/api`;
    await waitForHealth(base);
    const superToken = await firstSignIn(base);
    await db.connect();
    await db.query(`SET synchronous_commit = off`);
    // The seed is consistent by construction: no foreign-key trigger per row (a superuser's setting).
    await db.query(`SET session_replication_role = replica`);
    const seedStart = Date.now();
    await seedScene(db);
    const {
      rows: [ids],
    } = await db.query(
      `SELECT (SELECT id FROM accounts WHERE system_code = 'payout') AS payout,
              (SELECT id FROM accounts WHERE system_code = 'fee_income') AS fee_income,
              (SELECT id FROM accounts WHERE system_code = 'treasury') AS treasury,
              (SELECT id FROM users WHERE username = 'superadmin') AS super_user`,
    );
    Object.assign(scene, {
      payoutId: ids.payout,
      feeIncomeId: ids.fee_income,
      treasuryId: ids.treasury,
      superUserId: ids.super_user,
    });
    // The last row lands a minute ago, the first 90 days earlier.
    const start = new Date(Date.now() - DAYS * 86_400_000 - 60_000).toISOString();
    await funding(db, start);
    await seedUpTo(db, 0, FIRST_ROWS, start);
    log(`${FIRST_ROWS} transactions en ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    const token = await signIn(base, 'caisse.h000', TELLER_PASSWORD);
    const smallReads = await measureReads(base, token, db, superToken);
    const small = { reads: smallReads, exported: await measureExport(base, superToken, server.pid) };
    printTable(small);

    let large;
    if (ROWS > FIRST_ROWS) {
      const t0 = Date.now();
      await seedUpTo(db, FIRST_ROWS, ROWS, start);
      log(`${ROWS} transactions en ${((Date.now() - t0) / 1000).toFixed(1)} s de plus`);
      const largeReads = await measureReads(base, token, db, superToken);
      large = { reads: largeReads, exported: await measureExport(base, superToken, server.pid) };
    }
    printTable(small, large);
  } finally {
    server?.kill('SIGTERM');
    await db.end().catch(() => undefined);
    // HISTORY_KEEP_DATABASE=1 leaves the seeded database to study its plans (EXPLAIN) after the run.
    if (process.env.HISTORY_KEEP_DATABASE === '1') log(`base conservée : ${dbName}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

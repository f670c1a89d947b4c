// `npm run bench:bound`: not Lajan, the bare prototype issue 14 drew its aim from, then given what a Lajan
// transfer writes, stage by stage, beside pgbench (decision 192). Settings in bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port.mjs';
import {
  LeanClient,
  cpuMs,
  driveClients,
  twoDistinct,
  withClient,
  findPgbench,
  machineBusyMs,
  percentile,
  postgresCpuMs,
  postgresCpuSinceMs,
  postmasterPid,
  runPgbench,
  withDatabase,
} from './measure.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const STAGES = (process.env.BOUND_STAGES ?? 'issue,rows,indexes,counters').split(',').filter(Boolean);
const ACCOUNTS = 2000;
const AGENTS = 17;
const FEE_ACCOUNT = 1;
const FIRST_CUSTOMER = 10;
const FIRST_FLOAT = 1_000_000;
/** 300 HTG, fee 5 HTG of which 2 HTG to the agent (the bench:transfers band), in centimes. */
const AMOUNT = 30_000;
const FEE = 500;
const SHARE = 200;

const log = (...parts) => console.error('[bound]', ...parts);

/** The schema and the posting function of a stage. */
function schemaOf(stage) {
  const lajanRows = stage !== 'issue';
  const statements = [
    `create table accounts (id bigint primary key, balance bigint not null)`,
    `create table idem (key uuid primary key, created_at timestamptz not null default now(), body text)`,
    `create table txs (id bigint primary key, number text not null, agent integer not null, type text not null,
      amount bigint not null, fee bigint not null, share bigint not null, sender bigint, recipient bigint,
      party jsonb, party_name_folded text, party_last_name_folded text,
      created_at timestamptz not null default now())`,
    `create table entries (id bigserial primary key, tx_id bigint not null, account_id bigint not null,
      amount bigint not null, created_at timestamptz not null default now())`,
    `create sequence tx_seq`,
  ];
  if (stage === 'indexes' || stage === 'counters') {
    statements.push(
      `create unique index txs_number_key on txs (number)`,
      `create index txs_agent_created_idx on txs (agent, created_at, id)`,
      `create index txs_agent_type_created_idx on txs (agent, type, created_at, id)`,
      `create index txs_created_idx on txs (created_at, id)`,
      `create index txs_sender_idx on txs (sender) where sender is not null`,
      `create index txs_recipient_idx on txs (recipient) where recipient is not null`,
      `create index txs_party_name_idx on txs (party_name_folded text_pattern_ops)`,
      `create index txs_party_last_name_idx on txs (party_last_name_folded text_pattern_ops)`,
      `create index entries_tx_idx on entries (tx_id)`,
      `create index entries_account_created_idx on entries (account_id, created_at)`,
      `create index idem_created_idx on idem (created_at)`,
    );
  }
  const counters = stage === 'counters';
  if (counters) {
    statements.push(
      `create table history_counts (agent integer, type text, day date, n bigint not null,
        primary key (agent, type, day))`,
      `create table day_totals (account_id bigint, day date, debits bigint not null, credits bigint not null,
        primary key (account_id, day))`,
    );
  }
  const feeMoves = lajanRows
    ? `(${FEE_ACCOUNT}::bigint, ${FEE - SHARE}::bigint), (${FIRST_FLOAT} + agents[k], ${SHARE}::bigint)`
    : `(${FEE_ACCOUNT}::bigint, ${FEE}::bigint)`;
  statements.push(`create function post_batch(p jsonb) returns table (idx integer, tx bigint)
    language plpgsql as $$
    declare
      keys uuid[]; srcs bigint[]; dsts bigint[]; amts bigint[]; agents integer[]; bodies text[]; parties jsonb[];
      n integer; claimed uuid[]; ids bigint[]; bal bigint[]; ok boolean[]; txids bigint[]; i integer; s integer;
    begin
      select array_agg((e->>'k')::uuid order by o), array_agg((e->>'s')::bigint order by o),
          array_agg((e->>'d')::bigint order by o), array_agg((e->>'a')::bigint order by o),
          array_agg((e->>'g')::integer order by o), array_agg(e->>'b' order by o), array_agg(e->'p' order by o)
        into keys, srcs, dsts, amts, agents, bodies, parties
        from jsonb_array_elements(p) with ordinality as x(e, o);
      n := array_length(keys, 1);
      with ins as (insert into idem (key, body) select u.k, u.b from unnest(keys, bodies) as u(k, b)
          on conflict do nothing returning key)
        select coalesce(array_agg(key), '{}') into claimed from ins;
      select array_agg(l.id order by l.id), array_agg(l.balance order by l.id) into ids, bal
        from (select a.id, a.balance from accounts as a
          where a.id = any (srcs || dsts || ${FEE_ACCOUNT}::bigint ${
            lajanRows ? `|| array(select ${FIRST_FLOAT} + g from unnest(agents) as g)::bigint[]` : ''
          })
          order by a.id for no key update) as l;
      ok := array_fill(false, array[n]);
      for i in 1 .. n loop
        continue when keys[i] <> all (claimed);
        s := array_position(ids, srcs[i]);
        continue when bal[s] < amts[i] + ${FEE};
        bal[s] := bal[s] - amts[i] - ${FEE};
        s := array_position(ids, dsts[i]);
        bal[s] := bal[s] + amts[i];
        ${
          lajanRows
            ? `s := array_position(ids, ${FEE_ACCOUNT}::bigint); bal[s] := bal[s] + ${FEE - SHARE};
        s := array_position(ids, ${FIRST_FLOAT} + agents[i]::bigint); bal[s] := bal[s] + ${SHARE};`
            : `s := array_position(ids, ${FEE_ACCOUNT}::bigint); bal[s] := bal[s] + ${FEE};`
        }
        ok[i] := true;
      end loop;
      update accounts as a set balance = u.b from unnest(ids, bal) as u(id, b) where a.id = u.id;
      txids := array(select nextval('tx_seq') from generate_series(1, n));
      insert into txs (id, number, agent, type, amount, fee, share, sender, recipient, party, party_name_folded,
          party_last_name_folded)
        select txids[k], 'T' || txids[k], agents[k], 'transfer', amts[k], ${FEE}, ${lajanRows ? SHARE : 0},
            srcs[k], dsts[k], parties[k], lower(parties[k]->>'name'),
            lower(substr(parties[k]->>'name', strpos(parties[k]->>'name', ' ') + 1))
          from generate_series(1, n) as g(k) where ok[k];
      ${counters ? 'with e as (' : ''}insert into entries (tx_id, account_id, amount)
        select txids[k], v.account, v.amount
          from generate_series(1, n) as g(k),
            lateral (values (srcs[k], -(amts[k] + ${FEE})), (dsts[k], amts[k]), ${feeMoves}) as v(account, amount)
          where ok[k]${
            counters
              ? `
          returning account_id, amount)
      insert into day_totals (account_id, day, debits, credits)
        select e.account_id, current_date, sum(greatest(-e.amount, 0)), sum(greatest(e.amount, 0))
          from e group by e.account_id order by e.account_id
        on conflict (account_id, day) do update
          set debits = day_totals.debits + excluded.debits, credits = day_totals.credits + excluded.credits;
      insert into history_counts (agent, type, day, n)
        select agents[k], 'transfer', current_date, count(*) from generate_series(1, n) as g(k) where ok[k]
          group by 1 order by 1
        on conflict (agent, type, day) do update set n = history_counts.n + excluded.n`
              : ''
          };
      return query select k, case when ok[k] then txids[k] end from generate_series(1, n) as g(k);
    end $$`);
  return statements;
}

/** The server: each POST is one transfer; those waiting are posted together, one batch in flight. */
async function serve(databaseUrl, port, stage) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const queue = [];
  let inFlight = false;
  let batches = 0;
  let items = 0;
  const flush = async () => {
    inFlight = true;
    while (queue.length > 0) {
      const batch = queue.splice(0, 128);
      batches += 1;
      items += batch.length;
      const { rows } = await db.query({
        name: 'post',
        text: 'select idx, tx from post_batch($1)',
        values: [JSON.stringify(batch.map((b) => b.item))],
      });
      for (const row of rows) {
        const { item, response } = batch[row.idx - 1];
        const text = row.tx
          ? (item.b ?? JSON.stringify({ data: { id: row.tx } }))
          : '{"error":{"code":"INSUFFICIENT_FUNDS"}}';
        response.writeHead(row.tx ? 201 : 422, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        });
        response.end(text);
      }
    }
    inFlight = false;
  };
  http
    .createServer((request, response) => {
      if (request.method === 'GET') {
        response.end(JSON.stringify({ batches, items }));
        return;
      }
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const key = request.headers['idempotency-key'];
        const item = { k: key, s: body.from, d: body.to, a: body.amount, g: body.agent };
        if (stage !== 'issue') {
          item.p = body.party;
          // The answer a replay gets, stored with its key: the transfer as the client receives it.
          item.b = JSON.stringify({
            data: {
              key,
              type: 'transfer',
              status: 'completed',
              amount: body.amount / 100,
              fee: FEE / 100,
              agentShare: SHARE / 100,
              senderAccountNumber: String(body.from).padStart(11, '1'),
              recipientAccountNumber: String(body.to).padStart(11, '2'),
              party: body.party,
              agentCode: `H${String(body.agent).padStart(3, '0')}`,
              createdAt: new Date().toISOString(),
              createdBy: 'caissier',
            },
          });
        }
        queue.push({ item, response });
        if (!inFlight)
          flush().catch((error) => {
            console.error(error);
            process.exit(1);
          });
      });
    })
    .listen(port, '127.0.0.1', () => console.log('prêt'));
}

async function prepare(databaseUrl, stage) {
  await withClient(databaseUrl, async (db) => {
    for (const statement of schemaOf(stage)) await db.query(statement);
    await db.query(
      `insert into accounts (id, balance)
        select ${FEE_ACCOUNT}, 0
        union all select ${FIRST_CUSTOMER} + g, 1000000000000 from generate_series(0, ${ACCOUNTS - 1}) as g
        union all select ${FIRST_FLOAT} + g, 0 from generate_series(0, ${AGENTS - 1}) as g`,
    );
    await db.query('analyze');
  });
}

function startServer(databaseUrl, port, stage) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), '--serve', databaseUrl, port, stage],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`serveur arrêté (${code})`)));
  });
}

const stats = (base) =>
  new Promise((resolve, reject) => {
    http
      .get(`${base}/stats`, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve(JSON.parse(text)));
      })
      .on('error', reject);
  });

async function runCase(base, child, mode, scene) {
  const run = (durationMs, record) =>
    driveClients(
      CLIENTS,
      durationMs,
      (client) => {
        const agent = mode === 'hot' ? 0 : 1 + (client % (AGENTS - 1));
        const lean = new LeanClient(base);
        return {
          send() {
            const [from, to] = twoDistinct(ACCOUNTS).map((i) => FIRST_CUSTOMER + i);
            const payload = JSON.stringify({
              from,
              to,
              amount: AMOUNT,
              agent,
              party: { name: `Marc Nom${from % 50}`, phone: '50937000000' },
            });
            return lean.post('/t', 'x', payload, randomUUID());
          },
          close: () => lean.close(),
        };
      },
      record,
    );
  await run(2_000, () => undefined);
  const latencies = [];
  const statuses = {};
  const before = {
    server: cpuMs(child.pid),
    postgres: postgresCpuMs(scene.postmasterPid),
    machine: machineBusyMs(),
    stats: await stats(base),
    wal: await wal(scene.databaseUrl),
  };
  const started = performance.now();
  await run(seconds * 1000, (status, ms) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 201) latencies.push(ms);
  });
  const elapsedS = (performance.now() - started) / 1000;
  const count = Math.max(latencies.length, 1);
  const after = await stats(base);
  latencies.sort((a, b) => a - b);
  const result = {
    perSecond: latencies.length / elapsedS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    serverCpuMs: (cpuMs(child.pid) - before.server) / count,
    postgresCpuMs: postgresCpuSinceMs(before.postgres, scene.postmasterPid) / count,
    machineCpuMs: (machineBusyMs() - before.machine) / count,
    walBytes: ((await wal(scene.databaseUrl)) - before.wal) / count,
    meanBatch: (after.items - before.stats.items) / Math.max(after.batches - before.stats.batches, 1),
  };
  log(`${mode} : ${result.perSecond.toFixed(0)}/s, statuts ${JSON.stringify(statuses)}`);
  return result;
}

/** A bound that lost or made money would bound nothing: every transfer balanced, the balances their sum. */
async function checkPosted(databaseUrl, stage) {
  await withClient(databaseUrl, async (db) => {
    const { rows } = await db.query(
      `select (select count(*) from txs)::int as txs, (select count(*) from entries)::int as entries,
          (select count(*) from idem)::int as keys,
          (select coalesce(sum(amount), 0) from entries)::text as entries_sum,
          (select sum(balance) from accounts)::text as balances,
          (select count(*) from (select tx_id from entries group by tx_id having sum(amount) <> 0) as u)::int
            as unbalanced`,
    );
    const r = rows[0];
    const perTransfer = stage === 'issue' ? 3 : 4;
    const funded = String(BigInt(ACCOUNTS) * 1_000_000_000_000n);
    if (
      r.entries !== r.txs * perTransfer ||
      r.entries_sum !== '0' ||
      r.unbalanced !== 0 ||
      r.balances !== funded
    )
      throw new Error(`${stage} : écritures incohérentes ${JSON.stringify(r)}`);
    log(`${stage} : ${r.txs} transferts, ${r.entries} écritures équilibrées, ${r.keys} clés, soldes intacts`);
  });
}

const wal = (databaseUrl) =>
  withClient(databaseUrl, async (db) => {
    const { rows } = await db.query(
      `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::float8 as bytes`,
    );
    return rows[0].bytes;
  });

const withAdmin = (work) => withClient(adminUrl, work);

async function main() {
  const pgbench = findPgbench();
  const suffix = Date.now().toString(36);
  const pgbenchDb = `bound_pgbench_${suffix}`;
  /**
   * @type {{ label: string; pgbench?: boolean; perSecond: number; p50Ms: number; p99Ms: number; serverCpuMs?: number;
   *   postgresCpuMs?: number; machineCpuMs?: number; machineCpuMsPerTransfer?: number; walBytes?: number;
   *   meanBatch?: number }[]}
   */
  const results = [];
  await withAdmin((admin) => admin.query(`create database ${pgbenchDb}`));
  try {
    log('pgbench -i -s 64…');
    execFileSync(pgbench, ['-i', '-s', '64', '-q', withDatabase(adminUrl, pgbenchDb)], { stdio: 'ignore' });
    const pgbenchRun = (when) => {
      const r = runPgbench(pgbench, withDatabase(adminUrl, pgbenchDb), CLIENTS, seconds);
      log(`pgbench (${when}) : ${r.perSecond.toFixed(0)} TPS`);
      results.push({ label: `pgbench tpcb-like, ${CLIENTS} clients (${when})`, pgbench: true, ...r });
    };
    pgbenchRun('avant');
    for (const stage of STAGES) {
      const name = `bound_${stage}_${suffix}`;
      await withAdmin((admin) => admin.query(`create database ${name}`));
      const databaseUrl = withDatabase(adminUrl, name);
      let child;
      try {
        await prepare(databaseUrl, stage);
        const port = await freePort();
        child = await startServer(databaseUrl, port, stage);
        const scene = { databaseUrl, postmasterPid: await postmasterPid(databaseUrl) };
        for (const mode of ['spread', 'hot']) {
          log(`${stage}, ${mode}…`);
          const r = await runCase(`http://127.0.0.1:${port}`, child, mode, scene);
          results.push({ label: `${stage}, ${mode === 'hot' ? 'un seul float' : 'comptes nombreux'}`, ...r });
        }
        await checkPosted(databaseUrl, stage);
      } finally {
        child?.kill();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await withAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`));
      }
    }
    pgbenchRun('après');
  } finally {
    await withAdmin((admin) => admin.query(`drop database if exists ${pgbenchDb} with (force)`));
  }
  const pgbenchTps = results.filter((r) => r.pgbench).map((r) => r.perSecond);
  const reference = pgbenchTps.reduce((a, b) => a + b, 0) / pgbenchTps.length;
  const ms = (v) => (Number.isFinite(v) ? v.toFixed(2) : '');
  console.log(
    `\n${CLIENTS} clients, ${seconds} s par cas ; rapport au pgbench moyen du même passage (${reference.toFixed(0)} TPS)\n`,
  );
  console.log(
    '| cas | par seconde | p50 (ms) | p99 (ms) | rapport à pgbench | CPU serveur (ms) | CPU PostgreSQL (ms) | CPU machine (ms) | WAL (octets) | lot moyen |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(
      `| ${r.label} | ${r.perSecond.toFixed(0)} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ` +
        `${r.pgbench ? '' : (r.perSecond / reference).toFixed(2)} | ${ms(r.serverCpuMs)} | ${ms(r.postgresCpuMs)} | ` +
        `${ms(r.machineCpuMs ?? r.machineCpuMsPerTransfer)} | ${r.walBytes ? r.walBytes.toFixed(0) : ''} | ` +
        `${r.meanBatch ? r.meanBatch.toFixed(1) : ''} |`,
    );
  }
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3], Number(process.argv[4]), process.argv[5]);
} else {
  await main();
}

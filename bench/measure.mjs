// What the benchmarks measure with, shared: pgbench found and run in the same sitting, percentiles, the lean
// keep-alive client of the measured requests (decision 166), and the CPU of processes, of PostgreSQL and of the
// whole machine read from /proc (Linux).
import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import net from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The same server, another database: `postgres://…/db?…`, also with a socket directory (`postgresql://user@/db?host=/run/postgresql`). */
export function withDatabase(url, name) {
  return url.replace(/^(postgres(?:ql)?:\/\/[^/]*)\/[^?]*/, `$1/${name}`);
}

export function findPgbench() {
  for (const candidate of [
    'pgbench',
    ...['17', '16', '15', '14'].map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`),
  ]) {
    try {
      execFileSync(candidate, ['--version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      /* next */
    }
  }
  throw new Error('pgbench introuvable : apt-get install -y postgresql-contrib');
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * The measured transfers' client (BENCH_CLIENT=lean): a keep-alive socket per client, `post()`'s request as
 * one buffer, the answer read by status line and `content-length` (a 201 is all that counts), for far less
 * CPU than node:http takes from the cores of the server and PostgreSQL (decision 166).
 */
export class LeanClient {
  #socket;
  #host;
  /** @type {{ resolve: (answer: { status: number }) => void; reject: (error: Error) => void } | null} */
  #pending = null;
  #buffer = Buffer.alloc(0);

  constructor(base) {
    const url = new URL(base);
    this.#host = url.host;
    this.basePath = url.pathname;
    this.#socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    this.#socket.on('data', (chunk) => this.#onData(chunk));
    this.#socket.on('error', (error) => this.#fail(error));
    this.#socket.on('close', () => this.#fail(new Error('connexion fermée par le serveur')));
  }

  post(path, token, payload, key) {
    if (this.#pending) return Promise.reject(new Error('une requête à la fois par client'));
    const head =
      `POST ${this.basePath}${path} HTTP/1.1\r\nhost: ${this.#host}\r\nconnection: keep-alive\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n` +
      `authorization: Bearer ${token}\r\nidempotency-key: ${key}\r\n\r\n`;
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.#socket.write(head + payload);
    });
  }

  close() {
    this.#socket.removeAllListeners('close');
    this.#socket.end();
  }

  #onData(chunk) {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const end = this.#buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.#pending) return;
    const head = this.#buffer.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.#fail(new Error(`réponse sans content-length : ${head}`));
    const total = end + 4 + Number(length[1]);
    if (this.#buffer.length < total) return;
    const rest = this.#buffer.subarray(total);
    this.#buffer = rest.length === 0 ? Buffer.alloc(0) : Buffer.from(rest);
    const { resolve } = this.#pending;
    this.#pending = null;
    resolve({ status });
  }

  #fail(error) {
    const pending = this.#pending;
    this.#pending = null;
    pending?.reject(error);
  }
}

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux); NaN elsewhere. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

export const cpuTotalMs = ({ user, system }) => (user + system) / 1000;

/** The parent of a process (Linux), or NaN. */
export function parentPid(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    return Number.NaN;
  }
}

/**
 * The postmaster of the PostgreSQL server a URL reaches, when it runs on this machine: the parent of the
 * backend that answers (NaN elsewhere). Only its processes are counted: another cluster on the machine (a
 * test run beside the bench) is not the bench's CPU.
 */
export async function postmasterPid(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query('select pg_backend_pid() as pid');
    return parentPid(rows[0].pid);
  } finally {
    await db.end();
  }
}

/**
 * The CPU time of the PostgreSQL processes on this machine, by pid: the postmaster `only` and its children
 * when it is known, else every process named postgres (a process that ended between two readings is lost:
 * the pool's connections live through a run). Empty when PostgreSQL runs elsewhere.
 */
export function postgresCpuMs(only) {
  const byPid = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (Number.isFinite(only) && Number(pid) !== only && parentPid(pid) !== only) continue;
      byPid.set(pid, cpuMs(pid));
    } catch {
      /* gone */
    }
  }
  return byPid;
}

/** Busy CPU time of the whole machine (all cores, every process), from /proc/stat (ticks of 10 ms). */
export function machineBusyMs() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: all but idle and iowait.
  const busy = fields.slice(0, 8).reduce((sum, ticks, i) => (i === 3 || i === 4 ? sum : sum + ticks), 0);
  return busy * 10;
}

export function postgresCpuSinceMs(before, only) {
  let total = 0;
  for (const [pid, ms] of postgresCpuMs(only)) total += ms - (before.get(pid) ?? 0);
  return total;
}

export function runPgbench(pgbench, url, clients, seconds) {
  const dir = mkdtempSync(join(tmpdir(), 'lajan-pgbench-'));
  const machineBefore = machineBusyMs();
  try {
    const output = execFileSync(
      pgbench,
      [
        '-n',
        '-M',
        'prepared',
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(seconds),
        '-l',
        '--log-prefix',
        join(dir, 'tx'),
        url,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1]);
    const latencies = [];
    for (const file of readdirSync(dir)) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        const fields = line.split(' ');
        if (fields.length >= 3) latencies.push(Number(fields[2]) / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      perSecond: tps,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      machineCpuMsPerTransfer: (machineBusyMs() - machineBefore) / Math.max(latencies.length, 1),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Two distinct indexes below `n`, at random: a transfer's sender and recipient. */
export function twoDistinct(n) {
  const from = randomInt(n);
  let to = randomInt(n - 1);
  if (to >= from) to += 1;
  return [from, to];
}

/**
 * `clients` concurrent clients, each sending one request after another until `durationMs` has passed:
 * `open(client)` gives a client's `{ send, close }`, `send()` one request's `{ status }`; `record(status, ms)`
 * hears each answer with its latency.
 */
export async function driveClients(clients, durationMs, open, record) {
  const deadline = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const session = open(client);
      try {
        while (performance.now() < deadline) {
          const started = performance.now();
          const { status } = await session.send();
          record(status, performance.now() - started);
        }
      } finally {
        session.close?.();
      }
    }),
  );
}

/** A client on `url` for `work`, ended after it. */
export async function withClient(url, work) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Until the server at `base` (its `/api`) answers its health check. */
export async function waitForHealth(base, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/health`);
      if (response.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('le serveur ne répond pas à /api/health');
}

/** 11 digits, unique per `n` below 10^10 (a bijection modulo 10^10), the first not 0. */
export const accountNumberSql = (n) => `(1 || lpad(((${n})::bigint * 7919 % 10000000000)::text, 10, '0'))`;
/** 12 digits, unique per `n` below 10^11. */
export const transactionNumberSql = (n) =>
  `(5 || lpad(((${n})::numeric * 982451653 % 100000000000)::bigint::text, 11, '0'))`;

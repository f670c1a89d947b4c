import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  backupConnectionUrl,
  BackupError,
  backupMessages,
  backupSettings,
  runBackup,
  runRestore,
} from '../../src/backup/backup.js';
import { postgresSession } from '../../src/db/client.js';
import { readSources } from '../../src/db/sources.js';
import { build } from '../helpers/build.js';
import { databaseKind, queryOnce } from '../helpers/database.js';
import { activeSuperAdminToken, call, createUser, tokenOf } from '../helpers/fixtures.js';
import { cashTransferForm, counterForm, openDrawerFor, partyOf, type TestPerson } from '../helpers/ledger.js';
import { migrationBefore, scratchDatabase } from '../helpers/migrations.js';
import { createAgentThroughApi, insertPerson } from '../helpers/network.js';
import { liveDefinitions, sourceDefinitions } from '../helpers/sql-sources.js';
import { personInput, registerPerson } from '../modules/persons/person-fixtures.js';

const journalFile = new URL('../../drizzle/meta/_journal.json', import.meta.url);

/** The newest migration: the one a backup of an up-to-date database records. */
async function lastMigrationTag(): Promise<string> {
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)!.tag;
}

/*
 * `npm run backup` and `npm run restore` (docs/decisions/122-backup-and-restore.md). The settings run on
 * both projects; the backup itself needs a PostgreSQL server (PGlite is not backed up this way), so it
 * runs in the `postgres` project.
 */

describe('backup settings', () => {
  it('refuses to guess the database: without DATABASE_URL it says, in French, to set it', () => {
    expect(() => backupConnectionUrl({})).toThrow(new BackupError(backupMessages.noDatabaseUrl));
    expect(() => backupConnectionUrl({ DATABASE_URL: '  ' })).toThrow(/DATABASE_URL n’est pas défini/);
    expect(backupConnectionUrl({ DATABASE_URL: 'postgres://lajan@db/lajan' })).toBe(
      'postgres://lajan@db/lajan',
    );
  });

  it('writes into DATA_DIR/backups and keeps 14 backups unless BACKUP_KEEP says otherwise, checked', () => {
    expect(backupSettings({ DATA_DIR: '/srv/lajan' })).toEqual({
      backupsDir: '/srv/lajan/backups',
      keep: 14,
    });
    expect(backupSettings({ DATA_DIR: '/srv/lajan', BACKUP_KEEP: '30' }).keep).toBe(30);
    for (const keep of ['0', '-3', '2.5', 'douze', '1001'])
      expect(() => backupSettings({ BACKUP_KEEP: keep })).toThrow(new BackupError(backupMessages.badKeep));
  });
});

/** Every row of every table, as JSON, in a stable order (the mail bodies aside: see below). */
async function everyRow(url: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const all: Record<string, unknown[]> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ rows: unknown[] }>(
        `select coalesce(json_agg(to_jsonb(x) order by to_jsonb(x)::text), '[]') as rows from "${name}" as x`,
      );
      all[name] = rows[0]!.rows;
    }
    return all;
  } finally {
    await client.end();
  }
}

/** The database's functions and triggers against those of `apps/server/sql/`. */
async function definitions(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const session = postgresSession(client);
    return { live: await liveDefinitions(session), sources: await sourceDefinitions(session, readSources()) };
  } finally {
    await client.end();
  }
}

if (databaseKind === 'postgres') {
  const adminUrl = inject('testDatabaseUrl')!;
  const created: string[] = [];

  /** A new, empty database on the test server, dropped at the end of the file. */
  async function emptyDatabase(): Promise<string> {
    const name = `lajan_t_${randomBytes(6).toString('hex')}_restore`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    created.push(name);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  /** A network with money on it, made through the API. */
  async function busyNetwork() {
    const t = await build();
    const { app } = t;
    const db = t.database.db;
    const superToken = await activeSuperAdminToken(app);
    const post = async (url: string, token: string, body: unknown) => {
      const answer = await call(app, 'POST', `/api${url}`, { token, body });
      if (answer.status !== 201 && answer.status !== 200)
        throw new Error(`POST ${url}: ${answer.status} ${answer.text}`);
      return answer.body.data as { id: string; accountNumber: string; transactionNumber: string };
    };

    const agents = [];
    for (const [name, username] of [
      ['Kay Lajan Pétion-Ville', 'petion.admin'],
      ['Lajan Cap-Haïtien', 'cap.admin'],
    ] as const) {
      const owner = await insertPerson(db);
      const agent = await createAgentThroughApi(app, superToken, { name, username, personIds: [owner.id] });
      const teller = `${username.slice(0, 4)}.guichet`;
      const user = await createUser(db, {
        username: teller,
        password: 'Guichet-2026!',
        role: 'user',
        agentId: agent.id,
      });
      // A teller at work has its drawer open (decision 149): its row is backed up and restored too.
      await openDrawerFor(db, { userId: user.id, agentId: agent.id });
      agents.push({ ...agent, token: await tokenOf(app, teller, 'Guichet-2026!') });
    }
    const [pap, cap] = agents as [(typeof agents)[0], (typeof agents)[0]];

    const people: TestPerson[] = [];
    const accounts: { id: string; accountNumber: string }[] = [];
    for (const n of [1, 2, 3]) {
      const input = personInput(n);
      const person = await registerPerson(app, pap.token, input);
      people.push({
        id: person.id,
        firstName: input.firstName,
        lastName: input.lastName,
        idDocumentType: 'id_card',
        idDocumentNumber: input.idDocumentNumber,
      });
      accounts.push(
        await post('/accounts', pap.token, { type: 'current', currency: 'HTG', personIds: [person.id] }),
      );
    }
    const [marie, jean, rose] = people as [TestPerson, TestPerson, TestPerson];
    const [marieAccount, jeanAccount, roseAccount] = accounts as [
      (typeof accounts)[0],
      (typeof accounts)[0],
      (typeof accounts)[0],
    ];

    await post('/agents/deposit', superToken, { code: pap.code, party: partyOf(marie), amount: 50_000 });
    await post('/agents/deposit', superToken, { code: cap.code, party: partyOf(rose), amount: 20_000 });
    await post('/transactions/deposit', pap.token, counterForm(marieAccount, marie, 12_345.67));
    await post('/transactions/deposit', cap.token, counterForm(roseAccount, rose, 800));
    await post('/transactions/transfer', pap.token, {
      senderAccountNumber: marieAccount.accountNumber,
      recipientAccountNumber: jeanAccount.accountNumber,
      party: partyOf(marie),
      amount: 2_500,
    });
    await post('/transactions/withdraw', pap.token, counterForm(marieAccount, marie, 1_000));
    const external = await post('/transactions/transfer-extern', pap.token, cashTransferForm(jean, 1_500));

    // An e-mail not sent yet: its body (here a made-up reset link) must not be copied. The app's sender
    // leaves it alone (due in 2100); the e-mails the API queued are sent first (to the log), so that
    // nothing changes between the test's reading of the rows and the backup.
    await db.execute(sql`insert into mail_outbox (kind, to_address, subject, text_body, next_attempt_at)
      values ('reset', 'marie@exemple.ht', 'Lien', 'https://lajan.test/reset#SECRET-LINK-7781', '2100-01-01')`);
    await db.execute(sql`insert into sms_outbox (kind, to_number, language, facts, next_attempt_at)
      values ('pickup_code', '+50937009999', 'fr', '{"number": "SECRET-CODE-4417", "amount": 100000}', '2100-01-01')`);
    await expect
      .poll(
        async () =>
          (
            (await db.execute(
              sql`select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null and next_attempt_at < '2100-01-01'`,
            )) as { rows: unknown[] }
          ).rows[0],
        { timeout: 15_000 },
      )
      .toEqual({ n: 0 });
    // Likewise the SMS the postings queued (decision 240).
    await t.app.sms.idle();
    await t.app.sms.kick();
    return {
      t,
      pap,
      cap,
      marieAccount,
      jeanAccount,
      roseAccount,
      externalNumber: external.transactionNumber,
    };
  }

  describe('npm run backup, npm run restore (PostgreSQL)', () => {
    it('restores into a new empty database every row: balances, transaction numbers, entries, users', async () => {
      const world = await busyNetwork();
      const sourceUrl = world.t.config.databaseUrl!;
      const before = await everyRow(sourceUrl);
      const backupsDir = path.join(await mkdtemp(path.join(tmpdir(), 'lajan-backup-')), 'backups');

      const backup = await runBackup({ databaseUrl: sourceUrl, backupsDir, keep: 14 });

      expect(path.basename(backup.file)).toMatch(
        /^lajan-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.backup\.gz$/,
      );
      expect(await readdir(backupsDir)).toEqual([path.basename(backup.file)]);
      expect(backup.migration.tag).toBe(await lastMigrationTag());
      const text = gunzipSync(await readFile(backup.file)).toString('utf8');
      expect(text).not.toContain('test-secret-that-is-long-enough');
      expect(text).not.toContain('SECRET-LINK-7781');
      expect(text).not.toContain('SECRET-CODE-4417');
      // The password hashes are in it (the README says to keep backups safe).
      expect(text).toContain('$argon2');

      const target = await emptyDatabase();
      const restored = await runRestore({ databaseUrl: target, file: backup.file });
      expect(restored.rows.transactions).toBe(7);

      const after = await everyRow(target);
      const mail = (rows: unknown[]) =>
        (rows as Record<string, unknown>[]).map((row) => {
          // What the backup leaves out of an unsent e-mail (its body) and marks on it (failed).
          const kept = { ...row };
          for (const column of ['text_body', 'failed_at', 'last_error', 'locked_until']) delete kept[column];
          return kept;
        });
      expect(mail(after.mail_outbox!)).toEqual(mail(before.mail_outbox!));
      expect({ ...after, mail_outbox: [], sms_outbox: [] }).toEqual({
        ...before,
        mail_outbox: [],
        sms_outbox: [],
      });
      // An unsent SMS (a pick-up code, made up here) is restored without its text or facts, and failed.
      expect(await queryOnce(target, `select count(*)::int as n from sms_outbox`)).toEqual(
        await queryOnce(sourceUrl, `select count(*)::int as n from sms_outbox`),
      );
      expect(
        await queryOnce(
          target,
          `select text_body, facts, failed_at is not null as failed from sms_outbox where to_number = '+50937009999'`,
        ),
      ).toEqual([{ text_body: '', facts: null, failed: true }]);
      // Said in so many words: each balance, each transaction number and status, each user.
      const balances = `select account_number, balance_centimes::text from accounts order by account_number`;
      expect(await queryOnce(target, balances)).toEqual(await queryOnce(sourceUrl, balances));
      const [marie] = await queryOnce<{ balance: string }>(
        target,
        `select balance_centimes::text as balance from accounts where account_number = '${world.marieAccount.accountNumber}'`,
      );
      expect(Number(marie!.balance)).toBeGreaterThan(8_000_00);
      const numbers = `select transaction_number, status from transactions order by transaction_number`;
      expect(await queryOnce(target, numbers)).toEqual(await queryOnce(sourceUrl, numbers));
      expect(await queryOnce(target, numbers)).toContainEqual({
        transaction_number: world.externalNumber,
        status: 'pending',
      });
      // The system user of migration 0039 (decision 225) is made by the migrations, on both sides alike.
      const users = `select username, password_hash, role from users where not system order by username`;
      expect((await queryOnce(target, users)).length).toBe(5);
      expect(await queryOnce(target, users)).toEqual(await queryOnce(sourceUrl, users));
      // The unsent e-mail is restored empty and failed, never sent empty.
      expect(
        await queryOnce(
          target,
          `select text_body, failed_at is not null as failed from mail_outbox where kind = 'reset'`,
        ),
      ).toEqual([{ text_body: '', failed: true }]);
      // The sequences go on after the highest id restored.
      const [sequence] = await queryOnce<{ next: string; max: string }>(
        target,
        `select nextval(pg_get_serial_sequence('entries', 'id'))::text as next, (select max(id) from entries)::text as max`,
      );
      expect(Number(sequence!.next)).toBe(Number(sequence!.max) + 1);
      // The restored database holds the ledger's rules: the triggers are on again.
      await expect(
        queryOnce(target, `update accounts set balance_centimes = -1 where kind = 'customer'`),
      ).rejects.toThrow(/accounts_balance_check/);
      await expect(queryOnce(target, `delete from entries`)).rejects.toThrow(/never changed or deleted/);
      // Its functions and triggers are the current sources (decision 218).
      const { live, sources } = await definitions(target);
      expect(live).toEqual(sources);
    });

    it('restores a backup of an earlier version, then runs the later migrations and the sources', async () => {
      const earlier = await scratchDatabase();
      try {
        const version = await migrationBefore('0036_phones_e164');
        await earlier.migrateTo(version);
        await earlier.session.query(
          `insert into persons (first_name, last_name, phone_number) values ('Marie', 'Ancienne', '37123456')`,
        );
        const dir = await mkdtemp(path.join(tmpdir(), 'lajan-backup-'));
        const backup = await runBackup({ databaseUrl: earlier.url!, backupsDir: dir, keep: 14 });
        expect(backup.migration.tag).toBe(version);
        const target = await emptyDatabase();

        const restored = await runRestore({ databaseUrl: target, file: backup.file });

        expect(restored.migration.tag).toBe(version);
        expect(restored.rows.persons).toBe(1);
        // 0036 ran on the restored rows, and the database is at the newest migration.
        expect(
          await queryOnce(
            target,
            `select phone_number from persons p where not exists (select from users u where u.person_id = p.id and u.system)`,
          ),
        ).toEqual([{ phone_number: '+50937123456' }]);
        expect(
          await queryOnce(target, `select count(*)::int as n from drizzle.__drizzle_migrations`),
        ).toEqual([
          { n: (JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] }).entries.length },
        ]);
        const { live, sources } = await definitions(target);
        expect(live).toEqual(sources);
      } finally {
        await earlier.close();
      }
    });

    it('refuses a database that holds data, unless --force, and a file that is cut short or not a backup', async () => {
      const world = await busyNetwork();
      const sourceUrl = world.t.config.databaseUrl!;
      const dir = await mkdtemp(path.join(tmpdir(), 'lajan-backup-'));
      const backup = await runBackup({ databaseUrl: sourceUrl, backupsDir: dir, keep: 14 });
      const target = await emptyDatabase();
      await runRestore({ databaseUrl: target, file: backup.file });
      // A movement after the restore: a second restore must not silently lose it.
      await queryOnce(target, `insert into audit_log (action) values ('après la restauration')`);
      const before = await everyRow(target);

      await expect(runRestore({ databaseUrl: target, file: backup.file })).rejects.toThrow(
        new BackupError(backupMessages.notEmpty),
      );
      // The source itself holds data: refused too.
      await expect(runRestore({ databaseUrl: sourceUrl, file: backup.file })).rejects.toThrow(
        new BackupError(backupMessages.notEmpty),
      );
      expect(await everyRow(target)).toEqual(before);

      const cut = path.join(dir, 'coupee.backup.gz');
      const bytes = await readFile(backup.file);
      const { gzipSync } = await import('node:zlib');
      const plain = gunzipSync(bytes).toString('utf8');
      await writeFile(cut, gzipSync(plain.slice(0, Math.floor(plain.length * 0.8))));
      await expect(runRestore({ databaseUrl: target, file: cut, force: true })).rejects.toThrow(
        new BackupError(backupMessages.truncated(cut)),
      );
      const junk = path.join(dir, 'autre.gz');
      await writeFile(junk, gzipSync('{"hello": "world"}\n'));
      await expect(runRestore({ databaseUrl: target, file: junk, force: true })).rejects.toThrow(
        new BackupError(backupMessages.notABackup(junk)),
      );
      expect(await everyRow(target)).toEqual(before);

      // With --force the database becomes the backup again.
      await runRestore({ databaseUrl: target, file: backup.file, force: true });
      const restored = await everyRow(target);
      expect(restored.audit_log).toEqual((await everyRow(sourceUrl)).audit_log);
      expect(restored.transactions).toEqual((await everyRow(sourceUrl)).transactions);
    });

    it('refuses a backup whose ledger names a row that is not in it, and writes nothing', async () => {
      const world = await busyNetwork();
      const sourceUrl = world.t.config.databaseUrl!;
      // A damaged database, as an operator at a SQL prompt could leave it: a transaction whose agent is gone.
      await queryOnce(
        sourceUrl,
        `alter table transactions disable trigger user;
         update transactions set agent_id = gen_random_uuid() where transaction_number = '${world.externalNumber}';
         alter table transactions enable trigger user`,
      );
      const dir = await mkdtemp(path.join(tmpdir(), 'lajan-backup-'));
      const backup = await runBackup({ databaseUrl: sourceUrl, backupsDir: dir, keep: 14 });
      const target = await emptyDatabase();

      await expect(runRestore({ databaseUrl: target, file: backup.file })).rejects.toThrow(
        new BackupError(backupMessages.dangling(1)),
      );
      // Migrated, as a refused restore leaves it, and empty.
      expect(
        await queryOnce(
          target,
          `select (select count(*) from transactions)::int + (select count(*) from accounts)::int as n`,
        ),
      ).toEqual([{ n: 0 }]);
    });

    it('keeps the last BACKUP_KEEP backups', async () => {
      const t = await build();
      const backupsDir = path.join(await mkdtemp(path.join(tmpdir(), 'lajan-backup-')), 'backups');
      const names = [];
      for (const minute of [1, 2, 3, 4]) {
        const now = new Date(`2026-11-24T02:0${minute}:00.000Z`);
        const result = await runBackup({ databaseUrl: t.config.databaseUrl!, backupsDir, keep: 2, now });
        names.push(path.basename(result.file));
      }
      expect(await readdir(backupsDir)).toEqual([names[2], names[3]]);
      expect(names[3]).toBe('lajan-2026-11-24T02-04-00-000Z.backup.gz');
    });
  });
}

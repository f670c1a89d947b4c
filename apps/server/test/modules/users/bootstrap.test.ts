import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, persons, users } from '../../../src/db/schema.js';
import { ensureSuperAdmin } from '../../../src/modules/users/bootstrap.js';
import { start } from '../../../src/start.js';
import { build, LogCapture, SUPERADMIN } from '../../helpers/build.js';
import { call, login } from '../../helpers/fixtures.js';

const generated = /mot de passe temporaire : (\S+)/;

describe('the super administrator', () => {
  it('is created at the first start with a generated password printed once, outside the log', async () => {
    const first = await build({ env: { SUPERADMIN_PASSWORD: undefined } });

    expect(first.secrets).toHaveLength(1);
    expect(first.secrets[0]).toContain('« superadmin »');
    const password = generated.exec(first.secrets[0]!)![1]!;
    expect(password).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(first.logs.text).not.toContain(password);

    const signIn = await login(first.app, 'superadmin', password);
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.user).toMatchObject({
      firstName: 'Super',
      lastName: 'Administrateur',
      email: SUPERADMIN.email,
      role: 'sudo',
      isSuperAdmin: true,
      passwordUpdatedAt: null,
      agent: null,
    });
    const [audit] = await first.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'users.super_admin_created'));
    expect(audit).toMatchObject({ target: 'superadmin', details: { generatedPassword: true } });
    await first.app.close();

    // A restart on the same database creates nothing and prints nothing.
    const second = await build({ env: { SUPERADMIN_PASSWORD: undefined }, keepData: true });
    expect(second.secrets).toEqual([]);
    expect(await second.database.db.select().from(users).where(eq(users.system, false))).toHaveLength(1);
    expect((await login(second.app, 'superadmin', password)).status).toBe(200);
  });

  it('takes SUPERADMIN_PASSWORD when given, and prints nothing', async () => {
    const { app, secrets, database } = await build();
    expect(secrets).toEqual([]);
    expect((await login(app, SUPERADMIN.username, SUPERADMIN.password)).status).toBe(200);
    // The person behind the system user (decision 225) aside.
    const rows = await database.db.select().from(persons).where(ne(persons.firstName, 'Lajan'));
    expect(rows.map((row) => [row.firstName, row.lastName, row.email])).toEqual([
      ['Super', 'Administrateur', SUPERADMIN.email],
    ]);
  });

  it('is created once when two processes start together', async () => {
    const { database, clock } = await build();
    // A user is never erased (decision 179): the table is emptied as a restore would.
    await database.db.execute(sql`TRUNCATE TABLE audit_log, users, persons CASCADE`);
    const printed: string[] = [];
    const settings = { username: 'direction', password: undefined, email: 'direction@lajan.test' };

    const outcomes = await Promise.all([
      ensureSuperAdmin(database.db, settings, clock, (line) => printed.push(line)),
      ensureSuperAdmin(database.db, settings, clock, (line) => printed.push(line)),
    ]);

    expect(outcomes.sort()).toEqual(['created', 'exists']);
    expect(printed).toHaveLength(1);
    expect(await database.db.select().from(users).where(eq(users.system, false))).toHaveLength(1);
    expect(await database.db.select().from(persons)).toHaveLength(1);
  });
});

describe('an embedded start (no DATABASE_URL, no JWT_SECRET)', () => {
  it('keeps its database and a generated JWT secret in DATA_DIR, so sessions survive a restart', async () => {
    // Reachable by the `postgres` system user that runs the embedded cluster when tests run as root.
    const root = mkdtempSync(path.join(tmpdir(), 'lajan-data-'));
    chmodSync(root, 0o755);
    const dataDir = path.join(root, 'nested', 'data');
    const env = {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SUPERADMIN_PASSWORD: 'Depart-2026!',
    };
    const logs = new LogCapture();

    const first = await start({ env, overrides: { logStream: logs }, handleSignals: false });
    expect(first).toBeDefined();
    const { port } = first!.server.address() as AddressInfo;
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const token = (await login(first!, 'superadmin', 'Depart-2026!')).body.data.access_token as string;
    await first!.close();

    const secretFile = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(secretFile, 'utf8').length).toBeGreaterThanOrEqual(32);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);

    const second = await start({ env, overrides: { logStream: logs }, handleSignals: false });
    try {
      const me = await call(second!, 'GET', '/api/auth/user', { token });
      expect(me.status).toBe(200);
      expect(me.body.data.user.username).toBe('superadmin');
    } finally {
      await second!.close();
      // A PostgreSQL cluster is some 40 MB: not left in /tmp.
      rmSync(root, { recursive: true, force: true });
    }
  });
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { normalizePhone } from '@lajan/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, persons } from '../../../src/db/schema.js';
import { migrationsDir } from '../../../src/paths.js';
import { build, type TestApp } from '../../helpers/build.js';
import { activeSuperAdminToken, call } from '../../helpers/fixtures.js';
import { agentWithStaff, personInput, registerPerson } from './person-fixtures.js';

/** Phone numbers stored in E.164, Haiti by default (DESIGN §7, decision 204, migration 0036). */

async function setup() {
  const t = await build();
  const staff = await agentWithStaff(t.app, t.database.db, 'AG-TEL');
  return { t, db: t.database.db, staff };
}

async function exists(t: TestApp, token: string, value: string): Promise<boolean> {
  const answer = await call(t.app, 'POST', '/api/persons/check-unique/', {
    token,
    body: { field: 'phoneNumber', value },
  });
  expect(answer.status).toBe(200);
  return answer.body.data.exists as boolean;
}

/** A person as an earlier build stored it, its phone in that build's form. */
async function earlierPerson(t: TestApp, firstName: string, phoneNumber: string): Promise<string> {
  const [row] = await t.database.db
    .insert(persons)
    .values({ firstName, lastName: 'Ancien', phoneNumber })
    .returning({ id: persons.id });
  return row!.id;
}

/** Migration 0036's statements again, on the rows the test wrote as an earlier build would have. */
async function replayMigration0036(t: TestApp): Promise<void> {
  await t.database.db.execute(sql`DROP TABLE "phone_reviews"`);
  const file = await readFile(path.join(migrationsDir, '0036_phones_e164.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint'))
    await t.database.db.execute(sql.raw(statement));
}

async function phoneOf(t: TestApp, id: string): Promise<string | null> {
  const [row] = await t.database.db
    .select({ phone: persons.phoneNumber })
    .from(persons)
    .where(eq(persons.id, id));
  return row!.phone;
}

describe('a phone number is one number however it is typed', () => {
  it('stores a number typed without its prefix as +509, and refuses it again with the prefix', async () => {
    const { t, staff } = await setup();
    const first = await call(t.app, 'POST', '/api/persons', {
      token: staff.teller.token,
      body: personInput(1, { phoneNumber: '3712 3456' }),
    });
    expect(first.status).toBe(201);
    expect(first.body.data.phoneNumber).toBe('+50937123456');

    const again = await call(t.app, 'POST', '/api/persons', {
      token: staff.teller.token,
      body: personInput(2, { phoneNumber: '+509 3712-3456' }),
    });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual({ phoneNumber: ['Ce numéro de téléphone existe déjà'] });
  });

  it('the uniqueness check finds 37123456 when +50937123456 is stored, and the other way round', async () => {
    const { t, staff } = await setup();
    await registerPerson(t.app, staff.teller.token, personInput(1, { phoneNumber: '+509 3712 3456' }));
    await earlierPerson(t, 'Gardé', '37129999');

    expect(await exists(t, staff.teller.token, '37123456')).toBe(true);
    expect(await exists(t, staff.teller.token, '+50937129999')).toBe(true);
    expect(await exists(t, staff.teller.token, '+509 3712 9998')).toBe(false);
  });

  it('another agent finds a customer by the number typed without its prefix', async () => {
    const { t, db, staff } = await setup();
    const person = await registerPerson(t.app, staff.teller.token, personInput(1));
    const other = await agentWithStaff(t.app, db, 'AG-AUTRE');

    const found = await call(t.app, 'GET', '/api/persons?q=37120001', { token: other.teller.token });
    expect(found.status).toBe(200);
    expect((found.body.data as { id: string }[]).map((row) => row.id)).toEqual([person.id]);
  });
});

describe('migration 0036', () => {
  it('rewrites persons’ and agents’ numbers in E.164 and keeps a colliding one for the super administrator', async () => {
    const { t, db, staff } = await setup();
    // Each shape an earlier build stored, with what it becomes: the domain's `normalizePhone` of it.
    const shapes: [string, string][] = [
      ['37123456', '+50937123456'],
      ['50937120011', '+50937120011'],
      ['0033612345678', '+33612345678'],
      ['+330612345679', '+33612345679'],
      ['612345678', '612345678'],
    ];
    const ids = [];
    for (const [stored] of shapes) ids.push(await earlierPerson(t, 'Forme', stored));
    const holder = await earlierPerson(t, 'Titulaire', '+50937120002');
    const kept = await earlierPerson(t, 'Doublon', '37120002');
    await db.update(agents).set({ phone: '+330712345678' }).where(eq(agents.id, staff.agent.id));

    await replayMigration0036(t);

    for (const [index, [stored, rewritten]] of shapes.entries()) {
      expect([stored, await phoneOf(t, ids[index]!)]).toEqual([stored, rewritten]);
      expect([stored, normalizePhone(stored)]).toEqual([stored, rewritten]);
    }
    expect(await phoneOf(t, holder)).toBe('+50937120002');
    expect(await phoneOf(t, kept)).toBe('37120002');
    const [agent] = await db
      .select({ phone: agents.phone })
      .from(agents)
      .where(eq(agents.id, staff.agent.id));
    expect(agent!.phone).toBe('+33712345678');

    const superAdmin = await activeSuperAdminToken(t.app);
    const listed = await call(t.app, 'GET', '/api/persons/phone-reviews', { token: superAdmin });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        personId: kept,
        firstName: 'Doublon',
        lastName: 'Ancien',
        phoneNumber: '37120002',
        normalForm: '+50937120002',
        heldBy: { personId: holder, firstName: 'Titulaire', lastName: 'Ancien' },
      },
    ]);
    for (const token of [staff.admin.token, staff.teller.token])
      expect((await call(t.app, 'GET', '/api/persons/phone-reviews', { token })).status).toBe(403);

    // Once the person's number is corrected, it leaves the list.
    await db.update(persons).set({ phoneNumber: '+50937120003' }).where(eq(persons.id, kept));
    const after = await call(t.app, 'GET', '/api/persons/phone-reviews', { token: superAdmin });
    expect(after.body.data).toEqual([]);
  });
});

import { eq, isNotNull } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountHolders, accounts, auditLog, persons } from '../../../src/db/schema.js';
import { uniqueViolationOf } from '../../../src/db/errors.js';
import { duplicatePersonFieldOf } from '../../../src/modules/persons/store.js';
import { build, type TestApp } from '../../helpers/build.js';
import { activeSuperAdminToken, call, createUser } from '../../helpers/fixtures.js';
import { agentWithStaff, personInput, registerPerson } from './person-fixtures.js';

async function setup() {
  const t = await build();
  const staff = await agentWithStaff(t.app, t.database.db, 'AG-P');
  return { t, db: t.database.db, token: staff.teller.token, staff };
}

async function personRows(t: TestApp) {
  // The persons registered through the form (users' bare persons have no document).
  return t.database.db.select().from(persons).where(isNotNull(persons.idDocumentType));
}

async function auditOf(t: TestApp, action: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
}

function emailsOf(body: unknown): string[] {
  return (body as { data: { email: string }[] }).data.map((person) => person.email);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/persons', () => {
  it('registers a person with every KYC field, the phone in its normal form, and audits who did it from where', async () => {
    const { t, db, token, staff } = await setup();

    const answer = await call(t.app, 'POST', '/api/persons', {
      token,
      body: personInput(1),
      remoteAddress: '10.1.2.3',
    });

    expect(answer.status).toBe(201);
    const person = answer.body.data as { id: string };
    expect(person).toMatchObject({
      firstName: 'Marie',
      dob: '1990-05-14',
      gender: 'female',
      phoneNumber: '+50937120001',
      email: 'client0001@exemple.ht',
      idDocumentType: 'id_card',
      idDocumentNumber: 'CIN-0001',
      annualIncome: 120000.5,
      maritalStatus: 'married',
      partner: null,
      mother: 'Anne Joseph',
      postalCode: 'HT6110',
      preferredContactMethod: 'sms',
      consentForMarketing: false,
      preferredLanguage: 'fr',
    });
    expect(person.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await db.select().from(persons).where(eq(persons.id, person.id));
    expect(row).toMatchObject({ phoneNumber: '+50937120001', annualIncomeCentimes: 12_000_050 });
    const [audit] = await auditOf(t, 'persons.created');
    expect(audit).toMatchObject({
      actorUserId: staff.teller.id,
      actorUsername: staff.teller.username,
      target: person.id,
      ip: '10.1.2.3',
    });
  });

  it('remembers the agent that registered the person: the teller’s and the administrator’s agent, none for the super administrator', async () => {
    const { t, db, token, staff } = await setup();
    const superAdmin = await activeSuperAdminToken(t.app);
    const byTeller = await registerPerson(t.app, token, personInput(1));
    const byAdmin = await registerPerson(t.app, staff.admin.token, personInput(2));
    const bySuper = await registerPerson(t.app, superAdmin, personInput(3));

    const agentOf = async (id: string) =>
      (await db.select().from(persons).where(eq(persons.id, id)))[0]?.registeredAgentId;
    expect(await agentOf(byTeller.id)).toBe(staff.agent.id);
    expect(await agentOf(byAdmin.id)).toBe(staff.agent.id);
    expect(await agentOf(bySuper.id)).toBeNull();
    // The answer is the whole file, which its registering agent may change.
    const answer = await call(t.app, 'POST', '/api/persons', { token, body: personInput(4) });
    expect(answer.body.data).toMatchObject({ masked: false, canEdit: true, dob: '1990-05-14' });
  });

  it('is open to the super administrator and an agent’s administrator too, and closed without a token', async () => {
    const { t, staff } = await setup();
    const superAdmin = await activeSuperAdminToken(t.app);

    expect(
      (await call(t.app, 'POST', '/api/persons', { token: superAdmin, body: personInput(1) })).status,
    ).toBe(201);
    expect(
      (await call(t.app, 'POST', '/api/persons', { token: staff.admin.token, body: personInput(2) })).status,
    ).toBe(201);
    const anonymous = await call(t.app, 'POST', '/api/persons', { body: personInput(3) });
    expect(anonymous.status).toBe(401);
    expect(await personRows(t)).toHaveLength(2);
  });

  it('answers each mistake under its field in French, and writes nothing', async () => {
    const { t, token } = await setup();

    const answer = await call(t.app, 'POST', '/api/persons', {
      token,
      body: personInput(1, {
        firstName: 'M',
        phoneNumber: '509-abc',
        email: 'pas-un-email',
        idDocumentNumber: 'AB',
        dateIssued: '2022-01-01',
        expirationDate: '2021-01-01',
        maritalStatus: 'complicated' as never,
      }),
    });

    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Veuillez corriger les erreurs du formulaire');
    expect(answer.body.errors).toEqual({
      firstName: ['Le prénom doit contenir au moins 2 caractères'],
      phoneNumber: [
        'Numéro de téléphone invalide',
        'Le numéro de téléphone doit contenir au moins 8 chiffres',
      ],
      email: ['Email invalide'],
      idDocumentNumber: ['Le numéro de document doit contenir au moins 4 caractères'],
      // The dates are checked beside the other fields, not once they are right (decision 132).
      expirationDate: ["La date d'expiration doit être après la date d'émission"],
      maritalStatus: ['Statut matrimonial invalide'],
    });
    const empty = await call(t.app, 'POST', '/api/persons', { token });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      firstName: ['Le prénom est requis'],
      dob: ['La date de naissance est requise'],
      email: ["L'email est requis"],
    });
    expect(await personRows(t)).toHaveLength(0);
    expect(await auditOf(t, 'persons.created')).toHaveLength(0);
  });

  it('checks that the document expires after its issue', async () => {
    const { t, token } = await setup();
    const answer = await call(t.app, 'POST', '/api/persons', {
      token,
      body: personInput(1, { dateIssued: '2022-01-01', expirationDate: '2021-01-01' }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      expirationDate: ["La date d'expiration doit être après la date d'émission"],
    });
    expect(await personRows(t)).toHaveLength(0);
  });

  it('refuses an annual income with more than two decimals', async () => {
    const { t, token } = await setup();
    const answer = await call(t.app, 'POST', '/api/persons', {
      token,
      body: personInput(1, { annualIncome: 10.005 }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ annualIncome: ['Revenu annuel invalide'] });
    expect(await personRows(t)).toHaveLength(0);
  });

  describe('the 18-year rule, in Haiti’s calendar', () => {
    it('accepts a person on the day of the 18th birthday and refuses one a day younger', async () => {
      const { t, token } = await setup();
      // Noon in Port-au-Prince on 22 November 2026. Only Date is faked: I/O timers keep running.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-22T17:00:00Z'));

      const birthday = await call(t.app, 'POST', '/api/persons', {
        token,
        body: personInput(1, { dob: '2008-11-22' }),
      });
      const dayYounger = await call(t.app, 'POST', '/api/persons', {
        token,
        body: personInput(2, { dob: '2008-11-23' }),
      });

      expect(birthday.status).toBe(201);
      expect(birthday.body.data.dob).toBe('2008-11-22');
      expect(dayYounger.status).toBe(422);
      expect(dayYounger.body.errors).toEqual({ dob: ['Vous devez avoir au moins 18 ans'] });
      expect(dayYounger.body.message).toBe('Vous devez avoir au moins 18 ans');
      expect((await personRows(t)).map((row) => row.dob)).toEqual(['2008-11-22']);
    });

    it('still refuses at 21:00 in Haiti, when it is already the birthday in UTC', async () => {
      const { t, token } = await setup();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-23T02:00:00Z'));

      const answer = await call(t.app, 'POST', '/api/persons', {
        token,
        body: personInput(1, { dob: '2008-11-23' }),
      });

      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ dob: ['Vous devez avoir au moins 18 ans'] });
      expect(await personRows(t)).toHaveLength(0);
    });

    it('refuses a birth date in the future', async () => {
      const { t, token } = await setup();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-22T17:00:00Z'));
      const answer = await call(t.app, 'POST', '/api/persons', {
        token,
        body: personInput(1, { dob: '2026-11-23' }),
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ dob: ['La date de naissance ne peut pas être dans le futur'] });
    });
  });

  describe('uniqueness', () => {
    it('refuses an e-mail already taken, whatever its case', async () => {
      const { t, token } = await setup();
      await registerPerson(t.app, token, personInput(1));

      const answer = await call(t.app, 'POST', '/api/persons', {
        token,
        body: personInput(2, { email: 'CLIENT0001@Exemple.HT' }),
      });

      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        message: 'Cette adresse e-mail existe déjà',
        code: 'CONFLICT',
        errors: { email: ['Cette adresse e-mail existe déjà'] },
      });
      expect(await personRows(t)).toHaveLength(1);
    });

    it('refuses a phone number already taken, however it is written', async () => {
      const { t, token } = await setup();
      await registerPerson(t.app, token, personInput(1, { phoneNumber: '+50937120001' }));

      const answer = await call(t.app, 'POST', '/api/persons', {
        token,
        body: personInput(2, { phoneNumber: '+509 37 12-00 01' }),
      });

      expect(answer.status).toBe(409);
      expect(answer.body.errors).toEqual({ phoneNumber: ['Ce numéro de téléphone existe déjà'] });
      expect(await personRows(t)).toHaveLength(1);
    });

    it('refuses a document of the same type and number (any case), and allows the number under another type', async () => {
      const { t, token } = await setup();
      await registerPerson(
        t.app,
        token,
        personInput(1, { idDocumentType: 'passport', idDocumentNumber: 'PA123456' }),
      );

      const same = await call(t.app, 'POST', '/api/persons', {
        token,
        body: personInput(2, { idDocumentType: 'passport', idDocumentNumber: 'pa123456' }),
      });
      const otherType = await call(t.app, 'POST', '/api/persons', {
        token,
        body: personInput(3, { idDocumentType: 'driving_license', idDocumentNumber: 'PA123456' }),
      });

      expect(same.status).toBe(409);
      expect(same.body.errors).toEqual({ idDocumentNumber: ['Ce numéro de passeport existe déjà'] });
      expect(otherType.status).toBe(201);
      expect(await personRows(t)).toHaveLength(2);
    });

    it('names every duplicate field at once', async () => {
      const { t, token } = await setup();
      await registerPerson(t.app, token, personInput(1));

      const answer = await call(t.app, 'POST', '/api/persons', { token, body: personInput(1) });

      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('Veuillez corriger les erreurs du formulaire');
      expect(answer.body.errors).toEqual({
        phoneNumber: ['Ce numéro de téléphone existe déjà'],
        email: ['Cette adresse e-mail existe déjà'],
        idDocumentNumber: ["Ce numéro de carte d'identité existe déjà"],
      });
    });

    it('lets exactly one of two racing identical registrations win', async () => {
      const { t, token } = await setup();

      const answers = await Promise.all([
        call(t.app, 'POST', '/api/persons', { token, body: personInput(7) }),
        call(t.app, 'POST', '/api/persons', { token, body: personInput(7) }),
      ]);

      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const loser = answers.find((answer) => answer.status === 409)!;
      expect(loser.body.code).toBe('CONFLICT');
      expect(Object.keys(loser.body.errors as object).length).toBeGreaterThan(0);
      expect(await personRows(t)).toHaveLength(1);
      expect(await auditOf(t, 'persons.created')).toHaveLength(1);
    });

    it('holds under load: eight racing registrations of one e-mail, one winner, seven field errors', async () => {
      const { t, token } = await setup();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call(t.app, 'POST', '/api/persons', {
            token,
            body: personInput(20 + i, { email: 'meme.adresse@exemple.ht' }),
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      const losers = answers.filter((answer) => answer.status === 409);
      expect(losers).toHaveLength(7);
      for (const loser of losers)
        expect(loser.body.errors).toEqual({ email: ['Cette adresse e-mail existe déjà'] });
      expect(await personRows(t)).toHaveLength(1);
    });
  });
});

describe('GET, PUT and DELETE /api/persons/{id}', () => {
  it('reads a person; an unknown id, a malformed one and a user’s bare person are 404', async () => {
    const { t, db, token } = await setup();
    const person = await registerPerson(t.app, token, personInput(1));
    const bare = await createUser(db, { username: 'autre-user', password: 'x-long-password', role: 'sudo' });

    const found = await call(t.app, 'GET', `/api/persons/${person.id}`, { token });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ id: person.id, email: 'client0001@exemple.ht' });

    for (const id of ['00000000-0000-4000-8000-000000000000', 'pas-un-id', bare.personId]) {
      const answer = await call(t.app, 'GET', `/api/persons/${id}`, { token });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Aucune personne trouvée');
    }
  });

  it('updates the whole form, normalising the phone, and audits the names of the changed fields', async () => {
    const { t, db, token } = await setup();
    const person = await registerPerson(t.app, token, personInput(1));

    const answer = await call(t.app, 'PUT', `/api/persons/${person.id}`, {
      token,
      body: personInput(1, { city: 'Jacmel', phoneNumber: '+1 (305) 555-0101'.replace(/[()]/g, '') }),
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: person.id, city: 'Jacmel', phoneNumber: '+13055550101' });
    const [row] = await db.select().from(persons).where(eq(persons.id, person.id));
    expect(row).toMatchObject({ city: 'Jacmel', phoneNumber: '+13055550101' });
    const [audit] = await auditOf(t, 'persons.updated');
    expect(audit?.details).toEqual({ fields: ['city', 'phoneNumber'] });
    expect(JSON.stringify(audit?.details)).not.toContain('Jacmel');

    // A new name: its field, not the search's stored columns that follow it (decision 181).
    const renamed = await call(t.app, 'PUT', `/api/persons/${person.id}`, {
      token,
      body: personInput(1, { city: 'Jacmel', phoneNumber: '+13055550101', lastName: 'Étienne' }),
    });
    expect(renamed.status).toBe(200);
    const [latest] = (await auditOf(t, 'persons.updated')).filter((entry) => entry.id !== audit?.id);
    expect(latest?.details).toEqual({ fields: ['lastName'] });
  });

  it('keeps a preferred language: French by default, changed when sent, kept when left out (decision 237)', async () => {
    const { t, db, token } = await setup();
    const kreyol = await registerPerson(t.app, token, personInput(1, { preferredLanguage: 'ht' }));
    const french = await registerPerson(t.app, token, personInput(2));
    const languageOf = async (id: string) =>
      (await db.select().from(persons).where(eq(persons.id, id)))[0]?.preferredLanguage;
    expect([await languageOf(kreyol.id), await languageOf(french.id)]).toEqual(['ht', 'fr']);
    expect(
      (await call(t.app, 'GET', `/api/persons/${kreyol.id}`, { token })).body.data.preferredLanguage,
    ).toBe('ht');

    // A form without the field (a client of before) changes the rest and keeps the language.
    const { preferredLanguage: _left, ...withoutLanguage } = personInput(1, { city: 'Jacmel' });
    const kept = await call(t.app, 'PUT', `/api/persons/${kreyol.id}`, { token, body: withoutLanguage });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ city: 'Jacmel', preferredLanguage: 'ht' });
    const changed = await call(t.app, 'PUT', `/api/persons/${french.id}`, {
      token,
      body: personInput(2, { preferredLanguage: 'ht' }),
    });
    expect(changed.body.data.preferredLanguage).toBe('ht');
    expect(await languageOf(french.id)).toBe('ht');
    const audits = await auditOf(t, 'persons.updated');
    expect(audits.map((entry) => [entry.target, entry.details])).toEqual(
      expect.arrayContaining([
        [kreyol.id, { fields: ['city'] }],
        [french.id, { fields: ['preferredLanguage'] }],
      ]),
    );
    expect(audits).toHaveLength(2);

    const refused = await call(t.app, 'POST', '/api/persons', {
      token,
      body: personInput(3, { preferredLanguage: 'en' as 'fr' }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ preferredLanguage: ['Langue invalide'] });
  });

  it('refuses to give a person another’s e-mail, keeps its own, and changes nothing on refusal', async () => {
    const { t, db, token } = await setup();
    const first = await registerPerson(t.app, token, personInput(1));
    await registerPerson(t.app, token, personInput(2));

    const keepsOwn = await call(t.app, 'PUT', `/api/persons/${first.id}`, { token, body: personInput(1) });
    const takesOther = await call(t.app, 'PUT', `/api/persons/${first.id}`, {
      token,
      body: personInput(1, { email: 'Client0002@exemple.ht', city: 'Cap-Haïtien' }),
    });

    expect(keepsOwn.status).toBe(200);
    expect(takesOther.status).toBe(409);
    expect(takesOther.body.errors).toEqual({ email: ['Cette adresse e-mail existe déjà'] });
    const [row] = await db.select().from(persons).where(eq(persons.id, first.id));
    expect(row).toMatchObject({ email: 'client0001@exemple.ht', city: 'Port-au-Prince' });
    expect(await auditOf(t, 'persons.updated')).toHaveLength(1);
  });

  it('answers 404 to an update of an unknown person and 422 to an invalid form', async () => {
    const { t, token } = await setup();
    const person = await registerPerson(t.app, token, personInput(1));
    const unknown = await call(t.app, 'PUT', '/api/persons/00000000-0000-4000-8000-000000000000', {
      token,
      body: personInput(2),
    });
    const invalid = await call(t.app, 'PUT', `/api/persons/${person.id}`, {
      token,
      body: personInput(1, { address: 'rue' }),
    });
    expect(unknown.status).toBe(404);
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ address: ["L'adresse doit contenir au moins 5 caractères"] });
    expect(await personRows(t)).toHaveLength(1);
  });

  it('deletes a person nothing refers to, which frees its e-mail, phone and document', async () => {
    const { t, db, token } = await setup();
    const person = await registerPerson(t.app, token, personInput(1));
    // The file says the delete would pass, as the list does.
    expect((await call(t.app, 'GET', `/api/persons/${person.id}`, { token })).body.data).toMatchObject({
      canEdit: true,
      canDelete: true,
    });
    const listed = await call(t.app, 'GET', '/api/persons', { token });
    expect(listed.body.data[0]).toMatchObject({ id: person.id, canDelete: true });

    const answer = await call(t.app, 'DELETE', `/api/persons/${person.id}`, { token });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { id: person.id } });
    expect(await db.select().from(persons).where(eq(persons.id, person.id))).toHaveLength(0);
    expect(await auditOf(t, 'persons.deleted')).toHaveLength(1);
    expect((await call(t.app, 'POST', '/api/persons', { token, body: personInput(1) })).status).toBe(201);
    expect((await call(t.app, 'DELETE', `/api/persons/${person.id}`, { token })).status).toBe(404);
  });

  it('refuses to delete a holder of an account or the person of a user, and keeps them', async () => {
    const { t, db, token, staff } = await setup();
    const holder = await registerPerson(t.app, token, personInput(1));
    const userPerson = await registerPerson(t.app, token, personInput(2));
    const opened = await call(t.app, 'POST', '/api/accounts', {
      token,
      body: { type: 'current', currency: 'HTG', personIds: [holder.id] },
    });
    if (opened.status !== 201) {
      // Without the accounts module, write the holder row as it would.
      const [account] = await db
        .insert(accounts)
        .values({
          accountNumber: '10000000009',
          kind: 'customer',
          type: 'current',
          status: 'active',
          agentId: staff.agent.id,
        })
        .returning();
      await db.insert(accountHolders).values({ accountId: account!.id, personId: holder.id, position: 0 });
    }
    await createUser(db, {
      username: 'lie-a-une-personne',
      password: 'x-long-password',
      role: 'user',
      agentId: staff.agent.id,
      email: userPerson.email,
    });

    // The holder by its agent's teller; the person of a user by that agent's administrator (a teller
    // may not delete it at all: 403, see persons-scope.test.ts).
    for (const [person, by] of [
      [holder, token],
      [userPerson, staff.admin.token],
    ] as const) {
      // The file and the list say the delete would not pass, so the screen offers none.
      const file = await call(t.app, 'GET', `/api/persons/${person.id}`, { token: by });
      expect(file.body.data).toMatchObject({ canEdit: true, canDelete: false });
      const listed = await call(t.app, 'GET', '/api/persons?per_page=100', { token: by });
      expect(
        (listed.body.data as { id: string; canDelete: boolean }[]).find((row) => row.id === person.id),
      ).toMatchObject({ canDelete: false });
      const answer = await call(t.app, 'DELETE', `/api/persons/${person.id}`, { token: by });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('Cette personne est liée à un compte ou à un utilisateur');
    }
    expect(await personRows(t)).toHaveLength(2);

    // A deleted user's row still names its person: the delete would still be refused, and none is offered.
    const removed = await call(t.app, 'DELETE', '/api/users/lie-a-une-personne', {
      token: staff.admin.token,
    });
    expect(removed.status).toBe(200);
    const file = await call(t.app, 'GET', `/api/persons/${userPerson.id}`, { token: staff.admin.token });
    expect(file.body.data).toMatchObject({ canDelete: false });
    const refused = await call(t.app, 'DELETE', `/api/persons/${userPerson.id}`, {
      token: staff.admin.token,
    });
    expect(refused.status).toBe(409);
    expect(await personRows(t)).toHaveLength(2);
    expect(await auditOf(t, 'persons.deleted')).toHaveLength(0);
  });
});

describe('GET /api/persons', () => {
  it('pages the registered persons, newest first, with the total; per_page above 100 is lowered', async () => {
    const { t, token } = await setup();
    for (let n = 1; n <= 12; n += 1) {
      await registerPerson(t.app, token, personInput(n));
      t.clock.advance(1000);
    }

    const page3 = await call(t.app, 'GET', '/api/persons?page=3&per_page=5', { token });
    const defaults = await call(t.app, 'GET', '/api/persons', { token });
    const capped = await call(t.app, 'GET', '/api/persons?per_page=500', { token });

    expect(page3.status).toBe(200);
    expect(page3.body.meta).toEqual({ total: 12, page: 3, per_page: 5 });
    expect(emailsOf(page3.body)).toEqual(['client0002@exemple.ht', 'client0001@exemple.ht']);
    expect(defaults.body.meta).toEqual({ total: 12, page: 1, per_page: 10 });
    expect(defaults.body.data).toHaveLength(10);
    expect(defaults.body.data[0].email).toBe('client0012@exemple.ht');
    expect(capped.body.meta).toEqual({ total: 12, page: 1, per_page: 100 });
    // The users' bare persons (name and e-mail only) are not customers: not listed.
    expect(capped.body.data).toHaveLength(12);
  });

  it('finds by name in either order, document number, e-mail, and phone however it is typed', async () => {
    const { t, token } = await setup();
    await registerPerson(t.app, token, personInput(1, { firstName: 'Rose', lastName: 'Dorcé' }));
    await registerPerson(t.app, token, personInput(2, { firstName: 'Paul', lastName: 'Étienne' }));
    // Stored decomposed: "De" + U+0301 (a combining acute accent) + "sir".
    await registerPerson(t.app, token, personInput(3, { firstName: 'Wilner', lastName: 'De\u0301sir' }));

    const emailsFor = async (q: string) => {
      const answer = await call(t.app, 'GET', `/api/persons?q=${encodeURIComponent(q)}`, { token });
      expect(answer.status).toBe(200);
      return emailsOf(answer.body);
    };

    expect(await emailsFor('dorcé')).toEqual(['client0001@exemple.ht']);
    expect(await emailsFor('Rose Dorcé')).toEqual(['client0001@exemple.ht']);
    expect(await emailsFor('dorcé rose')).toEqual(['client0001@exemple.ht']);
    // Case and accents set aside (decision 175): typed as a teller types on a phone's keyboard.
    expect(await emailsFor('dorce')).toEqual(['client0001@exemple.ht']);
    expect(await emailsFor('ROSE DORCE')).toEqual(['client0001@exemple.ht']);
    expect(await emailsFor('etienne paul')).toEqual(['client0002@exemple.ht']);
    expect(await emailsFor('ÉTIENNE')).toEqual(['client0002@exemple.ht']);
    for (const q of ['desir', 'Désir', 'DE\u0301SIR', 'wilner desir']) {
      expect(await emailsFor(q), q).toEqual(['client0003@exemple.ht']);
    }
    expect(await emailsFor('cin-0002')).toEqual(['client0002@exemple.ht']);
    expect(await emailsFor('CLIENT0002@')).toEqual(['client0002@exemple.ht']);
    expect(await emailsFor('3712 0001')).toEqual(['client0001@exemple.ht']);
    expect(await emailsFor('%')).toEqual([]);
    expect(await emailsFor('personne')).toEqual([]);
  });

  it('refuses a page that is not a whole number from 1', async () => {
    const { t, token } = await setup();
    const answer = await call(t.app, 'GET', '/api/persons?page=0', { token });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ page: ['Numéro de page invalide'] });
  });
});

describe('searches and uniqueness checks', () => {
  it('finds a person by document number, and by type and number, whatever the case', async () => {
    const { t, token } = await setup();
    const person = await registerPerson(
      t.app,
      token,
      personInput(1, { idDocumentType: 'passport', idDocumentNumber: 'PA7788' }),
    );

    const byNumber = await call(t.app, 'GET', '/api/persons/search/pa7788', { token });
    const byBoth = await call(t.app, 'GET', '/api/persons/search/passport/PA7788', { token });
    const wrongType = await call(t.app, 'GET', '/api/persons/search/id_card/PA7788', { token });
    const unknown = await call(t.app, 'GET', '/api/persons/search/ZZ0000', { token });
    const badType = await call(t.app, 'GET', '/api/persons/search/visa/PA7788', { token });

    expect(byNumber.status).toBe(200);
    expect(byNumber.body.data.person.id).toBe(person.id);
    expect(byBoth.body.data.person.id).toBe(person.id);
    expect(wrongType.status).toBe(404);
    expect(wrongType.body.message).toBe('Aucune personne trouvée');
    expect(unknown.status).toBe(404);
    expect(badType.status).toBe(422);
    expect(badType.body.errors).toEqual({ type: ['Le type de document est requis'] });
  });

  it('says whether an e-mail (any case) or a phone (any spelling) is taken', async () => {
    const { t, token } = await setup();
    await registerPerson(t.app, token, personInput(1));
    const exists = async (field: string, value: string) => {
      const answer = await call(t.app, 'POST', '/api/persons/check-unique/', {
        token,
        body: { field, value },
      });
      expect(answer.status).toBe(200);
      return answer.body.data.exists as boolean;
    };

    expect(await exists('email', 'Client0001@EXEMPLE.ht')).toBe(true);
    expect(await exists('email', 'autre@exemple.ht')).toBe(false);
    expect(await exists('phoneNumber', '+509 3712 0001')).toBe(true);
    expect(await exists('phoneNumber', '+509-3712-0002')).toBe(false);
    const invalid = await call(t.app, 'POST', '/api/persons/check-unique/', {
      token,
      body: { field: 'username', value: 'x' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({ field: ['Champ invalide'] });
  });

  it('says whether a document is registered, and whose to the teller who may change the person (decision 214)', async () => {
    const { t, token } = await setup();
    const person = await registerPerson(t.app, token, personInput(1));
    const check = (path: string) =>
      call(t.app, 'GET', `/api/persons/check-document-unique/${path}`, { token });

    expect((await check('cin-0001/id_card')).body).toEqual({ data: { exists: true, id: person.id } });
    expect((await check('CIN-0001/passport')).body).toEqual({ data: { exists: false } });
    expect((await check('CIN-0001/visa')).status).toBe(422);
    // A number out of bounds is said in French, on its field, as the form says it.
    for (const [path, message] of [
      [`${'X'.repeat(41)}/id_card`, 'Le numéro de document ne peut pas dépasser 40 caractères'],
      ['%20%20/id_card', 'Le numéro de document est requis'],
    ] as const) {
      const refused = await check(path);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ number: [message] });
    }
    const searched = await call(t.app, 'GET', `/api/persons/search/${'X'.repeat(41)}`, { token });
    expect(searched.body.errors).toEqual({
      documentNumber: ['Le numéro de document ne peut pas dépasser 40 caractères'],
    });
  });

  it('answers 401 without a token on every persons route', async () => {
    const { t } = await setup();
    const routes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string][] = [
      ['GET', '/api/persons'],
      ['GET', '/api/persons/00000000-0000-4000-8000-000000000000'],
      ['PUT', '/api/persons/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/persons/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/persons/search/CIN-0001'],
      ['GET', '/api/persons/search/id_card/CIN-0001'],
      ['POST', '/api/persons/check-unique/'],
      ['GET', '/api/persons/check-document-unique/CIN-0001/id_card'],
    ];
    for (const [method, url] of routes) expect((await call(t.app, method, url)).status).toBe(401);
  });
});

describe('the unique indexes behind the checks', () => {
  it('name the field of a duplicate that slipped past the check, on either driver', async () => {
    const { db } = await setup();
    const base = { firstName: 'Marie', lastName: 'Joseph', idDocumentType: 'id_card' };
    await db
      .insert(persons)
      .values({ ...base, email: 'a@exemple.ht', phoneNumber: '+50937000001', idDocumentNumber: 'X1' });

    const violation = async (values: Partial<typeof persons.$inferInsert>) => {
      const error: unknown = await db
        .insert(persons)
        .values({ ...base, ...values })
        .then(
          () => undefined,
          (caught: unknown) => caught,
        );
      return duplicatePersonFieldOf(uniqueViolationOf(error));
    };

    expect(await violation({ email: 'A@Exemple.ht' })).toBe('email');
    expect(await violation({ phoneNumber: '+50937000001' })).toBe('phoneNumber');
    expect(await violation({ idDocumentNumber: 'x1' })).toBe('idDocumentNumber');
    expect(uniqueViolationOf(new Error('autre'))).toBeUndefined();
  });
});

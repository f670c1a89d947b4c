import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { persons, users } from '../../src/db/schema.js';
import { NotFound } from '../../src/http/errors.js';
import { accountErrors } from '../../src/modules/accounts/index.js';
import { build } from '../helpers/build.js';
import { call } from '../helpers/fixtures.js';
import { Mailbox } from '../helpers/mailbox.js';
import { counterForm, ledgerWorld } from '../helpers/ledger.js';
import { agentWithStaff, personInput } from '../modules/persons/person-fixtures.js';

/* The server answers in the language of the moment, and writes to a customer in hers (decisions 236, 237). */

const UNKNOWN_ACCOUNT = '/api/accounts/00000000-0000-4000-8000-000000000000';

/** A public route that refuses with one of the server's own texts. */
const probe: FastifyPluginAsync = (api) => {
  api.get('/probe/refusal', { config: { public: true } }, () =>
    Promise.reject(new NotFound(accountErrors.notFound)),
  );
  return Promise.resolve();
};

describe('the language of an answer', () => {
  it('before sign-in, is the one Accept-Language asks for', async () => {
    const { app } = await build({ overrides: { routes: probe } });
    const kreyol = await call(app, 'GET', '/api/probe/refusal', {
      headers: { 'accept-language': 'ht-HT, fr;q=0.5' },
    });
    expect(kreyol.status).toBe(404);
    expect(kreyol.body.message).toBe('Nou pa jwenn kont sa a');
    const french = await call(app, 'GET', '/api/probe/refusal', { headers: { 'accept-language': 'fr' } });
    expect(french.body.message).toBe('Compte introuvable');
  });

  it('once signed in, is her own whatever her browser asks', async () => {
    const t = await build();
    const staff = await agentWithStaff(t.app, t.database.db, 'AG-HT');
    const chosen = await call(t.app, 'PUT', '/api/auth/user/language', {
      token: staff.teller.token,
      body: { language: 'ht' },
    });
    const token = chosen.headers['x-access-token'] as string;
    const refused = await call(t.app, 'GET', UNKNOWN_ACCOUNT, {
      token,
      headers: { 'accept-language': 'fr' },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Nou pa jwenn kont sa a');
    // A French teller reads French even from a Kreyòl browser.
    const other = await agentWithStaff(t.app, t.database.db, 'AG-FR');
    const french = await call(t.app, 'GET', UNKNOWN_ACCOUNT, {
      token: other.teller.token,
      headers: { 'accept-language': 'ht' },
    });
    expect(french.body.message).toBe('Compte introuvable');
  });
});

describe('a customer’s e-mail', () => {
  it('speaks her preferred language, not the teller’s', async () => {
    const mailbox = await Mailbox.start();
    onTestFinished(() => mailbox.close());
    const t = await build({ env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Lajan <no-reply@lajan.test>' } });
    const db = t.database.db;
    const staff = await agentWithStaff(t.app, db, 'AG-MAIL');
    const registered = await call(t.app, 'POST', '/api/auth/register', {
      body: {
        type: 'savings',
        currency: 'HTG',
        persons: [personInput(1, { firstName: 'Rose', preferredLanguage: 'ht' })],
      },
      remoteAddress: '203.0.113.9',
    });
    expect(registered.status).toBe(201);
    const reference = registered.body.data.reference as string;
    const [person] = await db.select().from(persons).where(eq(persons.firstName, 'Rose'));
    expect(person?.preferredLanguage).toBe('ht');
    const [teller] = await db.select().from(users).where(eq(users.id, staff.teller.id));
    expect(teller?.language).toBe('fr');
    const pending = await call(t.app, 'GET', '/api/accounts?status=pending', { token: staff.teller.token });
    const requestId = pending.body.data[0].id as string;

    const activated = await call(t.app, 'POST', `/api/accounts/${requestId}/activate`, {
      token: staff.teller.token,
    });

    expect(activated.status).toBe(200);
    const [received, opened] = await mailbox.waitForCount(2);
    expect(received?.subject).toBe(`Demann ou pou louvri yon kont Lajan (${reference})`);
    expect(received?.text).toContain('Nou byen resevwa demann ou pou louvri yon kont epay an goud.');
    expect(opened?.subject).toBe(`Kont Lajan ou louvri (${reference})`);
    expect(opened?.text).toMatch(/^Bonjou Rose,\r?\n/);
    expect(opened?.text).toContain(`Yo aksepte demann ${reference} ou a : kont epay ou an goud louvri.`);
    expect(opened?.text).toContain('Pwen sèvis : Agence AG-MAIL (AG-MAIL)');
    expect(opened?.text).toContain('Ekip Lajan an');
  });
});

describe('receiptLanguage', () => {
  it('is the account holder’s for a deposit, whatever the teller speaks', async () => {
    const world = await ledgerWorld();
    await world.db.update(persons).set({ preferredLanguage: 'ht' }).where(eq(persons.id, world.marie.id));
    const post = (account: typeof world.marieAccount, person: typeof world.marie) =>
      call(world.app, 'POST', '/api/transactions/deposit', {
        token: world.pap.teller.token,
        body: counterForm(account, person, 250),
      });

    const kreyol = await post(world.marieAccount, world.marie);
    const french = await post(world.jeanAccount, world.jean);

    expect(kreyol.status).toBe(201);
    expect(kreyol.body.data.receiptLanguage).toBe('ht');
    expect(french.body.data.receiptLanguage).toBe('fr');
    // The history reads the same, in its one join.
    const history = await call(world.app, 'GET', '/api/transactions/history?per_page=100', {
      token: world.pap.teller.token,
    });
    const languageOf = (number: string) =>
      (history.body.data as { transactionNumber: string; receiptLanguage: string }[]).find(
        (row) => row.transactionNumber === number,
      )?.receiptLanguage;
    expect(languageOf(kreyol.body.data.transactionNumber as string)).toBe('ht');
    expect(languageOf(french.body.data.transactionNumber as string)).toBe('fr');
  });
});

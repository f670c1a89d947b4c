import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { persons, smsOutbox } from '../../src/db/schema.js';
import { SmsSender } from '../../src/sms/sender.js';
import { SmppTransport } from '../../src/sms/smpp.js';
import { call } from '../helpers/fixtures.js';
import {
  cashTransferForm,
  ledgerWorld,
  recipientIdentity,
  recipientParty,
  recipientPerson,
} from '../helpers/ledger.js';
import { Smsc } from '../helpers/smsc.js';

/*
 * Issue 46, « Done when »: a cash send's recipient receives, from a real SMPP server, the code that pays it
 * out; the sender of the transfer is told when it is paid. A sender of its own on the world's database.
 */

describe('a cash send over SMPP (issue 46)', () => {
  it('gives the recipient the code that pays it out, then tells the sender it was paid', async () => {
    const world = await ledgerWorld();
    await world.db
      .update(persons)
      .set({ preferredContactMethod: 'sms', preferredLanguage: 'ht' })
      .where(eq(persons.id, world.marie.id));
    const [marie] = await world.db
      .select({ phone: persons.phoneNumber })
      .from(persons)
      .where(eq(persons.id, world.marie.id));
    const smsc = await Smsc.start();
    const log = pino({ level: 'silent' });
    const sender: SmsSender = new SmsSender({
      db: world.db,
      transport: new SmppTransport({
        url: smsc.url,
        sender: 'Lajan',
        log,
        onReport: (report) => sender.recordReport(report),
        timeoutMs: 2_000,
      }),
      clock: world.clock,
      log,
      pollIntervalMs: 60_000,
    });
    try {
      const sent = await call(world.app, 'POST', '/api/transactions/transfer-extern', {
        token: world.pap.teller.token,
        body: cashTransferForm(world.marie, 1000),
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      await sender.kick();
      await smsc.waitFor(1);
      const codeText = smsc.textTo(recipientPerson.phoneNumber);
      const code = /Kòd pou touche: (\d+)\./.exec(codeText)?.[1];
      expect(code, codeText).toBe(sent.body.data.transactionNumber);

      const paid = await call(world.app, 'POST', '/api/transactions/receive-transfer', {
        token: world.cap.teller.token,
        body: { transactionNumber: code, amount: 1000, recipient: recipientIdentity, party: recipientParty },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      await sender.kick();
      expect(smsc.textTo(marie!.phone!)).toContain(`transfè ${code} ou a, 1 000,00 HTG, peye`);
      // Sent, the code is kept nowhere in the outbox.
      const rows = await world.db.select().from(smsOutbox).orderBy(smsOutbox.kind);
      expect(rows.map((row) => [row.kind, row.textBody, row.facts, row.sentAt !== null])).toEqual([
        ['pickup_code', '', null, true],
        ['transfer_paid', '', null, true],
      ]);
    } finally {
      await sender.stop();
      await smsc.close();
    }
  });
});

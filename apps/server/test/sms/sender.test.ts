import { statSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SMS_KIND_DISABLED } from '@lajan/domain';
import { smsKindSettings, smsOutbox } from '../../src/db/schema.js';
import { retryDelayMs } from '../../src/mail/sender.js';
import { enqueueSms, type SmsMessage } from '../../src/sms/outbox.js';
import { SMS_MAX_ATTEMPTS } from '../../src/sms/sender.js';
import { smsText } from '../../src/sms/texts.js';
import { build } from '../helpers/build.js';
import { Smsc } from '../helpers/smsc.js';

const receipt = (text: string, to = '+50937001234'): SmsMessage => ({
  kind: 'receipt',
  to,
  language: 'fr',
  text,
});

async function withSmsc<T>(run: (smsc: Smsc) => Promise<T>): Promise<T> {
  const smsc = await Smsc.start();
  try {
    return await run(smsc);
  } finally {
    await smsc.close();
  }
}

/** The app against the SMSC, its sender's timeouts short. */
function buildFor(smsc: Smsc | string, env: Record<string, string> = {}) {
  return build({
    env: { SMPP_URL: typeof smsc === 'string' ? smsc : smsc.url, ...env },
    overrides: { smppTimeoutMs: 2_000 },
  });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SMS over SMPP (issue 46)', () => {
  it('sends French within GSM-7 as data_coding 0, é as its GSM septet', () =>
    withSmsc(async (smsc) => {
      const { app, clock, database } = await buildFor(smsc);
      const text = 'Lajan : retrait de 500 HTG effectué, frais 25 HTG. Solde 1 200 HTG. Trans. T-000123';
      await enqueueSms(database.db, [receipt(text)], clock.now());
      await app.sms.kick();

      const [part] = await smsc.waitFor(1);
      expect(smsc.received).toHaveLength(1);
      expect(part).toMatchObject({
        source: 'Lajan',
        destination: '50937001234',
        dataCoding: 0,
        registeredDelivery: 1,
        udh: undefined,
        text,
      });
      // « é » is 0x05 in GSM 03.38, one octet: not Latin-1's 0xE9.
      expect([...part!.body]).toContain(0x05);
      expect(part!.body).toHaveLength(text.length);
      const [row] = await database.db.select().from(smsOutbox);
      expect(row).toMatchObject({
        parts: 1,
        encoding: 'gsm7',
        smscMessageIds: [part!.messageId],
        textBody: '',
        lockedUntil: null,
      });
      expect(row!.sentAt?.getTime()).toBe(clock.now().getTime());
    }));

  it('sends ç, ê and ô as UCS-2 (data_coding 8, UTF-16BE)', () =>
    withSmsc(async (smsc) => {
      const { app, clock, database } = await buildFor(smsc);
      const texts = ['Dépôt reçu : 1 500 HTG.', 'Transfert payé à Jean, frais 50 HTG.', 'Vous êtes servi.'];
      const forcing = ['ç', 'ê', 'ô'];
      // Each text holds one character outside GSM-7, and nothing else outside it.
      texts[1] = texts[1]!.replace('payé', 'payé (reçu)');
      await enqueueSms(
        database.db,
        texts.map((text, i) => receipt(text, `+5093700000${i}`)),
        clock.now(),
      );
      await app.sms.kick();

      const parts = await smsc.waitFor(3);
      for (const [i, text] of texts.entries()) {
        const part = parts.find((received) => received.destination === `5093700000${i}`)!;
        expect(part.dataCoding, text).toBe(8);
        expect(part.body.equals(Buffer.from(text, 'utf16le').swap16()), text).toBe(true);
        expect(part.text).toBe(text);
        expect(part.text).toMatch(new RegExp(`[${forcing.join('')}]`));
      }
      const rows = await database.db.select().from(smsOutbox);
      expect(rows.map((row) => row.encoding)).toEqual(['ucs2', 'ucs2', 'ucs2']);
    }));

  it('splits a long UCS-2 text into two parts whose UDH joins them back into the text', () =>
    withSmsc(async (smsc) => {
      const { app, clock, database } = await buildFor(smsc, { SMS_PART_COST_CENTIMES: '150' });
      const text =
        'Lajan : transfert reçu. Code de retrait 482913, montant 2 500 HTG, à retirer avant le 6 janvier dans un point Lajan.';
      expect(text.length).toBeGreaterThan(70);
      await enqueueSms(database.db, [{ ...receipt(text), kind: 'pickup_code' }], clock.now());
      await app.sms.kick();

      const parts = await smsc.waitFor(2);
      expect(parts).toHaveLength(2);
      const [first, second] = parts as [(typeof parts)[0], (typeof parts)[0]];
      for (const [i, part] of parts.entries()) {
        expect(part.dataCoding).toBe(8);
        expect(part.esmClass & 0x40).toBe(0x40);
        // IEI 0x00 (8-bit reference), its length 3, the reference, two parts, this one's number.
        expect([...part.udh!]).toEqual([0x05, 0x00, 0x03, first.udh![3], 2, i + 1]);
        expect(part.body.length).toBeLessThanOrEqual(140 - 6);
      }
      expect(second.udh![3]).toBe(first.udh![3]);
      expect(first.text + second.text).toBe(text);

      const [row] = await database.db.select().from(smsOutbox);
      expect(row).toMatchObject({
        parts: 2,
        encoding: 'ucs2',
        smscMessageIds: [first.messageId, second.messageId],
      });
      const metrics = await app.metrics.registry.metrics();
      expect(metrics).toContain('lajan_sms_parts_total{kind="pickup_code",encoding="ucs2"} 2');
      expect(metrics).toContain('lajan_sms_cost_centimes_total{kind="pickup_code"} 300');
      expect(metrics).toContain('lajan_sms_deliveries_total{kind="pickup_code",outcome="sent"} 1');
    }));

  it('splits a long GSM-7 text into two parts of at most 153 septets, the extension characters whole', () =>
    withSmsc(async (smsc) => {
      const { app, clock, database } = await buildFor(smsc);
      const text = `${'Lajan [reçu] '.replace('ç', 'c').repeat(12)}total 25 € {fin}`;
      expect(text.length).toBeGreaterThan(160);
      await enqueueSms(database.db, [receipt(text)], clock.now());
      await app.sms.kick();
      const parts = await smsc.waitFor(2);
      expect(parts.map((part) => part.dataCoding)).toEqual([0, 0]);
      expect(parts.map((part) => part.udh![5])).toEqual([1, 2]);
      for (const part of parts) expect(part.body.length).toBeLessThanOrEqual(153);
      expect(parts.map((part) => part.text).join('')).toBe(text);
    }));

  it('writes an SMS queued with its facts through smsText, and keeps neither text nor facts once sent', () =>
    withSmsc(async (smsc) => {
      const { app, clock, database } = await buildFor(smsc);
      const facts = { number: 'EXT-482913', amount: 250_000 };
      await enqueueSms(
        database.db,
        [{ kind: 'pickup_code', to: '+50937001234', language: 'ht', facts }],
        clock.now(),
      );
      await app.sms.kick();
      const [part] = await smsc.waitFor(1);
      const text = smsText({ kind: 'pickup_code', language: 'ht', textBody: null, facts });
      expect(text).toContain('EXT-482913');
      expect(smsc.received.map((received) => received.text).join('')).toBe(text);
      expect(part!.destination).toBe('50937001234');
      const [row] = await database.db.select().from(smsOutbox);
      expect(row).toMatchObject({ textBody: '', facts: null });
      expect(row!.sentAt).toBeInstanceOf(Date);
    }));

  it('sends nothing of a kind switched off at send time, and keeps it failed for a retry', () =>
    withSmsc(async (smsc) => {
      const { app, clock, database } = await buildFor(smsc);
      await database.db.insert(smsKindSettings).values({ kind: 'receipt', enabled: false });
      await enqueueSms(database.db, [receipt('Retrait de 300 HTG effectué.')], clock.now());
      await app.sms.kick();
      const [row] = await database.db.select().from(smsOutbox);
      expect(row).toMatchObject({ sentAt: null, lastError: SMS_KIND_DISABLED, lockedUntil: null });
      expect(row!.failedAt).toBeInstanceOf(Date);
      expect(row!.textBody).toBe('Retrait de 300 HTG effectué.');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(smsc.received).toHaveLength(0);
      expect(await app.metrics.registry.metrics()).toContain(
        'lajan_sms_deliveries_total{kind="receipt",outcome="disabled"} 1',
      );
    }));

  it('sends nothing for a message whose transaction rolled back', () =>
    withSmsc(async (smsc) => {
      const { app, clock, database } = await buildFor(smsc);
      await expect(
        database.db.transaction(async (tx) => {
          await enqueueSms(tx, [receipt('Dépôt de 500 HTG reçu.')], clock.now());
          throw new Error('annulé');
        }),
      ).rejects.toThrow('annulé');
      await app.sms.kick();
      expect(await database.db.select().from(smsOutbox)).toHaveLength(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(smsc.received).toHaveLength(0);
    }));

  it('retries while the SMSC is down, then delivers once when it is back', async () => {
    const probe = await Smsc.start();
    const { port, url } = probe;
    await probe.close();
    const { app, clock, database, logs } = await buildFor(url);
    await enqueueSms(database.db, [receipt('Retrait de 300 HTG effectué.')], clock.now());
    await app.sms.kick();
    const [down] = await database.db.select().from(smsOutbox);
    expect(down).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
    expect(down!.lastError).toMatch(/SMSC injoignable/);
    expect(down!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));
    expect(logs.text).not.toContain('50937001234');
    expect(logs.text).toContain('+509****1234');

    const smsc = await Smsc.start(port);
    try {
      // Not due yet.
      await app.sms.kick();
      expect(smsc.received).toHaveLength(0);
      clock.advance(retryDelayMs(1));
      await app.sms.kick();
      expect(smsc.received).toHaveLength(1);
      const [sent] = await database.db.select().from(smsOutbox);
      expect(sent).toMatchObject({ attempts: 2, lastError: null, textBody: '' });
      await app.sms.kick();
      expect(smsc.received).toHaveLength(1);
    } finally {
      await smsc.close();
    }
  });

  it('gives a silent SMSC up after the timeout, and sends again on a new session', () =>
    withSmsc(async (smsc) => {
      const { app, clock, database } = await build({
        env: { SMPP_URL: smsc.url },
        overrides: { smppTimeoutMs: 300 },
      });
      smsc.silent = true;
      await enqueueSms(database.db, [receipt('Retrait de 300 HTG effectué.')], clock.now());
      const started = Date.now();
      await app.sms.kick();
      expect(Date.now() - started).toBeLessThan(3_000);
      const [silent] = await database.db.select().from(smsOutbox);
      expect(silent).toMatchObject({ attempts: 1, sentAt: null, lockedUntil: null, smscMessageIds: [] });
      expect(silent!.lastError).toBe('pas de réponse du SMSC à submit_sm (300 ms)');

      smsc.silent = false;
      clock.advance(retryDelayMs(1));
      await app.sms.kick();
      const [sent] = await database.db.select().from(smsOutbox);
      expect(sent!.sentAt).toBeInstanceOf(Date);
      // The SMSC got it twice: the first time was never acknowledged (at least once, decision 240).
      expect(smsc.received).toHaveLength(2);
    }));

  it(`gives up after ${SMS_MAX_ATTEMPTS} refusals and keeps the message for an operator`, () =>
    withSmsc(async (smsc) => {
      const { app, clock, database } = await buildFor(smsc);
      smsc.refuse = { next: SMS_MAX_ATTEMPTS, status: 0x45 };
      await enqueueSms(database.db, [receipt('Retrait de 300 HTG effectué.')], clock.now());
      for (let attempt = 1; attempt <= SMS_MAX_ATTEMPTS; attempt += 1) {
        await app.sms.kick();
        clock.advance(retryDelayMs(attempt));
      }
      const [row] = await database.db.select().from(smsOutbox);
      expect(row).toMatchObject({ attempts: SMS_MAX_ATTEMPTS, sentAt: null });
      expect(row!.failedAt).toBeInstanceOf(Date);
      expect(row!.lastError).toBe('le SMSC a refusé la partie 1/1 (statut 0x00000045)');
      expect(row!.textBody).toBe('Retrait de 300 HTG effectué.');
      await app.sms.kick();
      expect(smsc.received).toHaveLength(0);
      expect(await app.metrics.registry.metrics()).toContain(
        'lajan_sms_deliveries_total{kind="receipt",outcome="abandoned"} 1',
      );
    }));

  it('gives up at once on a number the SMSC says is invalid', () =>
    withSmsc(async (smsc) => {
      const { app, clock, database } = await buildFor(smsc);
      smsc.refuse = { next: 1, status: 0x0b };
      await enqueueSms(database.db, [receipt('Retrait de 300 HTG effectué.')], clock.now());
      await app.sms.kick();
      const [row] = await database.db.select().from(smsOutbox);
      expect(row).toMatchObject({ attempts: 1 });
      expect(row!.failedAt).toBeInstanceOf(Date);
    }));

  it('records the delivery report of each part and answers the SMSC', () =>
    withSmsc(async (smsc) => {
      const { app, clock, database } = await buildFor(smsc);
      smsc.autoReceipt = true;
      await enqueueSms(database.db, [receipt('Retrait de 300 HTG effectué.')], clock.now());
      await app.sms.kick();
      const [row] = await until(
        () => database.db.select().from(smsOutbox),
        (rows) => rows[0]?.deliveryStatus === 'DELIVRD',
      );
      expect(row!.deliveredAt?.getTime()).toBe(clock.now().getTime());
      await until(
        () => Promise.resolve(smsc.reportAnswers.length),
        (count) => count === 1,
      );
      expect(smsc.reportAnswers).toEqual([0]);

      // A later part lost outweighs the delivered one; an unknown id is answered all the same.
      smsc.receipt(row!.smscMessageIds[0]!, 'UNDELIV');
      smsc.receipt('ffffff', 'DELIVRD');
      const [after] = await until(
        () => database.db.select().from(smsOutbox),
        (rows) => rows[0]?.deliveryStatus === 'UNDELIV',
      );
      expect(after!.deliveredAt).toBeNull();
      await until(
        () => Promise.resolve(smsc.reportAnswers.length),
        (count) => count === 3,
      );
      expect(smsc.reportAnswers).toEqual([0, 0, 0]);
      expect(await app.metrics.registry.metrics()).toContain(
        'lajan_sms_delivery_reports_total{status="UNDELIV"} 1',
      );
    }));

  it('without SMPP_URL, writes each SMS to a private spool and logs only where', async () => {
    const { app, clock, config, database, logs } = await build();
    const text = 'Lajan : code de retrait 482913, montant 2 500 HTG.';
    await enqueueSms(database.db, [{ ...receipt(text), kind: 'pickup_code' }], clock.now());
    await app.sms.kick();

    const dir = path.join(config.dataDir, 'sms-spool');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const file = path.join(dir, files[0]!);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const spooled = readFileSync(file, 'utf8');
    expect(spooled).toContain('To: +50937001234');
    expect(spooled).toContain(text);
    expect(logs.text).toContain(file);
    for (const secret of ['482913', '50937001234', '37001234', 'code de retrait'])
      expect(logs.text).not.toContain(secret);
    const [row] = await database.db.select().from(smsOutbox);
    expect(row).toMatchObject({ parts: 1, encoding: 'gsm7', smscMessageIds: [], textBody: '' });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });
});

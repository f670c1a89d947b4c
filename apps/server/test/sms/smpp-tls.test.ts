import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.js';
import { smsOutbox } from '../../src/db/schema.js';
import { enqueueSms } from '../../src/sms/outbox.js';
import { SmsSender } from '../../src/sms/sender.js';
import { SmppTransport } from '../../src/sms/smpp.js';
import { freshDatabase } from '../helpers/database.js';
import { Smsc } from '../helpers/smsc.js';

/* `ssmpp://`: the session over TLS, the SMSC's certificate checked (made here, as test/tls.test.ts does). */
const dir = mkdtempSync(path.join(tmpdir(), 'lajan-smpp-tls-'));
const certFile = path.join(dir, 'cert.pem');
const keyFile = path.join(dir, 'key.pem');
execFileSync(
  'openssl',
  [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
    ...['-addext', 'subjectAltName=DNS:localhost', '-keyout', keyFile, '-out', certFile],
  ],
  { stdio: 'ignore' },
);
const cert = readFileSync(certFile);
const key = readFileSync(keyFile);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SMS over ssmpp:// (TLS)', () => {
  it('binds over TLS to an SMSC whose certificate it trusts, and sends', async () => {
    const smsc = await Smsc.start(0, { key, cert });
    const { database } = await freshDatabase();
    const log = pino({ level: 'silent' });
    const transport = new SmppTransport({
      url: smsc.url,
      sender: 'Lajan',
      log,
      onReport: () => Promise.resolve(true),
      timeoutMs: 2_000,
      socketOptions: { ca: cert },
    });
    const sender = new SmsSender({
      db: database.db,
      transport,
      clock: systemClock,
      log,
      pollIntervalMs: 60_000,
    });
    try {
      expect(smsc.url).toMatch(/^ssmpp:\/\//);
      await enqueueSms(
        database.db,
        [{ kind: 'receipt', to: '+50937001234', language: 'fr', text: 'Dépôt de 500 HTG reçu.' }],
        new Date(),
      );
      await sender.kick();
      const [part] = await smsc.waitFor(1);
      expect(part).toMatchObject({
        destination: '50937001234',
        dataCoding: 8,
        text: 'Dépôt de 500 HTG reçu.',
      });
      const [row] = await database.db.select().from(smsOutbox);
      expect(row!.sentAt).toBeInstanceOf(Date);
    } finally {
      await sender.stop();
      await smsc.close();
    }
  });

  it('refuses an SMSC whose certificate it does not trust, and keeps the SMS for a retry', async () => {
    const smsc = await Smsc.start(0, { key, cert });
    const { database } = await freshDatabase();
    const log = pino({ level: 'silent' });
    const transport = new SmppTransport({
      url: smsc.url,
      sender: 'Lajan',
      log,
      onReport: () => Promise.resolve(true),
      timeoutMs: 2_000,
    });
    const sender = new SmsSender({
      db: database.db,
      transport,
      clock: systemClock,
      log,
      pollIntervalMs: 60_000,
    });
    try {
      await enqueueSms(
        database.db,
        [{ kind: 'receipt', to: '+50937001234', language: 'fr', text: 'Dépôt de 500 HTG reçu.' }],
        new Date(),
      );
      await sender.kick();
      const [row] = await database.db.select().from(smsOutbox);
      expect(row).toMatchObject({ sentAt: null, attempts: 1 });
      expect(row!.lastError).toMatch(/SMSC injoignable \(self[- ]signed certificate/);
      expect(smsc.received).toHaveLength(0);
    } finally {
      await sender.stop();
      await smsc.close();
    }
  });
});

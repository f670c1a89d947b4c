// The SMS sender alone in a process of its own, for the crash test (`sms-crash.test.ts`): bound to SMPP_URL,
// it sends what SMS_DATABASE_URL's outbox holds, polling often, and says on standard output each part sent.
import pino from 'pino';
import { systemClock } from '../../src/clock.js';
import { openDatabase } from '../../src/db/client.js';
import { SmsSender } from '../../src/sms/sender.js';
import { SmppTransport } from '../../src/sms/smpp.js';

const database = await openDatabase({
  databaseUrl: process.env.SMS_DATABASE_URL,
  pgliteDataDir: 'memory://',
});
const log = pino({ level: 'error' }, pino.destination(2));
const transport = new SmppTransport({
  url: process.env.SMPP_URL!,
  sender: 'Lajan',
  log,
  onReport: (report) => sender.recordReport(report),
  timeoutMs: 2_000,
});
const sender: SmsSender = new SmsSender({
  db: database.db,
  transport,
  clock: systemClock,
  log,
  pollIntervalMs: 20,
  leaseMs: Number(process.env.SMS_LEASE_MS ?? 300),
  onPart: () => process.stdout.write('part\n'),
});
sender.start();
process.stdout.write('started\n');

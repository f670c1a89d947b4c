// The expiry job alone in a process of its own, for the crash test (`expiry-crash.test.ts`): it runs once
// against EXPIRY_DATABASE_URL at EXPIRY_NOW_MS, saying on standard output when it starts and each transfer,
// pausing EXPIRY_PAUSE_MS after each (so that the test's kill lands before the run ends).
import { setTimeout as delay } from 'node:timers/promises';
import { openDatabase } from '../../src/db/client.js';
import { LedgerService } from '../../src/ledger/service.js';
import { ensureSystemAccounts } from '../../src/ledger/system-accounts.js';
import { ExpiryJob } from '../../src/modules/expiry/index.js';
import { installServerLanguages } from '../../src/i18n/language.js';

// The expiry's mails and refusals in the language of the moment, as the server reads them (decision 236).
installServerLanguages();

const database = await openDatabase({
  databaseUrl: process.env.EXPIRY_DATABASE_URL,
  pgliteDataDir: 'memory://',
});
const now = new Date(Number(process.env.EXPIRY_NOW_MS));
const ledger = new LedgerService(await ensureSystemAccounts(database.db, now));
const job = new ExpiryJob({
  db: database.db,
  ledger,
  clock: { now: () => now },
  kickMail: () => Promise.resolve(),
  days: 30,
  afterEach: async (transfer) => {
    process.stdout.write(`expired ${transfer.transactionNumber}\n`);
    await delay(Number(process.env.EXPIRY_PAUSE_MS ?? 0));
  },
});
process.stdout.write('started\n');
const outcome = await job.run();
process.stdout.write(`done ${JSON.stringify(outcome)}\n`);
await database.close();

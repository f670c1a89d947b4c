import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { smsParts } from '@lajan/domain';
import { smsOutbox } from '../../src/db/schema.js';
import { enqueueSms, type SmsMessage } from '../../src/sms/outbox.js';
import { bundleChild } from '../helpers/child-bundle.js';
import { databaseKind, freshDatabase } from '../helpers/database.js';
import { Smsc } from '../helpers/smsc.js';

/*
 * The SMS sender under `kill -9` (issue 46, decision 240): a process of its own sends queued SMS to a real SMPP
 * server here and is killed again and again; after a restart every part has arrived at least once, and the
 * repeats are counted. `npm run crash:sms` runs it longer (SMS_CRASH_* in bench/README.md).
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let bundled: Awaited<ReturnType<typeof bundleChild>> | undefined;
const SEED = Number(process.env.SMS_CRASH_SEED ?? 20261206);
const MESSAGES = Number(process.env.SMS_CRASH_MESSAGES ?? 60);
const KILLS = Number(process.env.SMS_CRASH_KILLS ?? 8);

afterAll(() => bundled?.remove());

/** mulberry32, as bench/crash.mjs: the same seed draws the same kills. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (min: number, max: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return min + Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (max - min + 1));
  };
}

/** One part in three of the messages is the first of two (UCS-2), the others single, GSM-7 or UCS-2. */
function messageOf(i: number): SmsMessage & { text: string } {
  const to = `+5093${String(i).padStart(7, '0')}`;
  const texts = [
    `Lajan : transfert reçu n° ${i}. Code de retrait ${100000 + i}, montant 2 500 HTG, à retirer avant le 6 janvier.`,
    `Lajan: retrait ${i} de 500 HTG effectue, frais 25 HTG.`,
    `Lajan : dépôt ${i} reçu.`,
  ];
  return { kind: 'receipt', to, language: 'fr', text: texts[i % 3]! };
}

let died: string | undefined;

function startChild(url: string, databaseUrl: string): { child: ChildProcess; exited: Promise<void> } {
  const child = spawn(process.execPath, [bundled!.file], {
    cwd: serverDir,
    env: { ...process.env, SMPP_URL: url, SMS_DATABASE_URL: databaseUrl, SMS_LEASE_MS: '300' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') died = `le processus d’envoi s’est arrêté seul (${_code})`;
      resolve();
    }),
  );
  // Read, so that the pipe never fills.
  createInterface({ input: child.stdout }).on('line', () => undefined);
  return { child, exited };
}

describe.runIf(databaseKind === 'postgres')(`the SMS sender under kill -9 (${databaseKind})`, () => {
  it(
    'delivers every part at least once across repeated kills, repeating at most the part in flight',
    { timeout: 120_000 + KILLS * 5_000 + MESSAGES * 300 },
    async () => {
      const [{ database, url: databaseUrl }, smsc] = await Promise.all([
        freshDatabase(),
        Smsc.start(),
        bundleChild('sms-child.ts').then((child) => (bundled = child)),
      ]);
      try {
        const messages = Array.from({ length: MESSAGES }, (_, i) => messageOf(i));
        await enqueueSms(database.db, messages, new Date());
        const expectedParts = messages.reduce((sum, message) => sum + smsParts(message.text).parts.length, 0);
        // The SMSC answers a little later: a kill lands between a part's arrival and its record too.
        smsc.answerDelayMs = 3;
        const draw = seeded(SEED);

        for (let kill = 1; kill <= KILLS; kill += 1) {
          const before = smsc.received.length;
          const { child, exited } = startChild(smsc.url, databaseUrl!);
          // Killed once it has sent something, after a drawn pause: mid-part, between parts or rows.
          const until = Date.now() + 30_000;
          while (smsc.received.length === before && Date.now() < until && !died)
            await new Promise((resolve) => setTimeout(resolve, 2));
          expect(died).toBeUndefined();
          await new Promise((resolve) => setTimeout(resolve, draw(0, 40)));
          child.kill('SIGKILL');
          await exited;
        }

        const { child, exited } = startChild(smsc.url, databaseUrl!);
        const until = Date.now() + 60_000 + MESSAGES * 200;
        while (Date.now() < until && !died) {
          const left = await database.db
            .select({ id: smsOutbox.id })
            .from(smsOutbox)
            .where(isNull(smsOutbox.sentAt));
          if (left.length === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(died).toBeUndefined();
        child.kill('SIGKILL');
        await exited;

        // Every part of every message arrived; the repeats are the arrivals beyond the first of each part.
        const arrivals = new Map<string, number>();
        for (const part of smsc.received) {
          const key = `${part.destination}#${part.udh?.[5] ?? 1}`;
          arrivals.set(key, (arrivals.get(key) ?? 0) + 1);
        }
        for (const message of messages) {
          const split = smsParts(message.text);
          for (let part = 1; part <= split.parts.length; part += 1)
            expect(
              arrivals.get(`${message.to.slice(1)}#${part}`),
              `${message.to} ${part}`,
            ).toBeGreaterThanOrEqual(1);
        }
        const repeats = smsc.received.length - arrivals.size;
        const rows = await database.db.select().from(smsOutbox);
        expect(rows.filter((row) => row.sentAt === null || row.failedAt !== null)).toEqual([]);
        // A 2-part message's parts, even when one was sent again, share one reference: the phone joins them.
        for (const message of messages.filter((_, i) => i % 3 === 0)) {
          const references = new Set(
            smsc.received
              .filter((part) => part.destination === message.to.slice(1))
              .map((part) => part.udh![3]),
          );
          expect(references.size, message.to).toBe(1);
        }
        console.log(
          `SMS sous kill -9 (graine ${SEED}) : ${MESSAGES} messages, ${expectedParts} parties, ${KILLS} kill -9, ` +
            `${smsc.received.length} parties reçues, ${repeats} répétées (${(repeats / KILLS).toFixed(2)} par kill)`,
        );
        expect(arrivals.size).toBe(expectedParts);
        // One part in flight at a time: a kill repeats at most that part.
        expect(repeats).toBeLessThanOrEqual(KILLS);
      } finally {
        await smsc.close();
      }
    },
  );
});

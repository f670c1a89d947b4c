// `npm run crash:sms`: the SMS sender under `kill -9`, longer than the slice of `npm test` (issue 46,
// decision 240). The server's test `test/sms/sms-crash.test.ts` with more messages and kills, on the
// PostgreSQL of TEST_DATABASE_URL; settings SMS_CRASH_* in bench/README.md. Its last line holds the figures.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  SMS_CRASH_SEED: process.env.SMS_CRASH_SEED ?? String(randomInt(1, 2 ** 31 - 1)),
  SMS_CRASH_MESSAGES: process.env.SMS_CRASH_MESSAGES ?? '600',
  SMS_CRASH_KILLS: process.env.SMS_CRASH_KILLS ?? '60',
};
console.error(
  `SMS sous kill -9 : graine ${env.SMS_CRASH_SEED}, ${env.SMS_CRASH_MESSAGES} messages, ${env.SMS_CRASH_KILLS} kill -9`,
);
const run = spawnSync(
  'npx',
  ['vitest', 'run', 'test/sms/sms-crash.test.ts', '--project', 'postgres', '--testTimeout', '1800000'],
  { cwd: join(root, 'apps/server'), env, stdio: 'inherit' },
);
process.exit(run.status ?? 1);

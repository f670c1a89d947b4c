import { mfaResetMessages } from '@lajan/domain';
import { loadBackupConfig } from '../../config.js';
import { openDatabase, type Db } from '../../db/client.js';
import { recordAudit } from '../../db/audit.js';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../../db/embedded-postgres.js';
import { bumpTokenVersion, findUserByUsername } from './credentials.js';
import { removeSecondFactor } from './second-factor.js';

/**
 * `npm run mfa:reset -- USERNAME` (decision 203): the operator removes a user's second factor (a lost
 * phone, the last super administrator) and ends its sessions; under MFA_REQUIRED=1 a super administrator
 * enrols a new one at its next sign-in. The password stays. One French line says what was done.
 */
export async function resetSecondFactor(db: Db, username: string, now: Date): Promise<string> {
  const account = await findUserByUsername(db, username);
  if (!account) throw new MfaResetError(mfaResetMessages.unknownUser(username));
  const removed = await db.transaction(async (tx) => {
    if (!(await removeSecondFactor(tx, account.id))) return false;
    await bumpTokenVersion(tx, account.id, now);
    await recordAudit(tx, { at: now, action: 'auth.mfa_reset', actor: null, target: account.username });
    return true;
  });
  if (!removed) throw new MfaResetError(mfaResetMessages.noFactor(account.username));
  return mfaResetMessages.done(account.username);
}

export class MfaResetError extends Error {
  override name = 'MfaResetError';
}

/**
 * The database as `npm run backup` finds it: `DATABASE_URL`; else the embedded PostgreSQL of `DATA_DIR`,
 * the running server's or one started for the time of the work.
 */
export async function runMfaReset(env: NodeJS.ProcessEnv, argv: string[]): Promise<string> {
  const [username, ...rest] = argv;
  if (!username?.trim() || rest.length > 0) throw new MfaResetError(mfaResetMessages.usage);
  const work = async (databaseUrl: string) => {
    const database = await openDatabase({ databaseUrl, pgliteDataDir: '' });
    try {
      return await resetSecondFactor(database.db, username.trim(), new Date());
    } finally {
      await database.close();
    }
  };
  const url = env.DATABASE_URL?.trim();
  if (url) return work(url);
  const { dataDir, walArchiveDir } = loadBackupConfig(env);
  const running = runningEmbeddedUrl(dataDir);
  if (running) return work(running);
  const embedded = await startEmbeddedPostgres({ dataDir, walArchiveDir });
  try {
    return await work(embedded.url);
  } finally {
    await embedded.stop();
  }
}

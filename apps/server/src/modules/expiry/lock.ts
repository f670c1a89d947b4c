import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** An arbitrary constant: the advisory lock of the expiry job (decision 225), beside the migrations' 7 210 031. */
const EXPIRY_LOCK_KEY = 7_210_225;

/**
 * Runs `work` while this process holds the expiry job's session-level advisory lock, on a connection of its
 * own, kept until the work ends; another process holding it: 'busy', nothing run. A process that dies
 * loses its connection, hence the lock. PGlite has one connection, hence one process: no lock to take.
 */
export async function underExpiryLock<T>(db: Db, work: () => Promise<T>): Promise<T | 'busy'> {
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    await db.execute(sql`select 1`);
    return work();
  }
  const client = await pool.connect();
  let broken = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      EXPIRY_LOCK_KEY,
    ]);
    if (!rows[0]?.locked) return 'busy';
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [EXPIRY_LOCK_KEY]).catch(() => {
        broken = true;
      });
    }
  } finally {
    // A connection that could not unlock is dropped, so that the lock goes with it.
    client.release(broken);
  }
}

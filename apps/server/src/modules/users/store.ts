import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

export async function hasActiveSuperAdmin(executor: Executor): Promise<boolean> {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isSuperAdmin, true), isNull(users.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

export interface NewSuperAdmin {
  username: string;
  passwordHash: string;
  personId: string;
  now: Date;
}

/** Inserts a `sudo` user; `undefined` when the username is taken (another process won the race). */
export async function insertSuperAdmin(
  executor: Executor,
  user: NewSuperAdmin,
): Promise<{ id: string } | undefined> {
  const [row] = await executor
    .insert(users)
    .values({
      username: user.username,
      passwordHash: user.passwordHash,
      personId: user.personId,
      role: 'sudo',
      isSuperAdmin: true,
      passwordUpdatedAt: null,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row;
}

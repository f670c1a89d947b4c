import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { persons } from '../../db/schema.js';

/** The few fields a user's person needs before the persons issue adds the rest. */
export interface NewPersonBasics {
  firstName: string;
  lastName: string;
  email: string;
  now: Date;
}

/**
 * The person with this e-mail address (one per address), created when there is none. A concurrent
 * creator of the same address waits on the unique index and then finds the other's row.
 */
export async function findOrInsertPersonByEmail(
  executor: Executor,
  person: NewPersonBasics,
): Promise<{ id: string }> {
  const [inserted] = await executor
    .insert(persons)
    .values({
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      createdAt: person.now,
      updatedAt: person.now,
    })
    .onConflictDoNothing()
    .returning({ id: persons.id });
  if (inserted) return inserted;
  const [existing] = await executor
    .select({ id: persons.id })
    .from(persons)
    .where(sql`lower(${persons.email}) = lower(${person.email})`);
  if (!existing) throw new Error('persons: conflict on insert but no person with that e-mail');
  return existing;
}

import type { Executor } from '../../db/client.js';
import { persons } from '../../db/schema.js';

/** The few fields a user's person needs before the persons issue adds the rest. */
export interface NewPersonBasics {
  firstName: string;
  lastName: string;
  email: string;
  now: Date;
}

export async function insertPerson(executor: Executor, person: NewPersonBasics): Promise<{ id: string }> {
  const [row] = await executor
    .insert(persons)
    .values({
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      createdAt: person.now,
      updatedAt: person.now,
    })
    .returning({ id: persons.id });
  if (!row) throw new Error('insert into persons returned no row');
  return row;
}

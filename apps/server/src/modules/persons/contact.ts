import { duplicateFieldMessage, normalizePhone } from '@lajan/domain';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/errors.js';
import { persons } from '../../db/schema.js';
import { Conflict, summarise, type FieldErrors } from '../../http/errors.js';

/**
 * The contact fields of a person, the only ones `PUT /users/{id}` changes (DESIGN §4). Any person,
 * including the bare person behind the bootstrapped super administrator (name and e-mail only).
 */
export interface PersonContact {
  email?: string | undefined;
  phoneNumber?: string | undefined;
  address?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
}

const uniqueFieldOfIndex: Record<string, 'email' | 'phoneNumber'> = {
  persons_email_key: 'email',
  persons_phone_number_key: 'phoneNumber',
};

async function takenByAnother(executor: Executor, where: SQL, personId: string): Promise<boolean> {
  const rows = await executor
    .select({ id: persons.id })
    .from(persons)
    .where(and(where, ne(persons.id, personId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Writes the given contact fields (phone in its normal form). An e-mail or a phone that another
 * person holds is a 409 naming the field ("email existe déjà"), checked before writing and, for a
 * racing request, by the unique indexes. Returns false when there is no such person.
 */
export async function updatePersonContact(
  executor: Executor,
  personId: string,
  contact: PersonContact,
  now: Date,
): Promise<boolean> {
  const values: Partial<typeof persons.$inferInsert> = {};
  if (contact.email !== undefined) values.email = contact.email;
  if (contact.phoneNumber !== undefined) values.phoneNumber = normalizePhone(contact.phoneNumber);
  if (contact.address !== undefined) values.address = contact.address;
  if (contact.city !== undefined) values.city = contact.city;
  if (contact.state !== undefined) values.state = contact.state;

  const duplicates: FieldErrors = {};
  if (
    values.phoneNumber &&
    (await takenByAnother(executor, eq(persons.phoneNumber, values.phoneNumber), personId))
  )
    duplicates.phoneNumber = [duplicateFieldMessage('phoneNumber')];
  if (
    values.email &&
    (await takenByAnother(executor, sql`lower(${persons.email}) = lower(${values.email})`, personId))
  )
    duplicates.email = [duplicateFieldMessage('email')];
  if (Object.keys(duplicates).length > 0) throw new Conflict(summarise(duplicates), duplicates);

  try {
    const rows = await executor
      .update(persons)
      .set({ ...values, updatedAt: now })
      .where(eq(persons.id, personId))
      .returning({ id: persons.id });
    return rows.length > 0;
  } catch (error) {
    const field = uniqueFieldOfIndex[uniqueViolationOf(error) ?? ''];
    if (!field) throw error;
    const errors = { [field]: [duplicateFieldMessage(field)] };
    throw new Conflict(summarise(errors), errors);
  }
}

import {
  duplicateFieldMessage,
  normalizePhone,
  userMessages,
  type Language,
  type SessionUser,
} from '@lajan/domain';
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/errors.js';
import { persons, users } from '../../db/schema.js';
import { Conflict, summarise, ValidationFailed, type FieldErrors } from '../../http/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { emailChangedMail } from '../../mail/templates.js';
import { inLanguage } from '../../i18n/language.js';
import { recordAudit } from '../../db/audit.js';
import { checkCurrentPassword } from '../auth/index.js';

/**
 * The contact fields of a person, the only ones `PUT /users/{id}` changes. Any person,
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

/** The live user behind a person, as an e-mail change needs it (audit target, mail greeting). */
export interface UserBehind {
  id: string;
  username: string;
  passwordHash: string;
  passwordUpdatedAt: Date | null;
  firstName: string;
  /** Her own language: the e-mail about her access speaks it (decision 237). */
  language: Language;
}

export async function liveUserBehind(executor: Executor, personId: string): Promise<UserBehind | undefined> {
  const [row] = await executor
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      passwordUpdatedAt: users.passwordUpdatedAt,
      firstName: persons.firstName,
      language: users.language,
    })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(and(eq(users.personId, personId), isNull(users.deletedAt)));
  return row;
}

/** Whether `next` is another address than `previous` (e-mails compare whatever their case). */
export function emailChanges(previous: string | null | undefined, next: string | undefined): boolean {
  if (next === undefined) return false;
  return (previous ?? '').trim().toLowerCase() !== next.trim().toLowerCase();
}

/**
 * A user changing the e-mail of its own person confirms with its current password: the
 * e-mail receives the reset links, so a stolen session alone must not be enough to move them. The
 * wrong tries share the password change's counter (`checkCurrentPassword`).
 */
export async function confirmCurrentPassword(
  db: Db,
  user: UserBehind,
  password: string | undefined,
  actor: { user: SessionUser; ip: string; now: Date },
): Promise<void> {
  if (!password) {
    throw new ValidationFailed({ current_password: [userMessages.currentPasswordRequired] });
  }
  await checkCurrentPassword(db, {
    user: actor.user,
    passwordHash: user.passwordHash,
    passwordUpdatedAt: user.passwordUpdatedAt,
    password,
    ip: actor.ip,
    now: actor.now,
  });
}

/**
 * Records a change of a user's e-mail in the audit trail and tells the OLD address,
 * in the caller's transaction; the caller kicks the outbox after the commit.
 */
export async function recordEmailChange(
  executor: Executor,
  change: {
    user: UserBehind;
    personId: string;
    previousEmail: string;
    nextEmail: string;
    actor: { id: string; username: string };
    ip: string;
    via: 'users' | 'persons';
    now: Date;
  },
): Promise<void> {
  await recordAudit(executor, {
    at: change.now,
    action: 'users.email_changed',
    actor: change.actor,
    target: change.user.username,
    ip: change.ip,
    // Both addresses: what an investigation of a takeover needs first (the trail is the super administrator's).
    details: {
      userId: change.user.id,
      personId: change.personId,
      from: change.previousEmail,
      to: change.nextEmail,
      via: change.via,
      self: change.actor.id === change.user.id,
    },
  });
  const mail = inLanguage(change.user.language, () =>
    emailChangedMail({
      to: change.previousEmail,
      firstName: change.user.firstName,
      username: change.user.username,
      changedAt: change.now,
    }),
  );
  await enqueueMail(executor, mail, change.now);
}

import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { PHONE_REVIEWS_MAX, phoneStoredForms, type Language, type PhoneReview } from '@lajan/domain';
import { likePattern, personNameHolds } from '../../db/name-search.js';
import { persons, phoneReviews, users } from '../../db/schema.js';
import {
  linkColumns,
  linksOf,
  liveUserJoin,
  otherScopeStaffSql,
  ownCustomerSql,
  partlySearchableSql,
  referencedSql,
  type LinkRow,
  type PersonLinks,
  type Viewer,
} from './access.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not a UUID names no row: the caller answers 404 or 422, never a database error. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

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

export type PersonRow = typeof persons.$inferSelect;

/** What `POST /persons` and `PUT /persons/{id}` write: the form's data, phone in its normal form. */
export type PersonValues = Omit<typeof persons.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

/**
 * Persons registered through the person form carry an identity document. The others are the
 * bare persons behind the bootstrapped super administrator (name and e-mail only): the persons
 * routes do not show them (docs/decisions/051), though their e-mail still counts as taken.
 */
export const isRegistered = isNotNull(persons.idDocumentType);

/** The unique indexes of a person and the form field each one guards. */
export const personUniqueIndexes = {
  persons_email_key: 'email',
  persons_phone_number_key: 'phoneNumber',
  persons_id_document_key: 'idDocumentNumber',
} as const;
export type PersonUniqueField = (typeof personUniqueIndexes)[keyof typeof personUniqueIndexes];

/** The field a unique violation of the persons table is about, or undefined for another error. */
export function duplicatePersonFieldOf(constraint: string | undefined): PersonUniqueField | undefined {
  if (constraint === undefined) return undefined;
  return personUniqueIndexes[constraint as keyof typeof personUniqueIndexes];
}

export async function insertPerson(executor: Executor, values: PersonValues, now: Date): Promise<PersonRow> {
  const [row] = await executor
    .insert(persons)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('persons: insert returned nothing');
  return row;
}

export async function updatePerson(
  executor: Executor,
  id: string,
  values: PersonValues,
  now: Date,
): Promise<PersonRow | undefined> {
  const [row] = await executor
    .update(persons)
    .set({ ...values, updatedAt: now })
    .where(and(eq(persons.id, id), isRegistered))
    .returning();
  return row;
}

/**
 * Deletes a registered person. A row that an account, an agent, a user or a transaction refers
 * to makes PostgreSQL refuse (23503): the caller maps that to 409.
 */
export async function deletePerson(executor: Executor, id: string): Promise<PersonRow | undefined> {
  const [row] = await executor
    .delete(persons)
    .where(and(eq(persons.id, id), isRegistered))
    .returning();
  return row;
}

export async function findPersonById(executor: Executor, id: string): Promise<PersonRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await executor
    .select()
    .from(persons)
    .where(and(eq(persons.id, id), isRegistered));
  return row;
}

/** Registered persons among these ids (the holders of a new account). */
export async function findPersonsByIds(executor: Executor, ids: string[]): Promise<PersonRow[]> {
  const wellFormed = ids.filter(isUuid);
  if (wellFormed.length === 0) return [];
  return executor
    .select()
    .from(persons)
    .where(and(inArray(persons.id, wellFormed), isRegistered));
}

const documentNumberMatches = (number: string) => sql`upper(${persons.idDocumentNumber}) = upper(${number})`;

/** The person holding this document (the pair is unique), whatever the case of its number. */
export async function findPersonByDocument(
  executor: Executor,
  type: string,
  number: string,
): Promise<PersonRow | undefined> {
  const [row] = await executor
    .select()
    .from(persons)
    .where(and(eq(persons.idDocumentType, type), documentNumberMatches(number)));
  return row;
}

/** The same e-mail, any case. */
const emailMatches = (email: string) => sql`lower(${persons.email}) = lower(${email})`;
/**
 * `phoneNumber` as typed or stored: its E.164 form, or a form an earlier build stored and migration 0036
 * kept for review (decision 204), so "37123456" and "+50937123456" are one number.
 */
const phoneMatches = (phoneNumber: string) => inArray(persons.phoneNumber, phoneStoredForms(phoneNumber));
const documentMatches = (type: string, number: string) =>
  and(eq(persons.idDocumentType, type), documentNumberMatches(number));

/** The person holding this e-mail, phone or document, if any: who the check-unique routes found (decision 214). */
export async function holderOf(
  executor: Executor,
  value: { email: string } | { phoneNumber: string } | { type: string; number: string },
): Promise<string | undefined> {
  let where: SQL | undefined;
  if ('email' in value) where = emailMatches(value.email);
  else if ('phoneNumber' in value) where = phoneMatches(value.phoneNumber);
  else where = documentMatches(value.type, value.number);
  const [row] = await executor.select({ id: persons.id }).from(persons).where(where).limit(1);
  return row?.id;
}

export async function emailTaken(executor: Executor, email: string, exceptId?: string): Promise<boolean> {
  return exists(executor, emailMatches(email), exceptId);
}

export async function phoneTaken(
  executor: Executor,
  phoneNumber: string,
  exceptId?: string,
): Promise<boolean> {
  return exists(executor, phoneMatches(phoneNumber), exceptId);
}

export async function documentTaken(
  executor: Executor,
  type: string,
  number: string,
  exceptId?: string,
): Promise<boolean> {
  return exists(executor, documentMatches(type, number), exceptId);
}

/**
 * The registered persons who hold one of these: the e-mail (any case), the phone (normal form) or the
 * document. A public registration that names them writes to them (decision 198).
 */
export async function personsHolding(
  executor: Executor,
  values: {
    email?: string | null;
    phoneNumber?: string | null;
    idDocumentType?: string | null;
    idDocumentNumber?: string | null;
  },
): Promise<{ id: string; firstName: string; email: string | null; preferredLanguage: Language }[]> {
  const matches = [
    values.email ? emailMatches(values.email) : undefined,
    values.phoneNumber ? phoneMatches(values.phoneNumber) : undefined,
    values.idDocumentType && values.idDocumentNumber
      ? documentMatches(values.idDocumentType, values.idDocumentNumber)
      : undefined,
  ].filter((match) => match !== undefined);
  if (matches.length === 0) return [];
  return executor
    .select({
      id: persons.id,
      firstName: persons.firstName,
      email: persons.email,
      preferredLanguage: persons.preferredLanguage,
    })
    .from(persons)
    .where(or(...matches));
}

async function exists(
  executor: Executor,
  where: SQL | undefined,
  exceptId: string | undefined,
): Promise<boolean> {
  const rows = await executor
    .select({ id: persons.id })
    .from(persons)
    .where(exceptId ? and(where, ne(persons.id, exceptId)) : where)
    .limit(1);
  return rows.length > 0;
}

/**
 * A page of persons with the links that decide what the viewer sees. The name matches anyone; document,
 * e-mail and phone match partly among the viewer's own customers and only exactly elsewhere, so that a
 * partial search cannot spell out another agent's customer's number (decision 111).
 */
export async function listPersons(
  executor: Executor,
  query: { q?: string | undefined; limit: number; offset: number; viewer: Viewer },
): Promise<{ rows: PersonWithLinks[]; total: number }> {
  const conditions: SQL[] = [isRegistered];
  const term = query.q?.trim();
  const exactly: SQL[] = [];
  if (term) {
    const pattern = likePattern(term);
    const partly: SQL[] = [ilike(persons.idDocumentNumber, pattern), ilike(persons.email, pattern)];
    exactly.push(documentNumberMatches(term), sql`lower(${persons.email}) = lower(${term})`);
    const digits = term.replace(/\D/g, '');
    if (digits.length >= 3 && /^[+\d\s-]+$/.test(term)) {
      partly.push(ilike(persons.phoneNumber, likePattern(digits)));
      exactly.push(inArray(persons.phoneNumber, phoneStoredForms(term)));
    }
    const any = or(personNameHolds(term), ...exactly, and(partlySearchableSql(query.viewer), or(...partly)));
    if (any) conditions.push(any);
  }
  // The people behind another agent's users or owners, or behind a super administrator, are this viewer's
  // customers only if it registered them or holds one of their accounts: otherwise a list or a name does not
  // show them; their exact document, e-mail or phone still finds them (masked), as it finds anyone.
  const elsewhereStaff = otherScopeStaffSql(query.viewer);
  if (elsewhereStaff) conditions.push(or(not(elsewhereStaff), ownCustomerSql(query.viewer), ...exactly)!);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    selectWithLinks(executor, query.viewer, where)
      .orderBy(desc(persons.createdAt), asc(persons.id))
      .limit(query.limit)
      .offset(query.offset),
    executor.select({ total: count() }).from(persons).where(where),
  ]);
  return { rows: rows.map(withLinks), total: counted?.total ?? 0 };
}

/** A registered person and what decides the viewer's access to it. */
export interface PersonWithLinks {
  row: PersonRow;
  links: PersonLinks;
}

function selectWithLinks(executor: Executor, viewer: Viewer, where: SQL | undefined) {
  return executor
    .select({ person: persons, ...linkColumns(viewer), referenced: referencedSql })
    .from(persons)
    .leftJoin(users, liveUserJoin)
    .where(where)
    .$dynamic();
}

function withLinks(row: { person: PersonRow } & LinkRow): PersonWithLinks {
  return { row: row.person, links: linksOf(row.person.registeredAgentId, row) };
}

/** A registered person by id, with its links. */
export async function findPersonWithLinks(
  executor: Executor,
  viewer: Viewer,
  id: string,
): Promise<PersonWithLinks | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectWithLinks(executor, viewer, and(eq(persons.id, id), isRegistered));
  return row ? withLinks(row) : undefined;
}

/** Registered persons holding a document of this number (any type, or this type), with their links. */
export async function findPersonsByDocumentWithLinks(
  executor: Executor,
  viewer: Viewer,
  number: string,
  type?: string,
): Promise<PersonWithLinks[]> {
  const rows = await selectWithLinks(
    executor,
    viewer,
    and(documentNumberMatches(number), isRegistered, type ? eq(persons.idDocumentType, type) : undefined),
  ).orderBy(asc(persons.idDocumentType), asc(persons.createdAt));
  return rows.map(withLinks);
}

/**
 * The numbers migration 0036 kept in their earlier form (decision 204), while the person still has that
 * number, with the person who holds the E.164 form, if anyone still does.
 */
export async function listPhoneReviews(executor: Executor): Promise<PhoneReview[]> {
  const holder = alias(persons, 'holder');
  const rows = await executor
    .select({
      personId: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      phoneNumber: phoneReviews.phoneNumber,
      normalForm: phoneReviews.normalForm,
      holderId: holder.id,
      holderFirstName: holder.firstName,
      holderLastName: holder.lastName,
    })
    .from(phoneReviews)
    .innerJoin(
      persons,
      and(eq(persons.id, phoneReviews.personId), eq(persons.phoneNumber, phoneReviews.phoneNumber)),
    )
    .leftJoin(holder, eq(holder.phoneNumber, phoneReviews.normalForm))
    .orderBy(asc(persons.lastName), asc(persons.firstName), asc(persons.id))
    .limit(PHONE_REVIEWS_MAX);
  return rows.map((row) => ({
    personId: row.personId,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    normalForm: row.normalForm,
    heldBy:
      row.holderId === null
        ? null
        : {
            personId: row.holderId,
            firstName: row.holderFirstName ?? '',
            lastName: row.holderLastName ?? '',
          },
  }));
}

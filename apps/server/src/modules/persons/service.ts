import {
  centimesToHtg,
  duplicateDocumentMessage,
  duplicateFieldMessage,
  hasAtMostTwoDecimals,
  htgToCentimes,
  maskDocumentNumber,
  normalizePhone,
  personMessages,
  type UniqueCheckAnswer,
  type FullPerson,
  type IdDocumentType,
  type Language,
  type MaskedPerson,
  type Person,
  type PersonData,
  type PersonView,
  type PhoneReview,
  type SessionUser,
  type UniquePersonField,
  type UpdatePersonInput,
} from '@lajan/domain';
import type { Clock } from '../../clock.js';
import type { Db, Executor } from '../../db/client.js';
import { isForeignKeyViolation, uniqueViolationOf } from '../../db/errors.js';
import {
  Conflict,
  Forbidden,
  NotFound,
  summarise,
  ValidationFailed,
  type FieldErrors,
} from '../../http/errors.js';
import { recordAudit } from '../../db/audit.js';
import { spendLookup } from '../auth/index.js';
import { accessOf, viewerOf, type PersonAccess, type Viewer } from './access.js';
import { confirmCurrentPassword, emailChanges, liveUserBehind, recordEmailChange } from './contact.js';
import {
  deletePerson,
  documentTaken,
  duplicatePersonFieldOf,
  emailTaken,
  findPersonsByDocumentWithLinks,
  findPersonWithLinks,
  holderOf,
  insertPerson,
  listPersons,
  phoneTaken,
  listPhoneReviews,
  updatePerson,
  type PersonRow,
  type PersonValues,
  type PersonWithLinks,
} from './store.js';

export const personErrors = {
  // Read when thrown, in the request's language (decision 236).
  get notFound() {
    return personMessages.notFound;
  },
  get referenced() {
    return personMessages.referenced;
  },
  annualIncome: 'Revenu annuel invalide',
} as const;

/**
 * The row the form's data becomes: phone in its normal form, income in centimes. A change without a preferred
 * language keeps the stored one (decision 237).
 */
export function toPersonValues(
  input: Omit<PersonData, 'preferredLanguage'> & { preferredLanguage?: Language | undefined },
): PersonValues {
  const incomeCentimes = hasAtMostTwoDecimals(input.annualIncome) ? htgToCentimes(input.annualIncome) : NaN;
  if (!Number.isSafeInteger(incomeCentimes)) {
    throw new ValidationFailed({ annualIncome: [personErrors.annualIncome] });
  }
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    dob: input.dob,
    gender: input.gender,
    country: input.country,
    state: input.state,
    city: input.city,
    address: input.address,
    postalCode: input.postalCode ?? null,
    phoneNumber: normalizePhone(input.phoneNumber),
    email: input.email,
    idDocumentType: input.idDocumentType,
    idDocumentNumber: input.idDocumentNumber,
    dateIssued: input.dateIssued,
    expirationDate: input.expirationDate,
    occupation: input.occupation,
    annualIncomeCentimes: incomeCentimes,
    maritalStatus: input.maritalStatus,
    partner: input.partner ?? null,
    mother: input.mother ?? null,
    preferredContactMethod: input.preferredContactMethod,
    consentForMarketing: input.consentForMarketing,
    ...(input.preferredLanguage ? { preferredLanguage: input.preferredLanguage } : {}),
  };
}

/** A registered person as the API answers it (`personSchema`). */
export function toPerson(row: PersonRow): Person {
  const required = <T>(value: T | null, column: string): T => {
    if (value === null) throw new Error(`persons: registered person ${row.id} has no ${column}`);
    return value;
  };
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    dob: required(row.dob, 'dob'),
    gender: required(row.gender, 'gender') as Person['gender'],
    country: required(row.country, 'country'),
    state: required(row.state, 'state'),
    city: required(row.city, 'city'),
    address: required(row.address, 'address'),
    postalCode: row.postalCode,
    phoneNumber: required(row.phoneNumber, 'phoneNumber'),
    email: required(row.email, 'email'),
    idDocumentType: required(row.idDocumentType, 'idDocumentType') as Person['idDocumentType'],
    idDocumentNumber: required(row.idDocumentNumber, 'idDocumentNumber'),
    dateIssued: required(row.dateIssued, 'dateIssued'),
    expirationDate: required(row.expirationDate, 'expirationDate'),
    occupation: required(row.occupation, 'occupation'),
    annualIncome: centimesToHtg(row.annualIncomeCentimes),
    maritalStatus: required(row.maritalStatus, 'maritalStatus') as Person['maritalStatus'],
    partner: row.partner,
    mother: row.mother,
    preferredContactMethod: required(
      row.preferredContactMethod,
      'preferredContactMethod',
    ) as Person['preferredContactMethod'],
    consentForMarketing: row.consentForMarketing,
    preferredLanguage: row.preferredLanguage,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The field error of a duplicate, worded as the form words it. */
export function duplicateMessage(
  field: 'email' | 'phoneNumber' | 'idDocumentNumber',
  documentType: string,
): string {
  return field === 'idDocumentNumber' ? duplicateDocumentMessage(documentType) : duplicateFieldMessage(field);
}

/**
 * The fields of `values` that another person already holds, in the form's order. Read before
 * writing so that every duplicate is reported at once; the unique indexes still decide a race.
 */
export async function duplicateFieldsOf(
  executor: Executor,
  values: Pick<PersonValues, 'email' | 'phoneNumber' | 'idDocumentType' | 'idDocumentNumber'>,
  exceptId?: string,
): Promise<('email' | 'phoneNumber' | 'idDocumentNumber')[]> {
  const [email, phone, document] = await Promise.all([
    values.email ? emailTaken(executor, values.email, exceptId) : false,
    values.phoneNumber ? phoneTaken(executor, values.phoneNumber, exceptId) : false,
    values.idDocumentType && values.idDocumentNumber
      ? documentTaken(executor, values.idDocumentType, values.idDocumentNumber, exceptId)
      : false,
  ]);
  // The form's order: phone, then e-mail, then the document.
  return [
    ...(phone ? (['phoneNumber'] as const) : []),
    ...(email ? (['email'] as const) : []),
    ...(document ? (['idDocumentNumber'] as const) : []),
  ];
}

export function duplicateErrors(
  fields: readonly ('email' | 'phoneNumber' | 'idDocumentNumber')[],
  documentType: string,
  prefix = '',
): FieldErrors {
  return Object.fromEntries(
    fields.map((field) => [`${prefix}${field}`, [duplicateMessage(field, documentType)]]),
  );
}

/** A 409 naming the duplicate fields; its message is the field's own when there is one. */
export function duplicateConflict(errors: FieldErrors): Conflict {
  return new Conflict(summarise(errors), errors);
}

/**
 * Runs a write and turns a unique violation of the persons table (a racing request that won)
 * into the same 409 as the check before it.
 */
async function mappingDuplicates<T>(documentType: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field = duplicatePersonFieldOf(uniqueViolationOf(error));
    if (field) throw duplicateConflict(duplicateErrors([field], documentType));
    throw error;
  }
}

export interface Actor {
  user: SessionUser;
  ip: string;
}

export interface PersonsServiceDeps {
  db: Db;
  clock: Clock;
  /** Sends what the outbox holds; called after a commit that queued a message. */
  kickMail: () => Promise<void>;
}

/** The answer of the persons routes: the whole file, or its masked summary. */
export function toPersonView(row: PersonRow, access: PersonAccess): PersonView {
  if (access.full) {
    return {
      ...toPerson(row),
      masked: false,
      canEdit: access.canEdit,
      canDelete: access.canDelete,
      ...(access.hasUser === undefined ? {} : { hasUser: access.hasUser }),
    };
  }
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    idDocumentType: (row.idDocumentType ?? 'id_card') as MaskedPerson['idDocumentType'],
    idDocumentNumber: maskDocumentNumber(row.idDocumentNumber ?? ''),
    createdAt: row.createdAt.toISOString(),
    masked: true,
    canEdit: access.canEdit,
    canDelete: access.canDelete,
  };
}

/** Customers and the people behind agents and users, scoped. */
export class PersonsService {
  constructor(private readonly deps: PersonsServiceDeps) {}

  /** Registered by the creating user's agent (none for the super administrator). */
  async create(input: PersonData, actor: Actor): Promise<FullPerson> {
    const { db, clock } = this.deps;
    const viewer = await viewerOf(db, actor.user);
    const values = { ...toPersonValues(input), registeredAgentId: viewer.agentId };
    // Its 409 tells whether anyone in the network holds the document, phone or e-mail (decision 207).
    await spendLookup(db, { ...actor, now: clock.now() });
    const duplicates = await duplicateFieldsOf(db, values);
    if (duplicates.length > 0) throw duplicateConflict(duplicateErrors(duplicates, input.idDocumentType));
    const now = clock.now();
    const row = await mappingDuplicates(input.idDocumentType, () =>
      db.transaction(async (tx) => {
        const inserted = await insertPerson(tx, values, now);
        await recordAudit(tx, {
          at: now,
          action: 'persons.created',
          actor: actor.user,
          target: inserted.id,
          ip: actor.ip,
          details: { idDocumentType: inserted.idDocumentType },
        });
        return inserted;
      }),
    );
    // Nothing refers yet to a person just registered.
    return { ...toPerson(row), masked: false, canEdit: true, canDelete: true, hasUser: false };
  }

  async #found(viewer: Viewer, id: string): Promise<PersonWithLinks & { access: PersonAccess }> {
    const found = await findPersonWithLinks(this.deps.db, viewer, id);
    if (!found) throw new NotFound(personErrors.notFound);
    return { ...found, access: accessOf(viewer, found.links) };
  }

  /** The whole file for who may read it (each such reading is audited), its masked summary otherwise. */
  async get(id: string, actor: Actor): Promise<PersonView> {
    const { db, clock } = this.deps;
    const viewer = await viewerOf(db, actor.user);
    const { row, access } = await this.#found(viewer, id);
    if (access.full) {
      await recordAudit(db, {
        at: clock.now(),
        action: 'persons.read',
        actor: actor.user,
        target: row.id,
        ip: actor.ip,
        details: {},
      });
    }
    return toPersonView(row, access);
  }

  /**
   * Only who may change the person (`accessOf`). A change of the e-mail of a person behind a user is
   * audited and told to the old address; of one's own person, confirmed with one's password.
   */
  async update(id: string, input: UpdatePersonInput, actor: Actor): Promise<FullPerson> {
    const { db, clock } = this.deps;
    const viewer = await viewerOf(db, actor.user);
    const { row: before, access } = await this.#found(viewer, id);
    if (!access.canEdit) throw new Forbidden(personMessages.changeForbidden);
    const { current_password: currentPassword, ...form } = input;
    const values = toPersonValues(form);
    const emailChanged = emailChanges(before.email, values.email ?? undefined);
    const userBehind = emailChanged ? await liveUserBehind(db, id) : undefined;
    if (userBehind && access.self) {
      await confirmCurrentPassword(db, userBehind, currentPassword, { ...actor, now: clock.now() });
    }
    // A changed document, phone or e-mail is compared with the whole network: the lookup budget (decision 207).
    if (comparesAgain(before, values)) await spendLookup(db, { ...actor, now: clock.now() });
    const duplicates = await duplicateFieldsOf(db, values, id);
    if (duplicates.length > 0) throw duplicateConflict(duplicateErrors(duplicates, input.idDocumentType));
    const now = clock.now();
    const row = await mappingDuplicates(input.idDocumentType, () =>
      db.transaction(async (tx) => {
        const updated = await updatePerson(tx, id, values, now);
        if (!updated) throw new NotFound(personErrors.notFound);
        await recordAudit(tx, {
          at: now,
          action: 'persons.updated',
          actor: actor.user,
          target: id,
          ip: actor.ip,
          // Which fields changed, not their values: the trail is not a second copy of the KYC file.
          details: { fields: changedFields(before, updated) },
        });
        if (userBehind && before.email && updated.email) {
          await recordEmailChange(tx, {
            user: userBehind,
            personId: id,
            previousEmail: before.email,
            nextEmail: updated.email,
            actor: actor.user,
            ip: actor.ip,
            via: 'persons',
            now,
          });
        }
        return updated;
      }),
    );
    if (userBehind) void this.deps.kickMail();
    // A change of its fields changes nothing of what refers to it.
    return {
      ...toPerson(row),
      masked: false,
      canEdit: true,
      canDelete: access.canDelete,
      ...(access.hasUser === undefined ? {} : { hasUser: access.hasUser }),
    };
  }

  /** Only who may change the person, and only while nothing refers to it (409). */
  async delete(id: string, actor: Actor): Promise<{ id: string }> {
    const { db, clock } = this.deps;
    const viewer = await viewerOf(db, actor.user);
    const { access } = await this.#found(viewer, id);
    if (!access.canEdit) throw new Forbidden(personMessages.deleteForbidden);
    const now = clock.now();
    try {
      // READ COMMITTED whatever the server's default: the ledger's guard reads the transactions that name
      // the person after taking its row lock, with a fresh snapshot (sql/ledger_referenced_row_kept.sql, decision 163).
      return await db.transaction(
        async (tx) => {
          const deleted = await deletePerson(tx, id);
          if (!deleted) throw new NotFound(personErrors.notFound);
          await recordAudit(tx, {
            at: now,
            action: 'persons.deleted',
            actor: actor.user,
            target: id,
            ip: actor.ip,
            details: { idDocumentType: deleted.idDocumentType },
          });
          return { id };
        },
        { isolationLevel: 'read committed' },
      );
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new Conflict(personErrors.referenced);
      throw error;
    }
  }

  async list(query: { page: number; perPage: number; q?: string | undefined }, actor: Actor) {
    // A search finds another agent's customer by its exact document or phone: the lookup budget.
    if (query.q?.trim()) await spendLookup(this.deps.db, { ...actor, now: this.deps.clock.now() });
    const viewer = await viewerOf(this.deps.db, actor.user);
    const { rows, total } = await listPersons(this.deps.db, {
      q: query.q,
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
      viewer,
    });
    return {
      data: rows.map(({ row, links }) => toPersonView(row, accessOf(viewer, links))),
      meta: { total, page: query.page, per_page: query.perPage },
    };
  }

  /** `GET /persons/search/{documentNumber}` (any type) and `/{type}/{number}`: the first holding it. */
  async searchByDocument(number: string, actor: Actor, type?: IdDocumentType): Promise<PersonView> {
    await spendLookup(this.deps.db, { ...actor, now: this.deps.clock.now() });
    const viewer = await viewerOf(this.deps.db, actor.user);
    const [found] = await findPersonsByDocumentWithLinks(this.deps.db, viewer, number.trim(), type);
    if (!found) throw new NotFound(personErrors.notFound);
    return toPersonView(found.row, accessOf(viewer, found.links));
  }

  /**
   * `POST /persons/check-unique/`: the phone is compared in its stored forms (`phoneStoredForms`), the e-mail in any case. It tells
   * whether anyone in the network has the value: the lookup budget, as the searches (decision 171; unlimited,
   * it answered thousands of guesses a minute).
   */
  async fieldExists(field: UniquePersonField, value: string, actor: Actor): Promise<UniqueCheckAnswer> {
    await spendLookup(this.deps.db, { ...actor, now: this.deps.clock.now() });
    const holder = await holderOf(
      this.deps.db,
      field === 'email' ? { email: value.trim() } : { phoneNumber: value },
    );
    return this.#uniqueAnswer(holder, actor);
  }

  /**
   * `exists`, and the holder's `id` to who may change it (its only page is its file, `/persons/{id}/edit`): a
   * person the caller already lists, so the answer tells nothing that `exists` and the list did not (decision 214).
   */
  async #uniqueAnswer(holder: string | undefined, actor: Actor): Promise<UniqueCheckAnswer> {
    if (holder === undefined) return { exists: false };
    const viewer = await viewerOf(this.deps.db, actor.user);
    const found = await findPersonWithLinks(this.deps.db, viewer, holder);
    return found && accessOf(viewer, found.links).canEdit ? { exists: true, id: holder } : { exists: true };
  }

  /** `GET /persons/phone-reviews`: the super administrator's (`persons.phoneReviews`, decision 204). */
  phoneReviews(): Promise<PhoneReview[]> {
    return listPhoneReviews(this.deps.db);
  }

  /** `GET /persons/check-document-unique/{number}/{type}`: the lookup budget too (decision 171). */
  async documentExists(type: IdDocumentType, number: string, actor: Actor): Promise<UniqueCheckAnswer> {
    await spendLookup(this.deps.db, { ...actor, now: this.deps.clock.now() });
    return this.#uniqueAnswer(await holderOf(this.deps.db, { type, number: number.trim() }), actor);
  }
}

/** Whether an update sends a document, phone or e-mail its person does not hold already, as stored. */
function comparesAgain(before: PersonRow, after: PersonValues): boolean {
  return (
    before.idDocumentType !== after.idDocumentType ||
    before.idDocumentNumber !== after.idDocumentNumber ||
    before.phoneNumber !== after.phoneNumber ||
    before.email !== after.email
  );
}

function changedFields(before: PersonRow, after: PersonRow): string[] {
  // The folded names (decision 181) follow the names: a column of the search, not a field anyone changed.
  const ignored = new Set(['updatedAt', 'createdAt', 'fullNameFolded', 'lastNameFolded']);
  return (Object.keys(after) as (keyof PersonRow)[]).filter(
    (key) => !ignored.has(key) && String(before[key]) !== String(after[key]),
  );
}

import { normalizePhone, type PersonData, type registerInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/errors.js';
import { Throttled, ValidationFailed, type FieldErrors } from '../../http/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { accountRequestDuplicateMail, accountRequestReceivedMail } from '../../mail/templates.js';
import { inLanguage } from '../../i18n/language.js';
import { generateRequestReference, openAccountRequest } from '../accounts/index.js';
import { recordAnonymousRefusal, recordAudit } from '../../db/audit.js';
import { admitAddressAttempt } from '../auth/index.js';
import {
  duplicateFieldsOf,
  duplicateMessage,
  duplicatePersonFieldOf,
  findPersonByDocument,
  insertPerson,
  personsHolding,
  type PersonRow,
  toPersonValues,
} from '../persons/index.js';

export type RegisterData = z.output<typeof registerInputSchema>;

/** The public registration is throttled per address, 10 requests an hour. */
export const REGISTRATION_LIMIT_PER_HOUR = 10;
export const REGISTRATION_WINDOW_MS = 60 * 60_000;

/** Names compared as a person would: case, accents and extra spaces aside. */
function sameName(a: string, b: string): boolean {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLocaleLowerCase('fr-FR');
  return fold(a) === fold(b);
}

/** The same e-mail, phone or document given twice in one request: 422 on the later person. */
function repeatsWithinRequest(persons: PersonData[]): FieldErrors {
  const errors: FieldErrors = {};
  const seen = {
    email: new Set<string>(),
    phoneNumber: new Set<string>(),
    idDocumentNumber: new Set<string>(),
  };
  persons.forEach((person, index) => {
    const keys = {
      phoneNumber: normalizePhone(person.phoneNumber),
      email: person.email.toLowerCase(),
      idDocumentNumber: `${person.idDocumentType}:${person.idDocumentNumber.toUpperCase()}`,
    };
    for (const field of ['phoneNumber', 'email', 'idDocumentNumber'] as const) {
      if (seen[field].has(keys[field])) {
        errors[`persons.${index}.${field}`] = [duplicateMessage(field, person.idDocumentType)];
      }
      seen[field].add(keys[field]);
    }
  });
  return errors;
}

/** Persons of the request (their positions) whose document, e-mail or phone is already registered. */
class DuplicatesFound extends Error {
  constructor(readonly positions: number[]) {
    super('registration: duplicates');
  }
}

export interface RegistrationServiceDeps {
  db: Db;
  clock: Clock;
  kickMail: () => Promise<void>;
}

/**
 * `POST /auth/register`: a visitor asks for an account. No user, no token: the persons
 * (reused when the same document is already registered under the same name) and a `pending`
 * account that a teller activates or rejects; the principal holder is e-mailed at once.
 */
export class RegistrationService {
  constructor(private readonly deps: RegistrationServiceDeps) {}

  /** Counts the request and refuses it (429) past 10 an hour from one address. */
  async throttle(ip: string): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    // Counted and checked in one transaction under the address's lock, so that concurrent requests
    // cannot pass the limit. Every request counts, refused ones too: a 409 tells whether an e-mail is known.
    const admission = await admitAddressAttempt(db, {
      kind: 'register',
      ip,
      now,
      limit: REGISTRATION_LIMIT_PER_HOUR,
      windowMs: REGISTRATION_WINDOW_MS,
      onRefused: (tx) => recordAnonymousRefusal(tx, { at: now, action: 'accounts.request_throttled', ip }),
    });
    if (!admission.admitted) throw new Throttled(admission.waitSeconds);
  }

  async register(input: RegisterData, ip: string): Promise<{ reference: string }> {
    const { db, clock } = this.deps;
    const repeated = repeatsWithinRequest(input.persons);
    if (Object.keys(repeated).length > 0) throw new ValidationFailed(repeated);
    const values = input.persons.map(toPersonValues);
    const now = clock.now();

    let reference: string;
    try {
      reference = await db.transaction(async (tx) => {
        const holders: PersonRow[] = [];
        let reused = 0;
        const duplicates: number[] = [];
        for (const [index, person] of input.persons.entries()) {
          const existing = await findPersonByDocument(tx, person.idDocumentType, person.idDocumentNumber);
          if (existing) {
            if (
              sameName(existing.firstName, person.firstName) &&
              sameName(existing.lastName, person.lastName)
            ) {
              holders.push(existing);
              reused += 1;
            } else {
              duplicates.push(index);
            }
            continue;
          }
          const personValues = values[index]!;
          if ((await duplicateFieldsOf(tx, personValues)).length > 0) {
            duplicates.push(index);
            continue;
          }
          const inserted = await insertInSavepoint(tx, () => insertPerson(tx, personValues, now));
          if ('field' in inserted) {
            duplicates.push(index);
            continue;
          }
          holders.push(inserted.row);
        }
        if (duplicates.length > 0) throw new DuplicatesFound(duplicates);

        const request = await openAccountRequest(tx, {
          type: input.type,
          personIds: holders.map((holder) => holder.id),
          now,
        });
        const principal = holders[0]!;
        // In the language the request asks for (decision 237).
        const mail = inLanguage(input.persons[0]!.preferredLanguage, () =>
          accountRequestReceivedMail({
            // A reused person is written to at the address on file, not the one typed.
            to: principal.email ?? input.persons[0]!.email,
            firstName: principal.firstName,
            reference: request.requestReference,
            accountType: input.type,
          }),
        );
        await enqueueMail(tx, mail, now);
        await recordAudit(tx, {
          at: now,
          action: 'accounts.request_received',
          actor: null,
          target: request.accountNumber,
          ip,
          details: {
            accountId: request.id,
            reference: request.requestReference,
            holders: holders.length,
            reusedPersons: reused,
          },
        });
        return request.requestReference;
      });
    } catch (error) {
      if (error instanceof DuplicatesFound) return this.#answerDuplicates(input, error.positions, ip, now);
      throw error;
    }
    await this.deps.kickMail();
    return { reference };
  }

  /**
   * A request naming a registered person's document, e-mail or phone is answered as any request, so the
   * form is no oracle (decision 198): nothing is opened, the persons on file are told at their own address.
   */
  async #answerDuplicates(
    input: RegisterData,
    positions: number[],
    ip: string,
    now: Date,
  ): Promise<{ reference: string }> {
    const { db } = this.deps;
    const reference = generateRequestReference();
    await db.transaction(async (tx) => {
      const registered = new Map<string, Awaited<ReturnType<typeof personsHolding>>[number]>();
      for (const position of positions) {
        for (const person of await personsHolding(tx, toPersonValues(input.persons[position]!)))
          registered.set(person.id, person);
      }
      const written = new Set<string>();
      for (const person of registered.values()) {
        if (!person.email || written.has(person.email.toLowerCase())) continue;
        written.add(person.email.toLowerCase());
        // In the registered person's own language, not the visitor's (decision 237).
        const mail = inLanguage(person.preferredLanguage, () =>
          accountRequestDuplicateMail({ to: person.email ?? '', firstName: person.firstName }),
        );
        await enqueueMail(tx, mail, now);
      }
      const principal = input.persons[0]!;
      if (!written.has(principal.email.toLowerCase())) {
        const mail = inLanguage(principal.preferredLanguage, () =>
          accountRequestReceivedMail({
            to: principal.email,
            firstName: principal.firstName,
            reference,
            accountType: input.type,
          }),
        );
        await enqueueMail(tx, mail, now);
      }
      await recordAudit(tx, {
        at: now,
        action: 'accounts.request_duplicate',
        actor: null,
        ip,
        details: { reference, persons: input.persons.length, registeredPersons: registered.size },
      });
    });
    await this.deps.kickMail();
    return { reference };
  }
}

/**
 * Inserts in a savepoint, so that a racing registration that took the e-mail, phone or document
 * first costs this person's insert only, reported on its own field, not the whole transaction.
 */
async function insertInSavepoint(
  tx: Tx,
  insert: () => Promise<PersonRow>,
): Promise<{ row: PersonRow } | { field: 'email' | 'phoneNumber' | 'idDocumentNumber' }> {
  try {
    return { row: await tx.transaction(() => insert()) };
  } catch (error) {
    const field = duplicatePersonFieldOf(uniqueViolationOf(error));
    if (field) return { field };
    throw error;
  }
}

import { isLanguage, type Language } from '@lajan/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose language a just-posted operation's receipt speaks, the first one known (decision 237). */
interface ReceiptCustomer {
  /** A pay-out's recipient, by the card she presented, when she is a registered person. */
  payee?: { idDocumentType: string; idDocumentNumber: string } | undefined;
  /** The sender of an external transfer. */
  personId?: string | null | undefined;
  /** The account whose principal holder is the customer (a deposit's, a withdrawal's, a transfer's sender's). */
  accountNumber?: string | null | undefined;
}

/** How long the process keeps a customer's language, as it keeps its agents and fees (decision 237). */
const KEPT_MS = 60_000;
const KEPT_AT_MOST = 5_000;
const kept = new Map<string, { language: Language | null; until: number }>();

/**
 * The receipt's language of an operation about to be posted: the customer's, else the teller's. Read before
 * the call (a replay answers the same) and kept a minute, so that warm round trips stay decision 143's (237).
 */
export async function receiptLanguageOf(
  executor: Executor,
  customer: ReceiptCustomer,
  tellerLanguage: Language,
): Promise<Language> {
  const { payee, personId, accountNumber } = customer;
  if (!payee && !personId && !accountNumber) return tellerLanguage;
  const key = [payee?.idDocumentType, payee?.idDocumentNumber.toUpperCase(), personId, accountNumber].join(
    '|',
  );
  const now = Date.now();
  const known = kept.get(key);
  if (known && known.until > now) return known.language ?? tellerLanguage;
  const language = await readLanguage(executor, customer);
  if (kept.size >= KEPT_AT_MOST) kept.clear();
  kept.set(key, { language, until: now + KEPT_MS });
  return language ?? tellerLanguage;
}

async function readLanguage(executor: Executor, customer: ReceiptCustomer): Promise<Language | null> {
  const { payee, personId, accountNumber } = customer;
  const result = await executor.execute(sql`select coalesce(
      (select p.preferred_language from persons p
        where ${
          payee
            ? sql`p.id_document_type = ${payee.idDocumentType}
          and upper(p.id_document_number) = upper(${payee.idDocumentNumber})`
            : sql`false`
        }
          and p.deleted_at is null),
      (select p.preferred_language from persons p where p.id = ${personId && uuidPattern.test(personId) ? personId : null}::uuid),
      (select p.preferred_language from accounts a
        join account_holders h on h.account_id = a.id and h.position = 0
        join persons p on p.id = h.person_id
        where a.account_number = ${accountNumber ?? null})) as "language"`);
  const language = (result as { rows: { language: unknown }[] }).rows[0]?.language;
  return typeof language === 'string' && isLanguage(language) ? language : null;
}

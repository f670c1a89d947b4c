import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { FeeBandRow } from './fee-schedule.js';
import type { EntryInput } from './flows.js';
import type { IdempotencyScope, StoredAnswer } from './idempotency.js';
import type { BusinessRecord, Posting } from './ledger.js';
import { generateTransactionNumber } from './numbers.js';
import { LedgerRefused, type LedgerRefusal } from './results.js';

/**
 * A customer account named by its number, where an entry or the record needs its id: the database
 * resolves it in the posting's call (migration 0007). Account numbers never start with `#`, ids neither.
 */
export function namedAccount(accountNumber: string): string {
  return `#${accountNumber}`;
}

/** A movement as the one call posts it: everything the database checks and writes, and the answer. */
export interface OneCall {
  key: IdempotencyScope | undefined;
  /** The customer accounts the request names, in the order of their refusals, and the field of each. */
  named: { accountNumber: string; field: string }[];
  /** The named account whose holder must be the person at the counter (`document`). */
  holderOf: string | undefined;
  document: { idDocumentType: string; idDocumentNumber: string } | undefined;
  /** A refusal of the flow's own checks, raised after the accounts' (the order of DESIGN §4). */
  deferred: boolean;
  /** Banded flows: the band the fee came from, or null when none covers the amount. */
  band: FeeBandRow | null | undefined;
  posting: Posting;
  record: BusinessRecord;
  transactionNumber: string;
  id: string;
  bodyText: string;
}

/** What the call answers besides a refusal (`LedgerRefused`) or one of the outcomes below. */
export type OneCallOutcome =
  | { kind: 'answered'; answer: StoredAnswer; replayed: boolean }
  /** LJ101: the band used is not the schedule in force any more. */
  | { kind: 'stale-fees' }
  /** LJ102: the transaction number is taken. */
  | { kind: 'number-taken' }
  /** LJ103: the caller's own refusal (the flow's check, or no band), at its place in the order. */
  | { kind: 'deferred' };

/** A fresh transaction number and id for an attempt. */
export function freshIdentity(): { id: string; transactionNumber: string } {
  return { id: randomUUID(), transactionNumber: generateTransactionNumber() };
}

/** A text array as one parameter, whichever the driver: a JSON array unpacked in order. */
function textArray(values: readonly string[]): SQL {
  return sql`(select coalesce(array_agg(e.v order by e.n), '{}') from
    jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as e(v, n))`;
}

function bigintArray(values: readonly number[]): SQL {
  return sql`(select coalesce(array_agg(e.v::bigint order by e.n), '{}') from
    jsonb_array_elements_text(${JSON.stringify(values.map(String))}::jsonb) with ordinality as e(v, n))`;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The one round trip: `ledger_post_movement` in autocommit. The refusals it raises (SQLSTATE LJ100,
 * the refusal's name and field in the message) become `LedgerRefused`; the other errors (a serialization
 * failure, the commit-time system-account checks, the overdraw check) are the caller's retries.
 */
export async function postInOneCall(db: Db, call: OneCall): Promise<OneCallOutcome> {
  const { key, posting, record, band } = call;
  const entries: EntryInput[] = posting.entries;
  try {
    const result =
      await db.execute(sql`select "out_replayed", "out_status", "out_body" from ledger_post_movement(
      ${key?.userId ?? null}::uuid, ${key?.route ?? null}, ${key?.key ?? null}, ${key?.requestHash ?? null},
      ${posting.at.toISOString()}::timestamptz,
      ${textArray(call.named.map((n) => n.accountNumber))}, ${textArray(call.named.map((n) => n.field))},
      ${call.holderOf ?? null}, ${call.document?.idDocumentType ?? null}, ${call.document?.idDocumentNumber ?? null},
      ${call.deferred},
      ${band === undefined ? null : posting.type}, ${posting.amountCentimes}::bigint, ${band?.id ?? null}::uuid,
      ${band?.minAmountCentimes ?? null}::bigint, ${band?.maxAmountCentimes ?? null}::bigint,
      ${posting.feeCentimes}::bigint, ${posting.agentShareCentimes}::bigint,
      ${textArray(entries.map((e) => e.accountId))}, ${bigintArray(entries.map((e) => e.amountCentimes))},
      ${call.id}::uuid, ${call.transactionNumber}, ${posting.type}, ${posting.status},
      ${posting.agentId}::uuid, ${posting.createdByUserId}::uuid,
      ${record.accountId ?? null}, ${record.senderAccountId ?? null}, ${record.recipientAccountId ?? null},
      ${record.senderPersonId ?? null}::uuid, ${json(record.recipient)}::jsonb, ${json(record.party)}::jsonb,
      ${record.relatedTransactionId ?? null}::uuid, ${key ? call.bodyText : null})`);
    const [row] = (
      result as { rows: { out_replayed: boolean; out_status: number; out_body: string | null }[] }
    ).rows;
    if (!row) throw new Error('ledger: the posting call answered no row');
    return row.out_replayed
      ? { kind: 'answered', replayed: true, answer: { status: row.out_status, bodyText: row.out_body ?? '' } }
      : { kind: 'answered', replayed: false, answer: { status: 201, bodyText: call.bodyText } };
  } catch (error) {
    const raised = raisedByPosting(error);
    if (!raised) throw error;
    if (raised.code === 'LJ101') return { kind: 'stale-fees' };
    if (raised.code === 'LJ102') return { kind: 'number-taken' };
    if (raised.code === 'LJ103') return { kind: 'deferred' };
    const [name, field] = raised.message.split(' ') as [LedgerRefusal, string | undefined];
    throw new LedgerRefused(name, field ? { field } : {});
  }
}

/** The LJ100–LJ103 error of `ledger_post_movement`, found in the driver's error or Drizzle's wrapper. */
function raisedByPosting(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const candidate = current as Error & { code?: unknown };
    if (typeof candidate.code === 'string' && /^LJ10[0-3]$/.test(candidate.code))
      return { code: candidate.code, message: candidate.message };
    current = candidate.cause;
  }
  return undefined;
}

import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { FeeBandRow } from './fee-schedule.js';
import type { EntryInput } from './flows.js';
import type { IdempotencyScope, StoredAnswer } from './idempotency.js';
import type { BusinessRecord, Posting } from './ledger.js';
import { drawerGate } from './drawer.js';
import { newTransactionId } from './ids.js';
import { generateTransactionNumber } from './numbers.js';
import { LedgerRefused, type LedgerRefusal } from './results.js';

/**
 * A customer account named by its number, where an entry or the record needs its id: the database
 * resolves it in the posting's call (sql/). Account numbers never start with `#`, ids neither.
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
  /**
   * A cash operation (decision 149): the posting's teller must have an open drawer, locked `FOR SHARE`
   * by the same statement before the function runs; none: `DrawerClosed`, nothing written.
   */
  cashDrawer?: boolean | undefined;
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
  return { id: newTransactionId(), transactionNumber: generateTransactionNumber() };
}

/** A text array as one parameter, whichever the driver: a JSON array unpacked in order. */
export function textArray(values: readonly string[]): SQL {
  return sql`(select coalesce(array_agg(e.v order by e.n), '{}') from
    jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as e(v, n))`;
}

export function bigintArray(values: readonly number[]): SQL {
  return sql`(select coalesce(array_agg(e.v::bigint order by e.n), '{}') from
    jsonb_array_elements_text(${JSON.stringify(values.map(String))}::jsonb) with ordinality as e(v, n))`;
}

export const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);

/**
 * The one round trip: `ledger_post_movement` in autocommit. The refusals it raises (SQLSTATE LJ100,
 * the refusal's name and field in the message) become `LedgerRefused`; the other errors (a serialization
 * failure, the commit-time system-account checks, the overdraw check) are the caller's retries.
 */
export async function postInOneCall(db: Db, call: OneCall): Promise<OneCallOutcome> {
  const { key, posting, record, band } = call;
  const entries: EntryInput[] = posting.entries;
  try {
    // A cash operation: the drawer's row is locked first (a materialized CTE), and the function is called
    // once per row of the gate, after its lock, with the teller's id read from it; no row, no call.
    const gated = call.cashDrawer === true;
    const createdBy = gated ? sql`gate.user_id` : sql`${posting.createdByUserId}::uuid`;
    const head = gated
      ? sql`${drawerGate({ userId: posting.createdByUserId, at: posting.at, key })}
        select "out_replayed", "out_status", "out_body" from gate cross join lateral ledger_post_movement(`
      : sql`select "out_replayed", "out_status", "out_body" from ledger_post_movement(`;
    const result = await db.execute(sql`${head}
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
      ${posting.agentId}::uuid, ${createdBy},
      ${record.accountId ?? null}, ${record.senderAccountId ?? null}, ${record.recipientAccountId ?? null},
      ${record.senderPersonId ?? null}::uuid, ${json(record.recipient)}::jsonb, ${json(record.party)}::jsonb,
      ${record.relatedTransactionId ?? null}::uuid, ${key ? call.bodyText : null})`);
    const [row] = (
      result as { rows: { out_replayed: boolean; out_status: number; out_body: string | null }[] }
    ).rows;
    if (!row && gated) throw new LedgerRefused('DrawerClosed');
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
    throw refusalOf(raised.message);
  }
}

/**
 * One item of `ledger_post_movements` (sql/): the parameters of `ledger_post_movement`, as a
 * JSON object whose fields are those of the type `ledger_batch_item`.
 */
function batchItem(call: OneCall): Record<string, unknown> {
  const { key, posting, record, band } = call;
  return {
    user_id: key?.userId ?? null,
    route: key?.route ?? null,
    key: key?.key ?? null,
    request_hash: key?.requestHash ?? null,
    at: posting.at.toISOString(),
    numbers: call.named.map((n) => n.accountNumber),
    number_fields: call.named.map((n) => n.field),
    holder_number: call.holderOf ?? null,
    document_type: call.document?.idDocumentType ?? null,
    document_number: call.document?.idDocumentNumber ?? null,
    deferred_check: call.deferred,
    fee_type: band === undefined ? null : posting.type,
    amount: posting.amountCentimes,
    band_id: band?.id ?? null,
    band_min: band?.minAmountCentimes ?? null,
    band_max: band?.maxAmountCentimes ?? null,
    fee: posting.feeCentimes,
    share: posting.agentShareCentimes,
    entry_refs: posting.entries.map((e) => e.accountId),
    entry_amounts: posting.entries.map((e) => e.amountCentimes),
    transaction_id: call.id,
    transaction_number: call.transactionNumber,
    type: posting.type,
    status: posting.status,
    agent_id: posting.agentId,
    created_by_user_id: posting.createdByUserId,
    account_ref: record.accountId ?? null,
    sender_ref: record.senderAccountId ?? null,
    recipient_ref: record.recipientAccountId ?? null,
    sender_person_id: record.senderPersonId ?? null,
    recipient: record.recipient ?? null,
    party: record.party ?? null,
    related_transaction_id: record.relatedTransactionId ?? null,
    body: key ? call.bodyText : null,
    // A cash operation: the function's drawers' gate holds it back if its teller's drawer is closed.
    cash_drawer: call.cashDrawer === true,
  };
}

/** What one item of a batch came to: an outcome of the one call, or its refusal. */
export type BatchItemResult = OneCallOutcome | LedgerRefused;

/**
 * Many movements in one statement, one transaction (`sql/ledger_post_movements.sql`), in
 * autocommit: each gets what `postInOneCall` would have answered had they been posted one after the other
 * in this order (a refusal as `LedgerRefused`, not thrown). Errors of the whole batch (a serialization
 * failure, a transaction number committed meanwhile (23505, decision 165), the commit-time checks, the
 * database gone) are thrown: nothing of the batch was written.
 */
export async function postBatch(db: Db, calls: readonly OneCall[]): Promise<BatchItemResult[]> {
  // The function locks the drawers of the batch's cash items' tellers FOR SHARE before anything else
  // (decision 149; inside it since migration 0019): a cash item whose drawer is open and was opened by its
  // time, or whose key is stored already (to be answered as the first time), goes on, as any other item;
  // the others are answered 'drawer-closed', and nothing of theirs is written.
  const result = await db.execute(
    sql`select "out_index", "out_outcome", "out_status", "out_body", "out_detail"
      from ledger_post_movements(${JSON.stringify(calls.map(batchItem))}::jsonb)`,
  );
  const rows = (
    result as {
      rows: {
        out_index: number;
        out_outcome: string;
        out_status: number | null;
        out_body: string | null;
        out_detail: string | null;
      }[];
    }
  ).rows;
  if (rows.length !== calls.length) throw new Error('ledger: the batch answered another number of rows');
  const results: (BatchItemResult | undefined)[] = calls.map(() => undefined);
  for (const row of rows) {
    const position = row.out_index - 1;
    const call = calls[position];
    if (!call || results[position] !== undefined)
      throw new Error('ledger: the batch answered an unknown or repeated position');
    results[position] = batchOutcome(row, call);
  }
  return results as BatchItemResult[];
}

function batchOutcome(
  row: { out_outcome: string; out_status: number | null; out_body: string | null; out_detail: string | null },
  call: OneCall,
): BatchItemResult {
  switch (row.out_outcome) {
    case 'posted':
      return { kind: 'answered', replayed: false, answer: { status: 201, bodyText: call.bodyText } };
    case 'replayed':
      return {
        kind: 'answered',
        replayed: true,
        answer: { status: row.out_status ?? 201, bodyText: row.out_body ?? '' },
      };
    case 'stale-fees':
    case 'number-taken':
    case 'deferred':
      return { kind: row.out_outcome };
    case 'refused':
      return refusalOf(row.out_detail ?? '');
    case 'drawer-closed':
      return new LedgerRefused('DrawerClosed');
    default:
      throw new Error(`ledger: unknown outcome of a batch item: ${row.out_outcome}`);
  }
}

/** A refusal as the database names it: its name, then a space and the input field, if any. */
function refusalOf(message: string): LedgerRefused {
  const [name, field] = message.split(' ') as [LedgerRefusal, string | undefined];
  return new LedgerRefused(name, field ? { field } : {});
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

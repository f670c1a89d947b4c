import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { uniqueViolationOf } from '../db/errors.js';
import type { FeeBandRow } from './fee-schedule.js';
import type { IdempotencyScope, StoredAnswer } from './idempotency.js';
import type { BusinessRecord, Posting } from './ledger.js';
import { newTransactionId } from './ids.js';
import { generateTransactionNumber } from './numbers.js';
import { refText, type AccountRef } from './account-ref.js';
import { LedgerRefused, refusalFromDatabase } from './results.js';
import { limitFields, type LimitCount } from './limits.js';

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
  /** What it counts of its persons' limits (decision 227); none: nothing. */
  limit?: LimitCount | null | undefined;
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

const refOrNull = (account: AccountRef | null | undefined): string | null =>
  account ? refText(account) : null;

/**
 * A movement alone: a batch of one (decision 216), whose refusal is thrown. A transaction number that
 * another transaction committed since the batch read the taken ones (23505) is only a taken number.
 */
export async function postAlone(db: Db, call: OneCall): Promise<OneCallOutcome> {
  let result: BatchItemResult | undefined;
  try {
    [result] = await postBatch(db, [call]);
  } catch (error) {
    if (uniqueViolationOf(error) === 'transactions_number_key') return { kind: 'number-taken' };
    throw raisedRefusal(error) ?? error;
  }
  if (result instanceof LedgerRefused) throw result;
  return result!;
}

/**
 * A refusal a trigger raised while writing (LJ106: a reversal whose request or original is not what it
 * was read to be, decision 226), named as the closed set names it; undefined for any other error.
 */
function raisedRefusal(error: unknown): LedgerRefused | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if ((current as Error & { code?: unknown }).code === 'LJ106')
      return new LedgerRefused(refusalFromDatabase(current.message).refusal);
    current = (current as Error & { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * One item of `ledger_post_movements`, or the movement `ledger_post_flow` completes with its reads: a JSON
 * object whose fields are those of the type `ledger_batch_item`.
 */
export function batchItem(call: OneCall): Record<string, unknown> {
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
    entry_refs: posting.entries.map((e) => refText(e.account)),
    entry_amounts: posting.entries.map((e) => e.amountCentimes),
    transaction_id: call.id,
    transaction_number: call.transactionNumber,
    type: posting.type,
    status: posting.status,
    agent_id: posting.agentId,
    created_by_user_id: posting.createdByUserId,
    account_ref: refOrNull(record.account),
    sender_ref: refOrNull(record.senderAccount),
    recipient_ref: refOrNull(record.recipientAccount),
    sender_person_id: record.senderPersonId ?? null,
    recipient: record.recipient ?? null,
    party: record.party ?? null,
    related_transaction_id: record.relatedTransactionId ?? null,
    body: key ? call.bodyText : null,
    // A cash operation: the function's drawers' gate holds it back if its teller's drawer is closed.
    cash_drawer: call.cashDrawer === true,
    ...limitFields(call.limit),
  };
}

/** What one item of a batch came to: an outcome of the one call, or its refusal. */
export type BatchItemResult = OneCallOutcome | LedgerRefused;

/**
 * Many movements in one statement and transaction, in autocommit (decision 142): each gets what it would
 * have got posted alone in this order (a refusal as `LedgerRefused`, not thrown). Errors of the whole batch
 * (23505 as in decision 165, the commit-time checks, the database gone) are thrown: nothing was written.
 */
export async function postBatch(db: Db, calls: readonly OneCall[]): Promise<BatchItemResult[]> {
  // The function first locks the cash items' drawers FOR SHARE (decision 149): an item whose drawer is open
  // since its time, or whose key is stored, goes on; the others are answered 'drawer-closed', unwritten.
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

function refusalOf(message: string): LedgerRefused {
  const { refusal, field, limit } = refusalFromDatabase(message);
  return new LedgerRefused(refusal, { ...(field ? { field } : {}), ...(limit ? { limit } : {}) });
}

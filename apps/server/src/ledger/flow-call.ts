import { sql, type SQL } from 'drizzle-orm';
import { drawerGate } from './drawer.js';
import type { Db } from '../db/client.js';
import { uniqueViolationOf } from '../db/errors.js';
import { batchItem, type OneCall, type OneCallOutcome } from './one-call.js';
import type { StoredAnswer, StoredRow } from './idempotency.js';
import { LedgerRefused, refusalFromDatabase } from './results.js';

/**
 * The flows whose posting needs reads of its own first (decision 143): `ledger_post_flow` does them after
 * the key's claim, then posts through `ledger_post_movements` (a batch of one), in the same call.
 */
export type FlowName =
  | 'agent_deposit'
  | 'cancel'
  | 'external_transfer'
  | 'payout'
  // Transfers that expire (decision 225).
  | 'expire'
  | 'refund_expired';

/** What a flow adds to the one call: its name and its inputs for the database's reads. */
export interface FlowCallSpec {
  flow: FlowName;
  /** The flow's inputs to the database's reads (`ledger_post_flow`'s `p_args`). */
  args: Record<string, unknown>;
  /** The input field of a refusal about an account the request does not name (the refund's destination). */
  fieldOfUnnamed?: string;
  /** Thrown when the payout's identification fails (LJ105), for the flow to record it (decision 112). */
  identificationFailed?: Error;
  /**
   * A cash flow (decision 149): when the call's `cashDrawer` is set, the condition, read before the call
   * in the same statement, under which the teller's open drawer is needed (the transfer pending and paid
   * in cash…), so that the refusals before it keep their place; none: always.
   */
  drawerNeeded?: SQL;
}

export type FlowCallOutcome =
  | OneCallOutcome
  /** LJ104: the caller's reading of the transfer is not the transfer any more: read it again. */
  | { kind: 'stale-read' };

/** The transfer read before the call is not the one the call found: the request is planned again. */
export class StaleRead extends Error {
  constructor() {
    super('ledger: stale read, the row changed before the call');
  }
}

/** Refusals about a locked account, which name the input field of that account. */
const ACCOUNT_REFUSALS = new Set<string>(['AccountNotActive', 'CurrencyMismatch']);

/**
 * One call of `ledger_post_flow` (sql/) in autocommit: the key's claim, the flow's reads and
 * checks, the posting, the answer stored. Refusals and outcomes as a batch item's (`postBatch`). The answer,
 * first or replayed, is `storedAnswer` of the body and facts the call stored or found (decision 222).
 */
export async function postFlowInOneCall(
  db: Db,
  call: OneCall & { spec: FlowCallSpec; storedAnswer: (row: StoredRow) => StoredAnswer },
): Promise<FlowCallOutcome> {
  const { key, posting, spec } = call;
  try {
    // The movement as a batch item, its body stored with the facts even without a key.
    const item = JSON.stringify({ ...batchItem(call), body: call.bodyText });
    // A cash flow: the teller's drawer locked FOR SHARE first, in the same statement (`drawerGate`).
    const gated = call.cashDrawer === true;
    const result = await db.execute(
      gated
        ? sql`${drawerGate({ userId: posting.createdByUserId, at: posting.at, key, needed: spec.drawerNeeded })}
          select "out_replayed", "out_status", "out_body", "out_facts" from gate cross join lateral
            ledger_post_flow(${spec.flow}, ${JSON.stringify(spec.args)}::jsonb,
              ${item}::jsonb || jsonb_build_object('created_by_user_id', gate.user_id))`
        : sql`select "out_replayed", "out_status", "out_body", "out_facts"
          from ledger_post_flow(${spec.flow}, ${JSON.stringify(spec.args)}::jsonb, ${item}::jsonb)`,
    );
    const [row] = (
      result as {
        rows: { out_replayed: boolean; out_status: number; out_body: string | null; out_facts: unknown }[];
      }
    ).rows;
    if (!row && gated) throw new LedgerRefused('DrawerClosed');
    if (!row) throw new Error('ledger: the flow call answered no row');
    return {
      kind: 'answered',
      replayed: row.out_replayed,
      answer: call.storedAnswer({ status: row.out_status, body: row.out_body ?? '', facts: row.out_facts }),
    };
  } catch (error) {
    // A number another transaction committed since the batch of one read the taken ones (decision 216).
    if (uniqueViolationOf(error) === 'transactions_number_key') return { kind: 'number-taken' };
    const raised = raisedByFlow(error);
    if (!raised) throw error;
    if (raised.code === 'LJ101') return { kind: 'stale-fees' };
    if (raised.code === 'LJ102') return { kind: 'number-taken' };
    if (raised.code === 'LJ103') return { kind: 'deferred' };
    if (raised.code === 'LJ104') return { kind: 'stale-read' };
    if (raised.code === 'LJ105') throw spec.identificationFailed ?? error;
    const { refusal, field, limit } = refusalFromDatabase(raised.message);
    const fieldOf = field ?? (ACCOUNT_REFUSALS.has(refusal) ? spec.fieldOfUnnamed : undefined);
    throw new LedgerRefused(refusal, { ...(fieldOf ? { field: fieldOf } : {}), ...(limit ? { limit } : {}) });
  }
}

/** The LJ100–LJ105 error of `ledger_post_flow`, found in the driver's error or Drizzle's wrapper. */
function raisedByFlow(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const candidate = current as Error & { code?: unknown };
    if (typeof candidate.code === 'string' && /^LJ10[0-5]$/.test(candidate.code))
      return { code: candidate.code, message: candidate.message };
    current = candidate.cause;
  }
  return undefined;
}

import { correctionMessages, type SessionUser } from '@lajan/domain';
import type { Db, Executor } from '../../db/client.js';
import { accountById, type AccountRef } from '../../ledger/account-ref.js';
import type { Entry, PostingFlow } from '../../ledger/flows.js';
import { LedgerRefused } from '../../ledger/results.js';
import { negated, postedEntries } from '../../ledger/reversal.js';
import { givenBack } from '../../ledger/limits.js';
import { Conflict, Forbidden, NotFound } from '../../http/errors.js';
import { presentPosted, type FlowContext, type MoneyFlow, type Planned } from '../transactions/index.js';
import { accountsById, correctionById, personIdOf, type CorrectionRow } from './store.js';

/** A reversal's accounts, one role per entry of the original (`e0`, `e1`…): what it names varies. */
type ReversalRoles = Record<string, 'required'>;
export interface ReversalInput {
  id: string;
}

/** The agent a signed-in user works for (none: the super administrator), by id. */
export type AgentIdOf = (db: Db, session: SessionUser) => Promise<string | null>;

/** Whether this user may see the request at all: the super administrator, or a user of its agent. */
export function mayView(session: SessionUser, agentId: string | null, row: CorrectionRow): boolean {
  return session.isSuperAdmin || (agentId !== null && agentId === row.agentId);
}

/**
 * Who decides a request (decision 226): never who asked, under any of her accounts (one deleted and the
 * next share a person); a super administrator when the request says so, the agent's administrator otherwise.
 */
export async function assertReviewer(db: Executor, session: SessionUser, row: CorrectionRow): Promise<void> {
  if (row.requestedByUserId === session.id || (await personIdOf(db, session.id)) === row.requestedByPersonId)
    throw new Forbidden(correctionMessages.ownRequest);
  if (row.view.superAdminRequired && !session.isSuperAdmin)
    throw new Forbidden(correctionMessages.superAdminRequired);
  if (!row.view.superAdminRequired && session.role !== 'agent_admin')
    throw new Forbidden(correctionMessages.agentAdminRequired);
}

/** The request by id, as this user may see it; another agent's is unknown (404). */
export async function visibleCorrection(
  db: Db,
  session: SessionUser,
  agentIdOf: AgentIdOf,
  id: string,
): Promise<CorrectionRow> {
  const row = await correctionById(db, id);
  if (!row || !mayView(session, await agentIdOf(db, session), row))
    throw new NotFound(correctionMessages.notFound);
  return row;
}

/** The entries that undo the original, by account id: what the reversal posts. */
export async function reversalEntries(db: Db, row: CorrectionRow): Promise<Entry[]> {
  const posted = await postedEntries(db, row.original.transactionNumber);
  if (!posted) throw new NotFound(correctionMessages.notFound);
  return negated(posted);
}

/**
 * A reversal refused for lack of funds (DESIGN §4c): what the first short account lacks, a customer's by
 * its number, the agent's float without; the refusal as it was when none is short any more.
 */
export async function withMissingAmount(db: Db, row: CorrectionRow, refusal: LedgerRefused) {
  const entries = await reversalEntries(db, row);
  const delta = new Map<string, number>();
  for (const entry of entries)
    if (entry.account.by === 'id')
      delta.set(entry.account.id, (delta.get(entry.account.id) ?? 0) + entry.amountCentimes);
  const held = await accountsById(db, [...delta.keys()]);
  for (const account of held) {
    const missing = -(account.balanceCentimes + (delta.get(account.id) ?? 0));
    if (missing > 0 && account.kind !== 'system')
      return new LedgerRefused('InsufficientFunds', {
        missing: {
          centimes: missing,
          accountNumber: account.kind === 'customer' ? account.accountNumber : null,
        },
      });
  }
  return refusal;
}

/** Who pays whom in a reversal, one role per entry: what `Planned.posting` and its accounts say. */
export function reversalPosting(entries: Entry[]): {
  posting: PostingFlow<ReversalRoles>;
  accounts: Record<string, AccountRef>;
} {
  return {
    posting: {
      type: 'reversal',
      status: 'completed',
      banded: false,
      entries: <A>(accounts: Record<string, A>) =>
        entries.map((entry, index) => ({
          account: accounts[`e${index}`] as A,
          amountCentimes: entry.amountCentimes,
        })),
    },
    accounts: Object.fromEntries(entries.map((entry, index) => [`e${index}`, entry.account])),
  };
}

/** The reversal's plan: the original's entries negated, posted for its agent, linked to it. */
async function planReversal(
  context: FlowContext & { db: Db },
  row: CorrectionRow,
): Promise<Planned<ReversalRoles>> {
  const { db, session } = context;
  const { posting, accounts } = reversalPosting(await reversalEntries(db, row));
  const { original } = row;
  const ids = [original.accountId, original.senderAccountId, original.recipientAccountId];
  const numbers = new Map(
    (
      await accountsById(
        db,
        ids.filter((id): id is string => id !== null),
      )
    ).map((a) => [a.id, a.accountNumber]),
  );
  const numberOf = (id: string | null) => (id === null ? null : (numbers.get(id) ?? null));
  const refOf = (id: string | null) => (id === null ? null : accountById(id));
  const record = {
    account: refOf(original.accountId),
    senderAccount: refOf(original.senderAccountId),
    recipientAccount: refOf(original.recipientAccountId),
    relatedTransactionId: original.id,
  };
  return {
    accounts,
    amountCentimes: original.amountCentimes,
    actor: { userId: session.id, agent: { id: row.agentId, floatAccountId: row.floatAccountId } },
    record,
    // The original's count given back on its day (decision 227).
    limit: givenBack(original, record),
    named: [],
    posting,
    present: (movement) =>
      presentPosted(movement, session.username, row.view.agent, {
        accountNumber: numberOf(original.accountId),
        senderAccountNumber: numberOf(original.senderAccountId),
        recipientAccountNumber: numberOf(original.recipientAccountId),
        relatedTransactionNumber: original.transactionNumber,
      }),
  };
}

/** Declared per request: its entries are the plan's (`Planned.posting`). */
function plannedOnly(): never {
  throw new Error('reversal: its entries are planned per request (decision 226)');
}

/**
 * `POST /corrections/{id}/approve` of a request that moves no cash (a transfer, an agent deposit): the
 * reversal posts at approval, by its approver; the database marks the request decided and executed.
 */
export function reversalAtApproval(agentIdOf: AgentIdOf): MoneyFlow<ReversalInput, ReversalRoles> {
  return {
    type: 'reversal',
    status: 'completed',
    banded: false,
    cash: 'never',
    entries: plannedOnly,
    async plan(context, input) {
      const row = await visibleCorrection(context.db, context.session, agentIdOf, input.id);
      await assertReviewer(context.db, context.session, row);
      if (row.view.status !== 'requested') throw new Conflict(correctionMessages.notRequested);
      if (row.view.cashMoves) throw new Conflict(correctionMessages.cashAtCounter);
      return planReversal(context, row);
    },
  };
}

/**
 * `POST /corrections/{id}/execute`: an approved deposit's or withdrawal's reversal, carried out by a teller
 * of the agent in her open drawer (decision 149), in which it counts.
 */
export function reversalAtCounter(agentIdOf: AgentIdOf): MoneyFlow<ReversalInput, ReversalRoles> {
  return {
    type: 'reversal',
    status: 'completed',
    banded: false,
    cash: 'always',
    entries: plannedOnly,
    async plan(context, input) {
      const row = await visibleCorrection(context.db, context.session, agentIdOf, input.id);
      if (!row.view.cashMoves) throw new Conflict(correctionMessages.noCashToMove);
      if (row.view.status !== 'approved') throw new LedgerRefused('CorrectionNotApproved');
      return planReversal(context, row);
    },
  };
}

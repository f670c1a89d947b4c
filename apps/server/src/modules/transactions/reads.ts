import {
  audienceOf,
  type Pagination,
  type PayoutLookup,
  type SessionUser,
  type Transaction,
  type TransactionType,
} from '@lajan/domain';
import type { Db } from '../../db/client.js';
import { LedgerRefused } from '../../ledger/results.js';
import { viewerFor } from '../persons/index.js';
import type { Actors } from './actors.js';
import { holderNamesOf, withHolderNames } from './holder-names.js';
import { presentPayoutLookup, presentTransaction } from './present.js';
import { showSenders } from './sender-view.js';
import { historyPage } from './history-query.js';
import { transactionByNumber } from './transaction-views.js';

/** The transactions as they are read: the search by number and the history. */
export class TransactionReads {
  private readonly db: Db;
  /** The process's agent code → id (the money flows' own): a page reads no agent row. */
  private readonly actors: Actors;

  constructor(deps: { db: Db; actors: Actors }) {
    this.db = deps.db;
    this.actors = deps.actors;
  }

  /**
   * `POST /transactions/search` (decision 112): a pending external transfer answers its pay-out look-up
   * (amount, status, sending agent, the recipient's initials), whoever asks; any other transaction
   * answers whole to its own agent (the super administrator: all), and 404 to another agent.
   */
  async search(session: SessionUser, transactionNumber: string): Promise<Transaction | PayoutLookup> {
    const record = await transactionByNumber(this.db, transactionNumber);
    if (!record) throw new LedgerRefused('TransactionNotFound', { field: 'transactionNumber' });
    if (record.type === 'external_transfer' && record.status === 'pending')
      return presentPayoutLookup(record);
    if (audienceOf(session) === 'superAdmin') return presentTransaction(record);
    const ownAgentId = session.agent ? (await this.actors.of(this.db, session)).agent.id : undefined;
    if (ownAgentId !== undefined && record.agentId === ownAgentId)
      return (await showSenders(this.db, viewerFor(session, ownAgentId), [presentTransaction(record)]))[0]!;
    // Another agent's transfer that is no longer pending (decision 131): the teller holding its code
    // learns that it was paid, and when, or that it was cancelled; nothing more of it.
    if (record.type === 'external_transfer' && record.status === 'completed')
      throw new LedgerRefused('TransferAlreadyPaid', { paidAt: record.settledAt ?? undefined });
    if (record.type === 'external_transfer' && record.status === 'cancelled')
      throw new LedgerRefused('TransferCancelled');
    if (record.type === 'external_transfer' && record.status === 'expired')
      throw new LedgerRefused('TransferExpired');
    throw new LedgerRefused('TransactionNotFound', { field: 'transactionNumber' });
  }

  /**
   * `GET /transactions/history`: the agent's transactions, or all for the super administrator, their accounts
   * with their holders' names (decision 186).
   */
  async history(
    session: SessionUser,
    query: { page: number; per_page: number; type?: TransactionType | undefined; q?: string | undefined },
  ): Promise<{ data: Transaction[]; pagination: Pagination }> {
    const agentId =
      audienceOf(session) === 'superAdmin' ? undefined : (await this.actors.of(this.db, session)).agent.id;
    const { records, total } = await historyPage(this.db, {
      agentId,
      type: query.type,
      q: query.q || undefined,
      page: query.page,
      perPage: query.per_page,
    });
    const offset = (query.page - 1) * query.per_page;
    const presented = records.map((record) => presentTransaction(record));
    // Two reads side by side: the senders as this viewer may see them, the holders' names (decision 186).
    const [shown, holders] = await Promise.all([
      showSenders(this.db, viewerFor(session, agentId ?? null), presented),
      holderNamesOf(this.db, presented),
    ]);
    return {
      data: shown.map((transaction) => withHolderNames(transaction, holders)),
      pagination: {
        total,
        total_pages: Math.ceil(total / query.per_page),
        firstItem: records.length > 0 ? offset + 1 : 0,
        lastItem: records.length > 0 ? offset + records.length : 0,
      },
    };
  }
}

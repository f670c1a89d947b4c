import {
  audienceOf,
  CURRENCY,
  htgToCentimes,
  PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
  sameDocument,
  sameName,
  type agentDepositInputSchema,
  type depositInputSchema,
  type externalTransferInputSchema,
  type Pagination,
  type PayoutLookup,
  type receiveTransferInputSchema,
  type SessionUser,
  type Transaction,
  type transferInputSchema,
  type TransactionType,
} from '@lajan/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { Forbidden } from '../../http/errors.js';
import {
  claimKey,
  pruneKeys,
  requestHashOf,
  storeAnswer,
  type IdempotencyScope,
  type StoredAnswer,
} from '../../ledger/idempotency.js';
import { recordAudit } from '../audit/service.js';
import { inMoneyTransaction } from '../../ledger/ledger.js';
import { LedgerRefused } from '../../ledger/results.js';
import type { Actor, LedgerService, Movement } from '../../ledger/service.js';
import { presentPayoutLookup, presentTransaction, type TransactionRecord } from './present.js';
import {
  accountNumberOf,
  agentWithFloatByCode,
  customerAccountByNumber,
  customerAccountsByNumbers,
  failedIdentificationsSinceUnlock,
  historyPage,
  personById,
  recordPayoutIdentification,
  transactionByNumber,
} from './store.js';

type Party = { name: string; idDocumentType: string; idDocumentNumber: string };

/**
 * A pay-out whose identity did not match: thrown inside the money transaction (which rolls back), then
 * recorded by `run` in a transaction of its own, so that the refusal leaves its trace (decision 112).
 */
class IdentificationFailed extends Error {
  constructor(
    readonly transactionNumber: string,
    readonly userId: string,
    readonly agentId: string,
    readonly presented: Record<string, unknown>,
  ) {
    super('payout identification failed');
  }
}

/** An answer of a money route: what the first request got, replayed as is for its idempotency key. */
export interface MoneyAnswer extends StoredAnswer {
  replayed: boolean;
}

/** What `run` needs of the request. */
export interface MoneyRequest {
  session: SessionUser;
  /** `POST /transactions/transfer`: the idempotency scope with the user. */
  route: string;
  idempotencyKey: string | undefined;
  /** The validated input and path parameters, hashed to recognise a repeat. */
  input: unknown;
}

/** How often a process deletes the idempotency keys past their retention. */
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The money calls of SPEC §7: finds the accounts, persons and agents a request names, applies the rules
 * that are about who (the holder rule, the payout's identity check, the sending agent), and hands the
 * movement to the ledger. Each call is one database transaction, with its idempotency key.
 */
export class TransactionsService {
  #lastPruneMs = Number.NEGATIVE_INFINITY;
  /**
   * Agent code → agent id and float account id: neither ever changes once the agent exists, so a
   * process keeps them (one round trip less per movement). Names come from the session, read afresh.
   */
  readonly #agentIds = new Map<string, { id: string; floatAccountId: string }>();

  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /**
   * Runs one money request in one database transaction: claims the idempotency key first (a repeat
   * gets the first answer, posting nothing), posts, and stores the exact answer with the key. A refusal
   * throws and stores nothing.
   */
  async run(request: MoneyRequest, work: (tx: Tx, at: Date) => Promise<Transaction>): Promise<MoneyAnswer> {
    const scope: IdempotencyScope | undefined = request.idempotencyKey
      ? {
          userId: request.session.id,
          route: request.route,
          key: request.idempotencyKey,
          requestHash: requestHashOf(request.input),
        }
      : undefined;
    const answer = await inMoneyTransaction(this.db, async (tx): Promise<MoneyAnswer> => {
      const at = this.clock.now();
      if (scope) {
        const stored = await claimKey(tx, scope, at);
        if (stored) return { ...stored, replayed: true };
      }
      const transaction = await work(tx, at);
      const fresh = { status: 201, bodyText: JSON.stringify({ data: transaction }) };
      if (scope) await storeAnswer(tx, scope, fresh);
      return { ...fresh, replayed: false };
    }).catch(async (error: unknown) => {
      if (error instanceof IdentificationFailed) await this.#recordFailedIdentification(error);
      throw error;
    });
    if (scope) await this.#pruneNowAndThen();
    return answer;
  }

  async #pruneNowAndThen(): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - this.#lastPruneMs < PRUNE_INTERVAL_MS) return;
    this.#lastPruneMs = now.getTime();
    // The movement is committed: a failed clean-up must not turn its answer into an error. The next
    // keyed request after the interval tries again.
    await pruneKeys(this.db, now).catch(() => undefined);
  }

  /** The signed-in teller's agent and float: who posts. */
  async actorOf(executor: Executor, session: SessionUser): Promise<Actor & { code: string; name: string }> {
    if (!session.agent) throw new Forbidden();
    const { code, name } = session.agent;
    let ids = this.#agentIds.get(code);
    if (!ids) {
      const agent = await agentWithFloatByCode(executor, code);
      if (!agent?.floatAccountId) throw new Error(`agent ${code} has no float account`);
      ids = { id: agent.id, floatAccountId: agent.floatAccountId };
      this.#agentIds.set(code, ids);
    }
    return { userId: session.id, agent: ids, code, name };
  }

  async deposit(tx: Tx, at: Date, session: SessionUser, input: z.output<typeof depositInputSchema>) {
    return this.#atCounter(tx, at, session, input, 'deposit');
  }

  async withdraw(tx: Tx, at: Date, session: SessionUser, input: z.output<typeof depositInputSchema>) {
    return this.#atCounter(tx, at, session, input, 'withdrawal');
  }

  async #atCounter(
    tx: Tx,
    at: Date,
    session: SessionUser,
    input: z.output<typeof depositInputSchema>,
    type: 'deposit' | 'withdrawal',
  ): Promise<Transaction> {
    const actor = await this.actorOf(tx, session);
    const amountCentimes = htgToCentimes(input.amount);
    const account = await customerAccountByNumber(tx, input.accountNumber, input.party);
    if (!account) throw new LedgerRefused('AccountNotFound', { field: 'accountNumber' });
    // A deposit may be brought by anyone; a withdrawal only by a holder (DESIGN §4).
    if (type === 'withdrawal' && !account.partyIsHolder) throw new LedgerRefused('NotAccountHolder');
    const movementInput = { actor, party: input.party, amountCentimes, at, accountId: account.id };
    const movement =
      type === 'deposit'
        ? await this.ledger.deposit(tx, movementInput)
        : await this.ledger.withdraw(tx, movementInput);
    return this.#present(movement, session, actor, {
      accountNumber: account.accountNumber,
      party: input.party,
    });
  }

  async transfer(tx: Tx, at: Date, session: SessionUser, input: z.output<typeof transferInputSchema>) {
    const actor = await this.actorOf(tx, session);
    const amountCentimes = htgToCentimes(input.amount);
    const found = await customerAccountsByNumbers(
      tx,
      [input.senderAccountNumber, input.recipientAccountNumber],
      input.party,
    );
    const sender = found.get(input.senderAccountNumber);
    if (!sender) throw new LedgerRefused('AccountNotFound', { field: 'senderAccountNumber' });
    const recipient = found.get(input.recipientAccountNumber);
    if (!recipient) throw new LedgerRefused('AccountNotFound', { field: 'recipientAccountNumber' });
    if (!sender.partyIsHolder) throw new LedgerRefused('NotAccountHolder');
    const movement = await this.ledger.transfer(tx, {
      actor,
      party: input.party,
      amountCentimes,
      at,
      senderAccountId: sender.id,
      recipientAccountId: recipient.id,
    });
    return this.#present(movement, session, actor, {
      senderAccountNumber: sender.accountNumber,
      recipientAccountNumber: recipient.accountNumber,
      party: input.party,
    });
  }

  async externalTransfer(
    tx: Tx,
    at: Date,
    session: SessionUser,
    input: z.output<typeof externalTransferInputSchema>,
  ): Promise<Transaction> {
    const actor = await this.actorOf(tx, session);
    const amountCentimes = htgToCentimes(input.amount);
    const senderPerson = await personById(tx, input.senderId);
    if (!senderPerson) throw new LedgerRefused('PersonNotFound', { field: 'senderId' });
    let senderAccount: { id: string; accountNumber: string } | null = null;
    if (input.accountNumber) {
      const found = await customerAccountByNumber(tx, input.accountNumber, input.party);
      if (!found) throw new LedgerRefused('AccountNotFound', { field: 'accountNumber' });
      if (!found.partyIsHolder) throw new LedgerRefused('NotAccountHolder');
      senderAccount = found;
    } else if (input.currency && input.currency.toUpperCase() !== CURRENCY) {
      throw new LedgerRefused('CurrencyMismatch', { field: 'currency' });
    }
    const recipient = { ...input.recipient };
    const movement = await this.ledger.externalTransfer(tx, {
      actor,
      party: input.party,
      amountCentimes,
      at,
      senderAccountId: senderAccount?.id ?? null,
      senderPersonId: senderPerson.id,
      recipient,
    });
    return this.#present(movement, session, actor, {
      senderAccountNumber: senderAccount?.accountNumber ?? null,
      party: input.party,
      sender: senderPerson,
      recipient,
    });
  }

  /**
   * The pay-out (decision 112): under the transfer's row lock, refuses a locked transfer, then compares
   * the identity presented with the sender's recipient. A mismatch rolls this transaction back and is
   * recorded by `run`; a match pays out and records the document presented as the payout's party.
   */
  async receive(
    tx: Tx,
    at: Date,
    session: SessionUser,
    input: z.output<typeof receiveTransferInputSchema>,
  ): Promise<Transaction> {
    // The transfer's row first, before any account (DESIGN §4).
    const transfer = await this.ledger.lockTransfer(tx, input.transactionNumber);
    if (!transfer) throw new LedgerRefused('TransactionNotFound', { field: 'transactionNumber' });
    if (transfer.status !== 'pending') throw new LedgerRefused('TransferNotPending');
    if ((await failedIdentificationsSinceUnlock(tx, transfer.id)) >= PAYOUT_FAILED_IDENTIFICATIONS_LIMIT)
      throw new LedgerRefused('TransferLocked');
    if (input.amount != null && htgToCentimes(input.amount) !== transfer.amountCentimes)
      throw new LedgerRefused('AmountMismatch', { field: 'amount' });
    const actor = await this.actorOf(tx, session);
    const presented = { ...input.recipient };
    if (!recipientMatches(transfer.recipient, presented, input.party))
      throw new IdentificationFailed(transfer.transactionNumber, session.id, actor.agent.id, {
        recipient: presented,
        party: input.party,
      });
    // The document presented, with the name read from it, is the payout's party: the proof kept.
    const party = {
      name: `${presented.firstName} ${presented.lastName}`,
      idDocumentType: presented.idDocumentType,
      idDocumentNumber: presented.idDocumentNumber,
    };
    const movement = await this.ledger.payout(tx, { actor, transfer, recipient: presented, party, at });
    const sender = transfer.senderPersonId ? await personById(tx, transfer.senderPersonId) : undefined;
    return this.#present(movement, session, actor, {
      party,
      sender: sender ?? null,
      recipient: presented,
      relatedTransactionNumber: transfer.transactionNumber,
    });
  }

  /**
   * Records a failed identification in its own committed transaction, under the transfer's row lock:
   * concurrent tries are counted one after the other, and a try that finds the limit already reached
   * (another try was recorded meanwhile) is answered as locked, not counted. Throws the refusal.
   */
  async #recordFailedIdentification(failure: IdentificationFailed): Promise<never> {
    await inMoneyTransaction(this.db, async (tx) => {
      const transfer = await this.ledger.lockTransfer(tx, failure.transactionNumber);
      if (!transfer) throw new LedgerRefused('TransactionNotFound', { field: 'transactionNumber' });
      if (transfer.status !== 'pending') throw new LedgerRefused('TransferNotPending');
      if ((await failedIdentificationsSinceUnlock(tx, transfer.id)) >= PAYOUT_FAILED_IDENTIFICATIONS_LIMIT)
        throw new LedgerRefused('TransferLocked');
      await recordPayoutIdentification(tx, {
        transactionId: transfer.id,
        outcome: 'failed',
        userId: failure.userId,
        agentId: failure.agentId,
        presented: failure.presented,
        at: this.clock.now(),
      });
    });
    throw new LedgerRefused('RecipientMismatch');
  }

  /**
   * `POST /transactions/{transactionNumber}/unlock`: the sending agent lifts the lock of five failed
   * identifications (decision 112); audited, and recorded as `unlocked` (the count starts again).
   */
  async unlock(session: SessionUser, transactionNumber: string, ip: string): Promise<Transaction> {
    return inMoneyTransaction(this.db, async (tx) => {
      const transfer = await this.ledger.lockTransfer(tx, transactionNumber);
      const actor = await this.actorOf(tx, session);
      if (!transfer) throw new LedgerRefused('TransactionNotFound');
      if (transfer.agentId !== actor.agent.id)
        throw new LedgerRefused('NotSendingAgent', { unlock: true });
      if (transfer.status !== 'pending') throw new LedgerRefused('TransferNotPending');
      const failures = await failedIdentificationsSinceUnlock(tx, transfer.id);
      if (failures < PAYOUT_FAILED_IDENTIFICATIONS_LIMIT) throw new LedgerRefused('TransferNotLocked');
      const at = this.clock.now();
      await recordPayoutIdentification(tx, {
        transactionId: transfer.id,
        outcome: 'unlocked',
        userId: session.id,
        agentId: actor.agent.id,
        presented: null,
        at,
      });
      await recordAudit(tx, {
        at,
        action: 'transactions.transfer_unlocked',
        actor: { id: session.id, username: session.username },
        target: transfer.transactionNumber,
        ip,
        details: { transactionId: transfer.id, failedIdentifications: failures },
      });
      const record = await transactionByNumber(tx, transfer.transactionNumber);
      if (!record) throw new LedgerRefused('TransactionNotFound');
      return presentTransaction(record);
    });
  }

  async cancel(tx: Tx, at: Date, session: SessionUser, transactionNumber: string): Promise<Transaction> {
    const transfer = await this.ledger.lockTransfer(tx, transactionNumber);
    const actor = await this.actorOf(tx, session);
    if (!transfer) throw new LedgerRefused('TransactionNotFound');
    if (transfer.agentId !== actor.agent.id) throw new LedgerRefused('NotSendingAgent');
    if (transfer.status !== 'pending') throw new LedgerRefused('TransferNotPending');
    const movement = await this.ledger.cancel(tx, {
      actor,
      transfer,
      // The sending agent is the actor's own agent, checked above.
      sendingAgentFloatAccountId: actor.agent.floatAccountId,
      at,
    });
    const record = await transactionByNumber(tx, transfer.transactionNumber);
    return this.#present(movement, session, actor, {
      senderAccountNumber: record?.senderAccountNumber ?? null,
      sender: record?.sender ?? null,
      recipient: transfer.recipient,
      relatedTransactionNumber: transfer.transactionNumber,
    });
  }

  async agentDeposit(
    tx: Tx,
    at: Date,
    session: SessionUser,
    input: z.output<typeof agentDepositInputSchema>,
  ): Promise<Transaction> {
    const agent = await agentWithFloatByCode(tx, input.code);
    if (!agent) throw new LedgerRefused('AgentNotFound', { field: 'code' });
    if (!agent.active || !agent.floatAccountId) throw new LedgerRefused('AgentNotActive', { field: 'code' });
    const floatAccountId = agent.floatAccountId;
    const movement = await this.ledger.agentDeposit(tx, {
      userId: session.id,
      agent: { id: agent.id, floatAccountId },
      party: input.party,
      amountCentimes: htgToCentimes(input.amount),
      at,
    });
    const floatNumber = await accountNumberOf(tx, floatAccountId);
    return this.#present(
      movement,
      session,
      { code: agent.code, name: agent.name },
      { recipientAccountNumber: floatNumber, party: input.party },
    );
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
    const ownAgentId = session.agent
      ? (await agentWithFloatByCode(this.db, session.agent.code))?.id
      : undefined;
    if (ownAgentId !== undefined && record.agentId === ownAgentId) return presentTransaction(record);
    // Another agent's transfer that is no longer pending (decision 131): the teller holding its code
    // learns that it was paid, and when, or that it was cancelled; nothing more of it.
    if (record.type === 'external_transfer' && record.status === 'completed')
      throw new LedgerRefused('TransferAlreadyPaid', { paidAt: record.settledAt ?? undefined });
    if (record.type === 'external_transfer' && record.status === 'cancelled')
      throw new LedgerRefused('TransferCancelled');
    throw new LedgerRefused('TransactionNotFound', { field: 'transactionNumber' });
  }

  /** `GET /transactions/history`: the agent's transactions, or all for the super administrator. */
  async history(
    session: SessionUser,
    query: { page: number; per_page: number; type?: TransactionType | undefined; q?: string | undefined },
  ): Promise<{ data: Transaction[]; pagination: Pagination }> {
    let agentId: string | undefined;
    if (audienceOf(session) !== 'superAdmin') {
      if (!session.agent) throw new Forbidden();
      const agent = await agentWithFloatByCode(this.db, session.agent.code);
      if (!agent) throw new Forbidden();
      agentId = agent.id;
    }
    const { records, total } = await historyPage(this.db, {
      agentId,
      type: query.type,
      q: query.q || undefined,
      page: query.page,
      perPage: query.per_page,
    });
    const offset = (query.page - 1) * query.per_page;
    return {
      data: records.map((record) => presentTransaction(record)),
      pagination: {
        total,
        total_pages: Math.ceil(total / query.per_page),
        firstItem: records.length > 0 ? offset + 1 : 0,
        lastItem: records.length > 0 ? offset + records.length : 0,
      },
    };
  }

  #present(
    movement: Movement,
    session: SessionUser,
    agent: { code: string; name: string },
    details: Partial<
      Pick<
        TransactionRecord,
        | 'accountNumber'
        | 'senderAccountNumber'
        | 'recipientAccountNumber'
        | 'party'
        | 'sender'
        | 'recipient'
        | 'relatedTransactionNumber'
      >
    >,
  ): Transaction {
    return presentTransaction({
      transactionNumber: movement.posted.transactionNumber,
      type: movement.type,
      status: movement.status,
      amountCentimes: movement.amountCentimes,
      feeCentimes: movement.feeCentimes,
      agentShareCentimes: movement.agentShareCentimes,
      currency: CURRENCY,
      createdAt: movement.posted.createdAt,
      settledAt: null,
      createdByUsername: session.username,
      agent: { code: agent.code, name: agent.name },
      accountNumber: details.accountNumber ?? null,
      senderAccountNumber: details.senderAccountNumber ?? null,
      recipientAccountNumber: details.recipientAccountNumber ?? null,
      party: details.party ?? null,
      sender: details.sender ?? null,
      recipient: details.recipient ?? null,
      relatedTransactionNumber: details.relatedTransactionNumber ?? null,
      locked: false,
    });
  }
}

/**
 * The payout's identity check (decision 112): the name presented is the sender's recipient's
 * (`sameName`: case, accents, hyphens, spaces and word order ignored); when the sender gave a document
 * number, the document presented is that one (type and number); and the party at the counter shows the
 * document presented. Which part failed is never told.
 */
export function recipientMatches(
  expected: Record<string, unknown> | null,
  presented: { firstName: string; lastName: string; idDocumentType: string; idDocumentNumber: string },
  party: Party,
): boolean {
  if (!expected) return false;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const expectedName = `${text(expected.firstName)} ${text(expected.lastName)}`;
  if (!sameName(expectedName, `${presented.firstName} ${presented.lastName}`)) return false;
  const expectedNumber = text(expected.idDocumentNumber);
  if (expectedNumber.trim() !== '') {
    if (expected.idDocumentType !== presented.idDocumentType) return false;
    if (!sameDocument(expectedNumber, presented.idDocumentNumber)) return false;
  }
  return (
    party.idDocumentType === presented.idDocumentType &&
    sameDocument(party.idDocumentNumber, presented.idDocumentNumber)
  );
}

import { randomInt } from 'node:crypto';
import {
  ACCOUNT_SEARCH_LIMIT,
  centimesToHtg,
  CURRENCY,
  displayName,
  holderDocumentMessages,
  normalizePhone,
  maskDocumentNumber,
  sameDocument,
  type AccountStatus,
  type AccountType,
  type CreateAccountInput,
  type SessionUser,
} from '@lajan/domain';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Db, Executor } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { accounts } from '../../db/schema.js';
import { Conflict, Forbidden, NotFound, Throttled, ValidationFailed } from '../../http/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import {
  accountRequestActivatedMail,
  accountRequestRejectedMail,
  type MailMessage,
} from '../../mail/templates.js';
import { findAgentByCode } from '../agents/store.js';
import { recordAudit } from '../audit/service.js';
import { readablePersonIds, viewerOf, type Viewer } from '../persons/access.js';
import { findPersonsByIds, isUuid, type PersonRow } from '../persons/store.js';
import { spendLookup } from '../auth/lookup-budget.js';
import { admitAttempt, markAttemptSucceeded } from '../auth/throttle.js';
import { generateAccountNumber } from '../../ledger/numbers.js';
import {
  holderDocumentIs,
  holderMatches,
  holderNameMatches,
  holderPhoneIn,
  insertHolders,
  pageAccountRecords,
  selectAccountRecords,
  selectHolders,
  type AccountRecord,
  type AccountRow,
  type HolderRecord,
} from './store.js';

/**
 * An account as the API answers it (docs/contract-customers-agents.md, "Account"). `type` is
 * null only for a float account (`GET /accounts/self`); `balance` is in HTG.
 */
export interface AccountView {
  id: string;
  accountNumber: string;
  type: AccountType | null;
  currency: string;
  status: AccountStatus;
  /** Null for another agent's account (`presentAccounts`). */
  balance: number | null;
  unavailableBalance: number;
  createdAt: string;
  customerIds: string[];
  customers: {
    id: string;
    firstName: string;
    lastName: string;
    idDocumentType: string;
    idDocumentNumber: string;
    principal: boolean;
  }[];
  agent: { name: string; code: string } | null;
  requestReference: string | null;
  decidedAt: string | null;
  decidedBy: { username: string } | null;
  rejectionReason: string | null;
}

/** A customer account's view: it always has a type. */
export type CustomerAccountView = AccountView & { type: AccountType };

export function asCustomerView(view: AccountView): CustomerAccountView {
  const { type } = view;
  if (type === null) throw new Error(`accounts: ${view.id} is not a customer account`);
  return { ...view, type };
}

/** How many fresh numbers to try before giving up: ten random digits almost never collide twice. */
const NUMBER_ATTEMPTS = 5;

/**
 * Inserts an account under a fresh random number. A collision on the number is skipped with
 * `ON CONFLICT DO NOTHING` rather than caught, because a failed statement would abort the
 * caller's transaction on PostgreSQL; any other conflict (a second float for one agent) fails.
 */
export async function insertWithFreshNumber(
  executor: Executor,
  values: Omit<typeof accounts.$inferInsert, 'accountNumber'>,
): Promise<{ id: string; accountNumber: string }> {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const [row] = await executor
      .insert(accounts)
      .values({ ...values, accountNumber: generateAccountNumber() })
      .onConflictDoNothing({ target: accounts.accountNumber })
      .returning({ id: accounts.id, accountNumber: accounts.accountNumber });
    if (row) return row;
  }
  throw new Error(`accounts: no free account number after ${NUMBER_ATTEMPTS} attempts`);
}

/**
 * The float account of a new agent (DESIGN §3, §4): active, balance 0. Call it in the
 * transaction that creates the agent; the caller records the audit entry of the whole creation.
 */
export async function openFloatAccount(
  executor: Executor,
  input: { agentId: string; now: Date },
): Promise<{ id: string; accountNumber: string }> {
  return insertWithFreshNumber(executor, {
    kind: 'float',
    type: null,
    currency: CURRENCY,
    status: 'active',
    balanceCentimes: 0,
    agentId: input.agentId,
    createdAt: input.now,
    updatedAt: input.now,
  });
}

export interface FloatAccountSummary {
  id: string;
  accountNumber: string;
  status: AccountStatus;
  /** HTG. */
  balance: number;
  balanceCentimes: number;
}

/** The float of one agent, or undefined when it has none. */
export async function floatAccountOfAgent(
  executor: Executor,
  agentId: string,
): Promise<FloatAccountSummary | undefined> {
  return (await floatAccountsOfAgents(executor, [agentId])).get(agentId);
}

/** The floats of several agents (a page of the agents list), by agent id. */
export async function floatAccountsOfAgents(
  executor: Executor,
  agentIds: string[],
): Promise<Map<string, FloatAccountSummary>> {
  const result = new Map<string, FloatAccountSummary>();
  if (agentIds.length === 0) return result;
  const rows = await executor
    .select({
      id: accounts.id,
      agentId: accounts.agentId,
      accountNumber: accounts.accountNumber,
      status: accounts.status,
      balanceCentimes: accounts.balanceCentimes,
    })
    .from(accounts)
    .where(and(eq(accounts.kind, 'float'), inArray(accounts.agentId, agentIds)));
  for (const row of rows) {
    if (!row.agentId) continue;
    result.set(row.agentId, {
      id: row.id,
      accountNumber: row.accountNumber,
      status: row.status,
      balance: centimesToHtg(row.balanceCentimes),
      balanceCentimes: row.balanceCentimes,
    });
  }
  return result;
}

/**
 * The views of these records, in their order, with their holders read in one query. Given the
 * signed-in user, a holder whose file it may not read shows a masked document number (DESIGN §3).
 */
export async function presentAccounts(
  executor: Executor,
  records: AccountRecord[],
  session?: SessionUser,
): Promise<AccountView[]> {
  const holders = await selectHolders(
    executor,
    records.map((record) => record.account.id),
  );
  let viewer: Viewer | undefined;
  if (session) {
    viewer = await viewerOf(executor, session);
    const readable = await readablePersonIds(
      executor,
      viewer,
      holders.map((holder) => holder.person.id),
    );
    for (const holder of holders) {
      if (!readable.has(holder.person.id)) {
        holder.person = {
          ...holder.person,
          email: null,
          idDocumentNumber: maskDocumentNumber(holder.person.idDocumentNumber ?? ''),
        };
      }
    }
  }
  const byAccount = new Map<string, HolderRecord[]>();
  for (const holder of holders) {
    const list = byAccount.get(holder.accountId) ?? [];
    list.push(holder);
    byAccount.set(holder.accountId, list);
  }
  return records.map((record) => {
    const view = toView(record, byAccount.get(record.account.id) ?? []);
    // A balance is the customer's business and its agent's: another agent finds the account (to take a
    // deposit, to check a holder) but never learns what is on it (DESIGN §3, issue 12).
    const othersAccount =
      viewer !== undefined &&
      !viewer.superAdmin &&
      record.account.agentId !== null &&
      record.account.agentId !== viewer.agentId;
    // Nor who of the other agent decided its opening (a username is half a sign-in).
    return othersAccount
      ? { ...view, balance: null, requestReference: null, decidedAt: null, decidedBy: null, rejectionReason: null }
      : view;
  });
}

function toView(record: AccountRecord, holders: HolderRecord[]): AccountView {
  const { account } = record;
  return {
    id: account.id,
    accountNumber: account.accountNumber,
    type: account.type,
    currency: account.currency,
    status: account.status,
    balance: centimesToHtg(account.balanceCentimes),
    unavailableBalance: 0,
    createdAt: account.createdAt.toISOString(),
    customerIds: holders.map((holder) => holder.person.id),
    customers: holders.map((holder) => ({
      id: holder.person.id,
      firstName: holder.person.firstName,
      lastName: holder.person.lastName,
      idDocumentType: holder.person.idDocumentType ?? '',
      idDocumentNumber: holder.person.idDocumentNumber ?? '',
      principal: holder.position === 0,
    })),
    agent: record.agent,
    requestReference: account.requestReference,
    decidedAt: account.decidedAt ? account.decidedAt.toISOString() : null,
    decidedBy: record.decidedByUsername ? { username: record.decidedByUsername } : null,
    rejectionReason: account.rejectionReason,
  };
}

/** The view of one account by id (any kind), or undefined; see `presentAccounts` for `session`. */
export async function accountView(
  executor: Executor,
  accountId: string,
  session?: SessionUser,
): Promise<AccountView | undefined> {
  const records = await selectAccountRecords(executor, eq(accounts.id, accountId));
  const [view] = await presentAccounts(executor, records, session);
  return view;
}

export const accountErrors = {
  notFound: 'Compte introuvable',
  personsNotFound: 'Un client sélectionné est introuvable',
  hasBalance: 'Le compte a encore un solde',
  closed: 'Le compte est fermé',
  alreadyDecided: 'Cette demande a déjà été traitée',
  noAgent: "Votre utilisateur n'est rattaché à aucun agent",
} as const;

const referenceAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A public request's reference, `DEM-7K4QZP`: six characters without the look-alikes 0/O and
 * 1/I, read aloud at the counter (32⁶ ≈ 10⁹, unique by constraint, retried on a collision).
 */
export function generateRequestReference(): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += referenceAlphabet[randomInt(referenceAlphabet.length)];
  return `DEM-${code}`;
}

/**
 * A visitor's request (`POST /auth/register`): a `pending` customer account with no agent,
 * its holders, and a fresh reference. Runs in the caller's transaction.
 */
export async function openAccountRequest(
  executor: Executor,
  input: { type: AccountType; personIds: string[]; now: Date },
): Promise<{ id: string; accountNumber: string; requestReference: string }> {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    // A customer account meets no other unique index than its number and its reference:
    // skipping any conflict retries both.
    const [row] = await executor
      .insert(accounts)
      .values({
        accountNumber: generateAccountNumber(),
        requestReference: generateRequestReference(),
        kind: 'customer',
        type: input.type,
        currency: CURRENCY,
        status: 'pending',
        agentId: null,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoNothing()
      .returning({
        id: accounts.id,
        accountNumber: accounts.accountNumber,
        requestReference: accounts.requestReference,
      });
    if (row?.requestReference) {
      await insertHolders(executor, row.id, input.personIds);
      return { id: row.id, accountNumber: row.accountNumber, requestReference: row.requestReference };
    }
  }
  throw new Error(`accounts: no free number or reference after ${NUMBER_ATTEMPTS} attempts`);
}

export interface AccountActor {
  user: SessionUser;
  ip: string;
}

export interface AccountListQuery {
  page: number;
  perPage: number;
  status?: AccountStatus | undefined;
  q?: string | undefined;
}

export interface AccountsServiceDeps {
  db: Db;
  clock: Clock;
  /** Sends what the outbox holds; called after a commit that queued a message. */
  kickMail: () => Promise<void>;
}

const customer = eq(accounts.kind, 'customer');

/** Customer accounts at the counter and the review of public requests (SPEC §7 "Accounts"). */
export class AccountsService {
  constructor(private readonly deps: AccountsServiceDeps) {}

  /** The id of the signed-in user's agent; a user without one has nothing to do here. */
  private async agentOf(user: SessionUser): Promise<{ id: string; code: string; name: string }> {
    const agent = user.agent ? await findAgentByCode(this.deps.db, user.agent.code) : undefined;
    if (!agent) throw new Forbidden(accountErrors.noAgent);
    return { id: agent.id, code: agent.code, name: agent.name };
  }

  private async view(accountId: string, session: SessionUser): Promise<AccountView> {
    const view = await accountView(this.deps.db, accountId, session);
    if (!view) throw new NotFound(accountErrors.notFound);
    return view;
  }

  private async customerView(accountId: string, session: SessionUser): Promise<CustomerAccountView> {
    return asCustomerView(await this.view(accountId, session));
  }

  /** `POST /accounts`: an `active` account of the teller's agent for persons that exist. */
  async create(input: CreateAccountInput, actor: AccountActor): Promise<CustomerAccountView> {
    const { db, clock } = this.deps;
    const agent = await this.agentOf(actor.user);
    const personIds = input.personIds;
    const missing = () => new ValidationFailed({ personIds: [accountErrors.personsNotFound] });
    if (!personIds.every(isUuid)) throw missing();
    const found = await findPersonsByIds(db, personIds);
    if (found.length !== personIds.length) throw missing();
    const now = clock.now();
    await this.checkHolderDocuments(found, input.holderDocuments ?? {}, actor, now);
    let created: { id: string; accountNumber: string };
    try {
      created = await db.transaction(async (tx) => {
        const account = await insertWithFreshNumber(tx, {
          kind: 'customer',
          type: input.type,
          currency: CURRENCY,
          status: 'active',
          agentId: agent.id,
          createdByUserId: actor.user.id,
          createdAt: now,
          updatedAt: now,
        });
        await insertHolders(tx, account.id, personIds);
        await recordAudit(tx, {
          at: now,
          action: 'accounts.created',
          actor: actor.user,
          target: account.accountNumber,
          ip: actor.ip,
          details: {
            accountId: account.id,
            type: input.type,
            holders: personIds.length,
            agentCode: agent.code,
          },
        });
        return account;
      });
    } catch (error) {
      // A holder deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw missing();
      throw error;
    }
    return this.customerView(created.id, actor.user);
  }

  /**
   * Holding an account opens a customer's whole file to the agent and lets it change it (decision 111),
   * so a holder the teller may not read whole (another agent's customer, found masked) must be at the
   * counter: its document number is typed from the card (decision 115). Wrong numbers are counted per
   * user like a current password (5 in 15 minutes, then 429): the masked number shows its last
   * characters and must not be guessed by trial.
   */
  private async checkHolderDocuments(
    holders: PersonRow[],
    typed: Record<string, string>,
    actor: AccountActor,
    now: Date,
  ): Promise<void> {
    const { db } = this.deps;
    const readable = await readablePersonIds(
      db,
      await viewerOf(db, actor.user),
      holders.map((holder) => holder.id),
    );
    const unread = holders.filter((holder) => !readable.has(holder.id));
    if (unread.length === 0) return;
    const absent = unread.find((holder) => (typed[holder.id] ?? '').trim() === '');
    if (absent) {
      throw new ValidationFailed({ holderDocuments: [holderDocumentMessages.required(displayName(absent))] });
    }
    const admission = await admitAttempt(db, {
      kind: 'holder_check',
      key: actor.user.id,
      ip: actor.ip,
      now,
    });
    if (!admission.admitted) {
      await recordAudit(db, { at: now, action: 'accounts.holder_check_throttled', actor: actor.user, ip: actor.ip });
      throw new Throttled(admission.waitSeconds, holderDocumentMessages.throttled);
    }
    const wrong = unread.find((holder) => !sameDocument(holder.idDocumentNumber, typed[holder.id]));
    if (wrong) {
      throw new ValidationFailed({ holderDocuments: [holderDocumentMessages.mismatch(displayName(wrong))] });
    }
    await markAttemptSucceeded(db, admission.attemptId);
  }

  /** `POST /accounts/search`: any customer account by its exact number (a customer may be served anywhere). */
  async findByNumber(accountNumber: string, user: SessionUser): Promise<CustomerAccountView> {
    const records = await selectAccountRecords(
      this.deps.db,
      and(customer, eq(accounts.accountNumber, accountNumber.trim())),
    );
    // Another agent's customer: its holders' documents masked, so that the holder check of a
    // withdrawal cannot be passed by reading them here (DESIGN §3, §4).
    const [view] = await presentAccounts(this.deps.db, records, user);
    if (!view) throw new NotFound(accountErrors.notFound);
    return asCustomerView(view);
  }

  /**
   * `POST /accounts/search` with `q` (decision 132): the customer accounts, not closed, that a teller
   * finds the way people talk. An account number, a holder's phone or document number match exactly,
   * network-wide (DESIGN §3: a customer may be served at any cash point); a holder's name matches partly,
   * but only among the accounts of the teller's own agent (every account for the super administrator),
   * so that a name never lists another agent's customers. Holders another agent may not read are masked
   * (`presentAccounts`). Most recent first, at most `ACCOUNT_SEARCH_LIMIT`.
   */
  async search(q: string, actor: AccountActor): Promise<CustomerAccountView[]> {
    const { db, clock } = this.deps;
    const { user } = actor;
    await spendLookup(db, { ...actor, now: clock.now() });
    const term = q.trim();
    const viewer = await viewerOf(db, user);
    const found: SQL[] = [holderDocumentIs(term)];
    const compact = term.replace(/[\s-]/g, '');
    if (/^\d+$/.test(compact)) found.push(eq(accounts.accountNumber, compact));
    const phones = phoneForms(term);
    if (phones.length > 0) found.push(holderPhoneIn(phones));
    const ownAccounts = ownAccountsSql(viewer);
    if (ownAccounts) found.push(and(ownAccounts, holderNameMatches(likePattern(term))) as SQL);
    const records = await selectAccountRecords(
      db,
      and(customer, ne(accounts.status, 'closed'), or(...found)),
      { limit: ACCOUNT_SEARCH_LIMIT, offset: 0, orderBy: [desc(accounts.createdAt), asc(accounts.id)] },
    );
    return (await presentAccounts(db, records, user)).map(asCustomerView);
  }

  /**
   * `GET /accounts`: the customer accounts of the teller's agent, newest first; with
   * `status=pending`, the public requests waiting for review (no agent yet), oldest first.
   */
  async list(query: AccountListQuery, user: SessionUser) {
    const conditions: (SQL | undefined)[] = [customer];
    let orderBy: SQL[];
    if (query.status === 'pending') {
      conditions.push(eq(accounts.status, 'pending'), isNull(accounts.agentId));
      orderBy = [asc(accounts.createdAt), asc(accounts.id)];
    } else {
      const agent = await this.agentOf(user);
      conditions.push(eq(accounts.agentId, agent.id));
      if (query.status) conditions.push(eq(accounts.status, query.status));
      orderBy = [desc(accounts.createdAt), asc(accounts.id)];
    }
    const term = query.q?.trim();
    if (term) {
      const pattern = likePattern(term);
      conditions.push(
        or(
          ilike(accounts.accountNumber, pattern),
          ilike(accounts.requestReference, pattern),
          holderMatches(pattern),
        ),
      );
    }
    const { records, total } = await pageAccountRecords(this.deps.db, and(...conditions), {
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
      orderBy,
    });
    return {
      data: (await presentAccounts(this.deps.db, records, user)).map(asCustomerView),
      meta: { total, page: query.page, per_page: query.perPage },
    };
  }

  /** What a teller may read by id: its agent's customer accounts and the public requests. */
  private async readableBy(user: SessionUser, id: string): Promise<SQL | undefined> {
    const agent = await this.agentOf(user);
    return and(
      eq(accounts.id, id),
      customer,
      or(eq(accounts.agentId, agent.id), and(isNull(accounts.agentId), eq(accounts.status, 'pending'))),
    );
  }

  async get(id: string, user: SessionUser): Promise<CustomerAccountView> {
    if (!isUuid(id)) throw new NotFound(accountErrors.notFound);
    const records = await selectAccountRecords(this.deps.db, await this.readableBy(user, id));
    const [view] = await presentAccounts(this.deps.db, records, user);
    if (!view) throw new NotFound(accountErrors.notFound);
    return asCustomerView(view);
  }

  /** `PUT /accounts/{id}`: `active` ⇄ `inactive`, for the teller's agent's accounts only. */
  async updateStatus(
    id: string,
    status: 'active' | 'inactive',
    actor: AccountActor,
  ): Promise<CustomerAccountView> {
    const { db, clock } = this.deps;
    if (!isUuid(id)) throw new NotFound(accountErrors.notFound);
    const agent = await this.agentOf(actor.user);
    const own = and(eq(accounts.id, id), customer, eq(accounts.agentId, agent.id));
    const now = clock.now();
    await db.transaction(async (tx) => {
      // Locked, so that the status read here is the one changed (a concurrent close waits).
      const [current] = await tx.select().from(accounts).where(own).for('update');
      if (!current) throw new NotFound(accountErrors.notFound);
      if (current.status === 'closed') throw new ValidationFailed({ status: [accountErrors.closed] });
      if (current.status === status) return;
      await tx.update(accounts).set({ status, updatedAt: now }).where(eq(accounts.id, id));
      await recordAudit(tx, {
        at: now,
        action: 'accounts.status_changed',
        actor: actor.user,
        target: current.accountNumber,
        ip: actor.ip,
        details: { accountId: id, from: current.status, to: status },
      });
    });
    return this.customerView(id, actor.user);
  }

  /** `DELETE /accounts/{id}`: closes an account of the teller's agent whose balance is zero. */
  async close(id: string, actor: AccountActor): Promise<CustomerAccountView> {
    const { db, clock } = this.deps;
    if (!isUuid(id)) throw new NotFound(accountErrors.notFound);
    const agent = await this.agentOf(actor.user);
    const own = and(eq(accounts.id, id), customer, eq(accounts.agentId, agent.id));
    const now = clock.now();
    await db.transaction(async (tx) => {
      // The row lock orders this close with any posting on the account (the ledger locks it too),
      // so no deposit lands on an account between the balance check and its closing.
      const [current] = await tx.select().from(accounts).where(own).for('update');
      if (!current) throw new NotFound(accountErrors.notFound);
      if (current.status === 'closed') throw new ValidationFailed({ status: [accountErrors.closed] });
      if (current.balanceCentimes !== 0) {
        throw new ValidationFailed({ balance: [accountErrors.hasBalance] }, accountErrors.hasBalance);
      }
      await tx.update(accounts).set({ status: 'closed', updatedAt: now }).where(eq(accounts.id, id));
      await recordAudit(tx, {
        at: now,
        action: 'accounts.closed',
        actor: actor.user,
        target: current.accountNumber,
        ip: actor.ip,
        details: { accountId: id, from: current.status },
      });
    });
    return this.customerView(id, actor.user);
  }

  /**
   * `POST /accounts/{id}/activate`: a pending request becomes an active account of the teller's
   * agent; who and when are recorded, and the principal holder is told by e-mail (same transaction).
   */
  async activateRequest(id: string, actor: AccountActor): Promise<CustomerAccountView> {
    const agent = await this.agentOf(actor.user);
    await this.decide(id, actor, 'accounts.request_activated', (account, principal) => ({
      values: { status: 'active', agentId: agent.id },
      mail: accountRequestActivatedMail({
        to: principal.email,
        firstName: principal.firstName,
        reference: account.requestReference ?? '',
        accountType: account.type ?? 'current',
        accountNumber: account.accountNumber,
        agent: { name: agent.name, code: agent.code },
      }),
      details: { agentCode: agent.code },
    }));
    return this.customerView(id, actor.user);
  }

  /** `POST /accounts/{id}/reject`: a pending request is closed with its reason; recorded and e-mailed. */
  async rejectRequest(id: string, reason: string, actor: AccountActor): Promise<CustomerAccountView> {
    await this.decide(id, actor, 'accounts.request_rejected', (account, principal) => ({
      values: { status: 'closed', rejectionReason: reason },
      mail: accountRequestRejectedMail({
        to: principal.email,
        firstName: principal.firstName,
        reference: account.requestReference ?? '',
        reason,
      }),
      details: { reason },
    }));
    return this.customerView(id, actor.user);
  }

  private async decide(
    id: string,
    actor: AccountActor,
    action: 'accounts.request_activated' | 'accounts.request_rejected',
    decision: (
      account: AccountRow,
      principal: { email: string; firstName: string },
    ) => {
      values: Partial<typeof accounts.$inferInsert>;
      mail: MailMessage;
      details: Record<string, unknown>;
    },
  ): Promise<void> {
    const { db, clock } = this.deps;
    if (!isUuid(id)) throw new NotFound(accountErrors.notFound);
    const agent = await this.agentOf(actor.user);
    // A request (no agent yet), or one this agent already took: deciding it again is a 409.
    const request = and(
      eq(accounts.id, id),
      customer,
      isNotNull(accounts.requestReference),
      or(isNull(accounts.agentId), eq(accounts.agentId, agent.id)),
    );
    const now = clock.now();
    await db.transaction(async (tx) => {
      // Locked: of two tellers deciding at once, the second sees the first's decision (409).
      const [current] = await tx.select().from(accounts).where(request).for('update');
      if (!current) throw new NotFound(accountErrors.notFound);
      if (current.status !== 'pending') throw new Conflict(accountErrors.alreadyDecided);
      const [principal] = (await selectHolders(tx, [id])).filter((holder) => holder.position === 0);
      if (!principal?.person.email)
        throw new Error(`accounts: request ${id} has no principal holder with an e-mail`);
      const { values, mail, details } = decision(current, {
        email: principal.person.email,
        firstName: principal.person.firstName,
      });
      await tx
        .update(accounts)
        .set({ ...values, decidedByUserId: actor.user.id, decidedAt: now, updatedAt: now })
        .where(eq(accounts.id, id));
      await enqueueMail(tx, mail, now);
      await recordAudit(tx, {
        at: now,
        action,
        actor: actor.user,
        target: current.accountNumber,
        ip: actor.ip,
        details: { accountId: id, reference: current.requestReference, ...details },
      });
    });
    await this.deps.kickMail();
  }

  /** `GET /accounts/self`: the float of the signed-in user's agent ("Mon Compte"). */
  async ownFloat(user: SessionUser): Promise<AccountView & { balance: number }> {
    const agent = await this.agentOf(user);
    const float = await floatAccountOfAgent(this.deps.db, agent.id);
    if (!float) throw new NotFound(accountErrors.notFound);
    // One's own agent's float: its balance is always told.
    return { ...(await this.view(float.id, user)), balance: float.balance };
  }
}

/**
 * The stored forms a typed phone may have (`normalizePhone`): as typed with its prefix, or without one,
 * with Haiti's +509 in front (a teller types "3712 3456"). Empty when the term is not a phone.
 */
export function phoneForms(term: string): string[] {
  if (!/^\+?[\d\s-]+$/.test(term)) return [];
  const normal = normalizePhone(term);
  const digits = normal.replace(/\D/g, '');
  if (digits.length < 8) return [];
  return normal.startsWith('+') ? [normal] : [digits, `+${digits}`, `+509${digits}`];
}

/** The accounts whose holders a name search may list: the viewer's agent's, all for the super administrator. */
function ownAccountsSql(viewer: Viewer): SQL | undefined {
  if (viewer.superAdmin) return eq(accounts.kind, 'customer');
  if (viewer.agentId === null) return undefined;
  return eq(accounts.agentId, viewer.agentId);
}

/** `%`, `_` and `\` are wildcards of LIKE: a search term is matched as typed. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

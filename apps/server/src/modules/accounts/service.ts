import {
  ACCOUNT_SEARCH_LIMIT,
  CURRENCY,
  type AccountStatus,
  type CreateAccountInput,
  type SessionUser,
} from '@lajan/domain';
import { and, asc, desc, eq, ilike, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { recordAudit } from '../../db/audit.js';
import type { Db } from '../../db/client.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { accounts } from '../../db/schema.js';
import { Forbidden, NotFound, ValidationFailed } from '../../http/errors.js';
import { spendLookup } from '../auth/index.js';
import { findPersonsByIds, isUuid, viewerOf } from '../persons/index.js';
import { floatAccountOfAgent } from './floats.js';
import { checkHolderDocuments } from './holder-check.js';
import { accountErrors } from './messages.js';
import { hasPendingTransferFrom, openAccount } from '../../ledger/accounts.js';
import { AccountRequestsService } from './requests.js';
import { likePattern } from '../../db/name-search.js';
import { ownAccountsSql, phoneForms } from './search-terms.js';
import {
  agentByCode,
  holderDocumentIs,
  holderMatches,
  holderNameMatches,
  holderPhoneIn,
  insertHolders,
  pageAccountRecords,
  selectAccountRecords,
} from './store.js';
import {
  accountView,
  asCustomerView,
  presentAccounts,
  type AccountView,
  type CustomerAccountView,
} from './views.js';

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

/** Customer accounts at the counter and the review of public requests. */
export class AccountsService {
  readonly #requests: AccountRequestsService;

  constructor(private readonly deps: AccountsServiceDeps) {
    this.#requests = new AccountRequestsService({ ...deps, agentOf: (user) => this.agentOf(user) });
  }

  /** The id of the signed-in user's agent; a user without one has nothing to do here. */
  private async agentOf(user: SessionUser): Promise<{ id: string; code: string; name: string }> {
    const agent = user.agent ? await agentByCode(this.deps.db, user.agent.code) : undefined;
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
    await checkHolderDocuments(db, found, input.holderDocuments ?? {}, actor, now);
    let created: { id: string; accountNumber: string };
    try {
      created = await db.transaction(async (tx) => {
        const account = await openAccount(tx, {
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

  /** `POST /accounts/search`: any customer account by its exact number (a customer may be served anywhere). */
  async findByNumber(accountNumber: string, user: SessionUser): Promise<CustomerAccountView> {
    const records = await selectAccountRecords(
      this.deps.db,
      and(customer, eq(accounts.accountNumber, accountNumber.trim())),
    );
    // Another agent's customer: its holders' documents masked, so that the holder check of a
    // withdrawal cannot be passed by reading them here.
    const [view] = await presentAccounts(this.deps.db, records, user);
    if (!view) throw new NotFound(accountErrors.notFound);
    return asCustomerView(view);
  }

  /**
   * `POST /accounts/search` with `q` (decision 132): a number, phone or document matches exactly
   * network-wide; a name matches partly among the teller's own agent's accounts only, so that a name never
   * lists another agent's customers. Holders the teller may not read are masked.
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
    if (ownAccounts) found.push(and(ownAccounts, holderNameMatches(term)) as SQL);
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
          holderMatches(term),
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

  /**
   * `DELETE /accounts/{id}`: closes an account of the teller's agent whose balance is zero and from which no
   * external transfer waits to be paid out.
   */
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
      // Closed, it could no longer take back the money of a transfer cancelled later.
      if (await hasPendingTransferFrom(tx, id)) {
        throw new ValidationFailed(
          { transfers: [accountErrors.hasPendingTransfer] },
          accountErrors.hasPendingTransfer,
        );
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
    await this.#requests.activate(id, actor);
    return this.customerView(id, actor.user);
  }

  /** `POST /accounts/{id}/reject`: a pending request is closed with its reason; recorded and e-mailed. */
  async rejectRequest(id: string, reason: string, actor: AccountActor): Promise<CustomerAccountView> {
    await this.#requests.reject(id, reason, actor);
    return this.customerView(id, actor.user);
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

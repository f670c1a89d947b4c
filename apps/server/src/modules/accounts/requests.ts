import type { Language, SessionUser } from '@lajan/domain';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { recordAudit } from '../../db/audit.js';
import type { Tx } from '../../db/client.js';
import { accounts } from '../../db/schema.js';
import { Conflict, NotFound } from '../../http/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import {
  accountRequestActivatedMail,
  accountRequestRejectedMail,
  type MailMessage,
} from '../../mail/templates.js';
import { inLanguage } from '../../i18n/language.js';
import { isUuid, readablePersonIds, viewerOf } from '../persons/index.js';
import { accountErrors } from './messages.js';
import type { AccountActor, AccountsServiceDeps } from './service.js';
import { selectHolders, type AccountRow } from './store.js';

export interface AccountRequestsDeps extends AccountsServiceDeps {
  /** The signed-in user's agent, or a 403 (`AccountsService`). */
  agentOf: (user: SessionUser) => Promise<{ id: string; code: string; name: string }>;
}

const customer = eq(accounts.kind, 'customer');

/**
 * The review of visitors' requests (`POST /auth/register`): a teller activates one for its agent or
 * rejects it with a reason; either way the principal holder is told by e-mail.
 */
export class AccountRequestsService {
  constructor(private readonly deps: AccountRequestsDeps) {}

  /**
   * `POST /accounts/{id}/activate`: a pending request becomes an active account of the teller's
   * agent; who and when are recorded, and the principal holder is told by e-mail (same transaction).
   */
  async activate(id: string, actor: AccountActor): Promise<void> {
    const agent = await this.deps.agentOf(actor.user);
    await this.decide(
      id,
      actor,
      'accounts.request_activated',
      async (tx, holderIds) => {
        // A request that reuses a person the teller may not read whole (another agent's customer, reused by
        // its name and document, decision 052) would make that customer the teller's without the card that
        // decision 115 asks for: refused, the teller opens the account with the card (decision 173).
        const readable = await readablePersonIds(tx, await viewerOf(tx, actor.user), holderIds);
        if (holderIds.some((personId) => !readable.has(personId)))
          throw new Conflict(accountErrors.holderOfAnotherAgent);
      },
      (account, principal) => ({
        values: { status: 'active', agentId: agent.id },
        mail: inLanguage(principal.language, () =>
          accountRequestActivatedMail({
            to: principal.email,
            firstName: principal.firstName,
            reference: account.requestReference ?? '',
            accountType: account.type ?? 'current',
            accountNumber: account.accountNumber,
            agent: { name: agent.name, code: agent.code },
          }),
        ),
        details: { agentCode: agent.code },
      }),
    );
  }

  /** `POST /accounts/{id}/reject`: a pending request is closed with its reason; recorded and e-mailed. */
  async reject(id: string, reason: string, actor: AccountActor): Promise<void> {
    await this.decide(
      id,
      actor,
      'accounts.request_rejected',
      () => Promise.resolve(),
      (account, principal) => ({
        values: { status: 'closed', rejectionReason: reason },
        mail: inLanguage(principal.language, () =>
          accountRequestRejectedMail({
            to: principal.email,
            firstName: principal.firstName,
            reference: account.requestReference ?? '',
            reason,
          }),
        ),
        details: { reason },
      }),
    );
  }

  private async decide(
    id: string,
    actor: AccountActor,
    action: 'accounts.request_activated' | 'accounts.request_rejected',
    /** Checks of the decision on the locked request's holders, before anything is written. */
    check: (tx: Tx, holderIds: string[]) => Promise<void>,
    decision: (
      account: AccountRow,
      /** The principal holder; her language is her e-mail's, not the teller's (decision 237). */
      principal: { email: string; firstName: string; language: Language },
    ) => {
      values: Partial<typeof accounts.$inferInsert>;
      mail: MailMessage;
      details: Record<string, unknown>;
    },
  ): Promise<void> {
    const { db, clock } = this.deps;
    if (!isUuid(id)) throw new NotFound(accountErrors.notFound);
    const agent = await this.deps.agentOf(actor.user);
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
      const holders = await selectHolders(tx, [id]);
      await check(
        tx,
        holders.map((holder) => holder.person.id),
      );
      const [principal] = holders.filter((holder) => holder.position === 0);
      if (!principal?.person.email)
        throw new Error(`accounts: request ${id} has no principal holder with an e-mail`);
      const { values, mail, details } = decision(current, {
        email: principal.person.email,
        firstName: principal.person.firstName,
        language: principal.person.preferredLanguage,
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
}

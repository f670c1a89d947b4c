import {
  agentMessages,
  agentStatusOf,
  audienceOf,
  maskDocumentNumber,
  normalizePhone,
  type Agent,
  type AgentListQuery,
  type AgentType,
  type CreateAgentInput,
  type SessionUser,
} from '@lajan/domain';
import type { Clock } from '../../clock.js';
import type { Db, Executor } from '../../db/client.js';
import { NotFound, ValidationFailed } from '../../http/errors.js';
import { recordAudit, type AuditAction } from '../../db/audit.js';
import { openFloatAccount } from '../../ledger/accounts.js';
import { floatAccountsOfAgents } from '../accounts/index.js';
import { findPersonsByIds, personLinks, readablePersonIds, viewerOf } from '../persons/index.js';
import {
  createUserWithTemporaryPassword,
  endSessionsOfAgent,
  firstAdministrators,
  usernameConflict,
  usernameTaken,
  type Actor,
} from '../users/index.js';
import {
  findAgentByCode,
  insertAgent,
  insertOwners,
  listAgentRows,
  ownerIdsOf,
  setAgentMarks,
  type AgentRow,
  type AgentScope,
} from './store.js';

/** The super administrator sees every agent; anyone else only its own. */
export function agentScopeOf(session: SessionUser): AgentScope {
  if (audienceOf(session) === 'superAdmin') return { kind: 'all' };
  return { kind: 'own', agentCode: session.agent?.code ?? '\u0000' };
}

/** The float's balance is shown to the super administrator and to the agent's own users only. */
function seesBalance(session: SessionUser, agent: AgentRow): boolean {
  return audienceOf(session) === 'superAdmin' || session.agent?.code === agent.code;
}

export interface AgentsServiceDeps {
  db: Db;
  clock: Clock;
  /** Sends what the outbox holds; called after a commit that queued a message. */
  kickMail: () => Promise<void>;
  appUrl: string;
}

type AgentAction = 'suspend' | 'activate' | 'delete';

/** The agent network: cash points, their owners, float and first user. */
export class AgentsService {
  constructor(private readonly deps: AgentsServiceDeps) {}

  /** The views of these agents, in their order: owners, first administrator and float read once for all. */
  async #present(executor: Executor, session: SessionUser, rows: AgentRow[]): Promise<Agent[]> {
    const ids = rows.map((row) => row.id);
    const [ownerIds, admins, floats] = await Promise.all([
      ownerIdsOf(executor, ids),
      firstAdministrators(executor, ids),
      floatAccountsOfAgents(executor, ids),
    ]);
    const allOwnerIds = [...new Set([...ownerIds.values()].flat())];
    const [persons, readable] = await Promise.all([
      findPersonsByIds(executor, allOwnerIds),
      viewerOf(executor, session).then((viewer) => readablePersonIds(executor, viewer, allOwnerIds)),
    ]);
    const personById = new Map(persons.map((person) => [person.id, person]));
    return rows.map((row) => {
      const personIds = ownerIds.get(row.id) ?? [];
      const float = floats.get(row.id);
      return {
        id: row.id,
        code: row.code,
        name: row.name,
        email: row.email,
        phone: row.phone,
        address: row.address,
        city: row.city,
        type: row.type as AgentType,
        status: agentStatusOf(row),
        personIds,
        owners: personIds.flatMap((id) => {
          const person = personById.get(id);
          return person
            ? [
                {
                  id: person.id,
                  firstName: person.firstName,
                  lastName: person.lastName,
                  idDocumentType: person.idDocumentType ?? '',
                  // Masked for whoever may not read the owner's file.
                  idDocumentNumber: readable.has(person.id)
                    ? (person.idDocumentNumber ?? '')
                    : maskDocumentNumber(person.idDocumentNumber ?? ''),
                },
              ]
            : [];
        }),
        username: admins.get(row.id) ?? null,
        accountNumber: float?.accountNumber ?? null,
        balance: float && seesBalance(session, row) ? float.balance : null,
        deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
        suspendedAt: row.suspendedAt ? row.suspendedAt.toISOString() : null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  async list(session: SessionUser, query: AgentListQuery): Promise<{ agents: Agent[]; total: number }> {
    const { db } = this.deps;
    const { rows, total } = await listAgentRows(
      db,
      agentScopeOf(session),
      { q: query.q, status: query.status },
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    );
    return { agents: await this.#present(db, session, rows), total };
  }

  /** An agent the session may see; any other is unknown to it (404, nothing revealed). */
  async #visible(executor: Executor, session: SessionUser, code: string): Promise<AgentRow> {
    const row = await findAgentByCode(executor, code);
    const scope = agentScopeOf(session);
    if (!row || (scope.kind === 'own' && scope.agentCode !== row.code))
      throw new NotFound(agentMessages.notFound);
    return row;
  }

  async get(session: SessionUser, code: string): Promise<Agent> {
    const { db } = this.deps;
    const [agent] = await this.#present(db, session, [await this.#visible(db, session, code)]);
    return agent!;
  }

  /**
   * `POST /agents`, in one database transaction: the agent under a fresh code, its owners, its
   * float account, and its first user (an administrator) whose temporary password is mailed to the
   * first owner.
   */
  async create(input: CreateAgentInput, actor: Actor): Promise<Agent> {
    const { db, clock, appUrl } = this.deps;
    if (new Set(input.personIds).size !== input.personIds.length) {
      throw new ValidationFailed({ personIds: [agentMessages.personRepeated] });
    }
    const persons = await findPersonsByIds(db, input.personIds);
    const personById = new Map(persons.map((person) => [person.id, person]));
    if (input.personIds.some((id) => !personById.has(id))) {
      throw new ValidationFailed({ personIds: [agentMessages.personNotFound] });
    }
    const firstOwner = personById.get(input.personIds[0]!)!;
    if (!firstOwner.email) throw new ValidationFailed({ personIds: [agentMessages.ownerWithoutEmail] });
    // The first owner becomes the agent's first user, and a person stands behind at most one live user.
    if ((await personLinks(db, await viewerOf(db, actor.user), firstOwner.id))?.liveUser) {
      throw new ValidationFailed({ personIds: [agentMessages.ownerAlreadyUser] });
    }
    if (await usernameTaken(db, input.username)) throw usernameConflict();

    const now = clock.now();
    const agent = await db.transaction(async (tx) => {
      const row = await insertAgent(tx, {
        name: input.name,
        type: input.type,
        email: input.email,
        phone: normalizePhone(input.phone),
        address: input.address,
        createdByUserId: actor.user.id,
        now,
      });
      await insertOwners(tx, row.id, input.personIds);
      const float = await openFloatAccount(tx, { agentId: row.id, now });
      const user = await createUserWithTemporaryPassword(
        tx,
        {
          username: input.username,
          role: 'agent_admin',
          agentId: row.id,
          person: { id: firstOwner.id, firstName: firstOwner.firstName, email: firstOwner.email ?? '' },
          now,
          personField: 'personIds',
          personTakenMessage: agentMessages.ownerAlreadyUser,
        },
        appUrl,
      );
      await recordAudit(tx, {
        at: now,
        action: 'agents.create',
        actor: actor.user,
        target: row.code,
        ip: actor.ip,
        details: {
          agentId: row.id,
          name: row.name,
          personIds: input.personIds,
          accountNumber: float.accountNumber,
          username: input.username,
          userId: user.id,
        },
      });
      return row;
    });
    void this.deps.kickMail();
    const [view] = await this.#present(db, actor.user, [agent]);
    return view!;
  }

  /**
   * Suspend and delete stop the agent's users from signing in and end their sessions at once
   * (the session is read afresh on every request, and their token versions move on); activate
   * lifts both marks. An agent is never removed: its history stays.
   */
  async change(code: string, action: AgentAction, actor: Actor): Promise<Agent> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      const agent = await this.#visible(tx, actor.user, code);
      const marks =
        action === 'suspend'
          ? { suspended: true }
          : action === 'delete'
            ? { deleted: true }
            : { suspended: false, deleted: false };
      const updated = await setAgentMarks(tx, agent.id, marks, now);
      if (!updated) throw new NotFound(agentMessages.notFound);
      const sessionsEnded = action === 'activate' ? 0 : await endSessionsOfAgent(tx, agent.id, now);
      const auditAction: AuditAction = `agents.${action}`;
      await recordAudit(tx, {
        at: now,
        action: auditAction,
        actor: actor.user,
        target: agent.code,
        ip: actor.ip,
        details: {
          agentId: agent.id,
          before: agentStatusOf(agent),
          after: agentStatusOf(updated),
          sessionsEnded,
        },
      });
      return updated;
    });
    const [view] = await this.#present(db, actor.user, [row]);
    return view!;
  }
}

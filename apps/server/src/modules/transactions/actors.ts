import type { SessionUser } from '@lajan/domain';
import type { Executor } from '../../db/client.js';
import { Forbidden } from '../../http/errors.js';
import type { Actor } from '../../ledger/service.js';
import { agentWithFloatByCode } from './agent-lookup.js';

/** The signed-in teller as the ledger sees it, with its agent's code and name for the answer. */
export type CounterActor = Actor & { code: string; name: string };

/**
 * Agent code → agent id and float account id: neither ever changes once the agent exists, so a process
 * keeps them (one round trip less per movement). Names come from the session, read afresh.
 */
export class Actors {
  readonly #agentIds = new Map<string, { id: string; floatAccountId: string }>();

  /** The signed-in teller's agent and float: who posts. */
  async of(executor: Executor, session: SessionUser): Promise<CounterActor> {
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
}

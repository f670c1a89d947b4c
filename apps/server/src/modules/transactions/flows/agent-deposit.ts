import type { agentDepositInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import { agentDepositFlow as agentDepositPosting } from '../../../ledger/flows.js';
import { LedgerRefused } from '../../../ledger/results.js';
import type { MoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';
import { accountNumberOf, agentWithFloatByCode } from '../store.js';

/** `POST /agents/deposit`: the super administrator funds an active agent's float from the treasury. */
export const agentDepositFlow: MoneyFlow<z.output<typeof agentDepositInputSchema>, { agentFloat: string }> = {
  posting: agentDepositPosting,
  async resolve(tx, { session }, input) {
    const agent = await agentWithFloatByCode(tx, input.code);
    if (!agent) throw new LedgerRefused('AgentNotFound', { field: 'code' });
    if (!agent.active || !agent.floatAccountId) throw new LedgerRefused('AgentNotActive', { field: 'code' });
    const floatAccountId = agent.floatAccountId;
    return {
      accounts: { agentFloat: floatAccountId },
      amountCentimes: input.amountCentimes,
      actor: { userId: session.id, agent: { id: agent.id, floatAccountId } },
      record: { party: input.party, recipientAccountId: floatAccountId },
      present: async (readTx, movement) =>
        presentPosted(
          movement,
          session.username,
          { code: agent.code, name: agent.name },
          {
            recipientAccountNumber: await accountNumberOf(readTx, floatAccountId),
            party: input.party,
          },
        ),
    };
  },
};

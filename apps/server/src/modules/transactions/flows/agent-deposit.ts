import type { agentDepositInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import { accountFoundByFlow } from '../../../ledger/account-ref.js';
import { answerSlots } from '../../../ledger/flow-call.js';
import { agentDepositFlow as agentDepositPosting } from '../../../ledger/flows.js';
import type { RolesOf } from '../../../ledger/flows.js';
import type { PlannedMoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';

/**
 * `POST /agents/deposit`: the super administrator funds an active agent's float from the treasury. One
 * call (decision 143): the database finds the agent by code (unknown, then not active), its float
 * (`@float`), posts for that agent, and writes its name and the float's number into the answer.
 */
export const agentDepositFlow: PlannedMoneyFlow<
  z.output<typeof agentDepositInputSchema>,
  RolesOf<typeof agentDepositPosting>
> = {
  posting: agentDepositPosting,
  plan({ session }, input) {
    const { nonce, slot } = answerSlots();
    return Promise.resolve({
      accounts: { agentFloat: accountFoundByFlow('float') },
      amountCentimes: input.amountCentimes,
      // The funded agent is the database's (`ledger_post_flow` posts for the agent it found).
      actor: { userId: session.id, agent: null },
      record: { party: input.party, recipientAccount: accountFoundByFlow('float') },
      named: [],
      flowCall: { flow: 'agent_deposit', args: { code: input.code }, nonce },
      present: (movement) => ({
        ...presentPosted(movement, session.username, { code: input.code, name: '' }, { party: input.party }),
        agent: slot('agent'),
        recipientAccountNumber: slot('recipientAccountNumber'),
        recipientAccount: slot('recipientAccount'),
      }),
    });
  },
};

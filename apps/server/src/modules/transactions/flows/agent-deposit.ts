import { MAX_AGENT_DEPOSIT_HTG, type agentDepositInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import { accountFoundByFlow } from '../../../ledger/account-ref.js';
import { answerSlots } from '../../../ledger/flow-call.js';
import { paying } from '../../../ledger/flows.js';
import { LedgerRefused } from '../../../ledger/results.js';
import type { MoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';

/**
 * `POST /agents/deposit`: the super administrator funds an active agent's float from the treasury, no fee,
 * at most 1 000 000 HTG. One call (decision 143): the database finds the agent by code (unknown, then not
 * active) and its float, posts for that agent, and writes its name and the float's number into the answer.
 */
export const agentDepositFlow: MoneyFlow<
  z.output<typeof agentDepositInputSchema>,
  { agentFloat: 'required' }
> = {
  type: 'agent_deposit',
  status: 'completed',
  banded: false,
  cash: 'never',
  check: (_accounts, amountCentimes) => {
    // The input schema says so too; the ledger holds the limit whatever the caller checked.
    if (amountCentimes > MAX_AGENT_DEPOSIT_HTG * 100)
      throw new LedgerRefused('AgentDepositLimit', { field: 'amount' });
  },
  entries: (a, system, amounts) => paying(system.treasury, a.agentFloat, amounts),
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

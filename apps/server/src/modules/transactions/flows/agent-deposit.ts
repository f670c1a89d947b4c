import { MAX_AGENT_DEPOSIT_HTG, type agentDepositInputSchema } from '@lajan/domain';
import { z } from 'zod';
import { accountFoundByFlow } from '../../../ledger/account-ref.js';
import { paying } from '../../../ledger/flows.js';
import { LedgerRefused } from '../../../ledger/results.js';
import type { MoneyFlow } from '../execute.js';
import { answerFrom } from '../flow-answer.js';
import { presentPosted } from '../present.js';

/**
 * `POST /agents/deposit`: the super administrator funds an active agent's float from the treasury, no fee,
 * at most 1 000 000 HTG. One call (decision 143): the database finds the agent by code (unknown, then not
 * active) and its float, posts for that agent, and answers its name and the float's number.
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
  answer: answerFrom(z.object({ agent_name: z.string(), float_number: z.string() }), (part, facts) => ({
    ...part,
    agent: { code: part.agent?.code ?? '', name: facts.agent_name },
    recipientAccountNumber: facts.float_number,
    recipientAccount: { accountNumber: facts.float_number },
  })),
  plan({ session }, input) {
    return Promise.resolve({
      accounts: { agentFloat: accountFoundByFlow('float') },
      amountCentimes: input.amountCentimes,
      // The funded agent is the database's (`ledger_post_flow` posts for the agent it found).
      actor: { userId: session.id, agent: null },
      record: { party: input.party, recipientAccount: accountFoundByFlow('float') },
      named: [],
      flowCall: { flow: 'agent_deposit', args: { code: input.code } },
      // No customer: the receipt speaks the teller's language (decision 237).
      present: (movement) =>
        presentPosted(
          movement,
          session.username,
          { code: input.code, name: '' },
          { party: input.party, receiptLanguage: session.language },
        ),
    });
  },
};

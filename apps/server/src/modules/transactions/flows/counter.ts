import type { depositInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import { depositFlow as depositPosting, withdrawalFlow as withdrawalPosting } from '../../../ledger/flows.js';
import { LedgerRefused } from '../../../ledger/results.js';
import type { FlowContext, MoneyFlow, Resolved } from '../execute.js';
import { presentPosted } from '../present.js';
import { customerAccountByNumber } from '../store.js';
import type { Tx } from '../../../db/client.js';

type CounterInput = z.output<typeof depositInputSchema>;

/** A deposit or withdrawal names one customer account; a withdrawal also needs a holder at the counter. */
async function resolveCounter(
  tx: Tx,
  { session, actors }: FlowContext,
  input: CounterInput,
  holderOnly: boolean,
): Promise<Resolved<{ customer: string; agentFloat: string }>> {
  const actor = await actors.of(tx, session);
  const { amountCentimes } = input;
  const account = await customerAccountByNumber(tx, input.accountNumber, input.party);
  if (!account) throw new LedgerRefused('AccountNotFound', { field: 'accountNumber' });
  // A deposit may be brought by anyone; a withdrawal only by a holder (DESIGN §4).
  if (holderOnly && !account.partyIsHolder) throw new LedgerRefused('NotAccountHolder');
  return {
    accounts: { customer: account.id, agentFloat: actor.agent.floatAccountId },
    amountCentimes,
    actor,
    record: { party: input.party, accountId: account.id },
    fieldOfAccount: { [account.id]: 'accountNumber' },
    present: (_tx, movement) =>
      presentPosted(movement, session.username, actor, {
        accountNumber: account.accountNumber,
        party: input.party,
      }),
  };
}

/** `POST /transactions/deposit`: the customer brings cash. */
export const depositFlow: MoneyFlow<CounterInput, { customer: string; agentFloat: string }> = {
  posting: depositPosting,
  resolve: (tx, context, input) => resolveCounter(tx, context, input, false),
};

/** `POST /transactions/withdraw`: the customer takes cash. */
export const withdrawalFlow: MoneyFlow<CounterInput, { customer: string; agentFloat: string }> = {
  posting: withdrawalPosting,
  resolve: (tx, context, input) => resolveCounter(tx, context, input, true),
};

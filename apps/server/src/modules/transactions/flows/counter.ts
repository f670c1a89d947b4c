import type { depositInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import type { RolesOf } from '../../../ledger/flows.js';
import { depositFlow as depositPosting, withdrawalFlow as withdrawalPosting } from '../../../ledger/flows.js';
import { accountById, accountByNumber } from '../../../ledger/account-ref.js';
import type { FlowContext, Planned, PlannedMoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';
import type { Db } from '../../../db/client.js';

type CounterInput = z.output<typeof depositInputSchema>;
type CounterRoles = RolesOf<typeof depositPosting>;

/** A deposit or withdrawal names one customer account; a withdrawal also needs a holder at the counter. */
async function planCounter(
  { session, actors, db }: FlowContext & { db: Db },
  input: CounterInput,
  holderOnly: boolean,
): Promise<Planned<CounterRoles>> {
  const actor = await actors.of(db, session);
  const customer = accountByNumber(input.accountNumber);
  return {
    accounts: { customer, agentFloat: accountById(actor.agent.floatAccountId) },
    amountCentimes: input.amountCentimes,
    actor,
    record: { party: input.party, account: customer },
    named: [{ accountNumber: input.accountNumber, field: 'accountNumber' }],
    // A deposit may be brought by anyone; a withdrawal only by a holder (DESIGN §4).
    ...(holderOnly ? { holderOf: input.accountNumber } : {}),
    document: input.party,
    // Cash at the counter: the teller's drawer must be open (decision 149).
    cashDrawer: true,
    quotedFeeVersion: input.feeVersion,
    present: (movement) =>
      presentPosted(movement, session.username, actor, {
        accountNumber: input.accountNumber,
        party: input.party,
      }),
  };
}

/** `POST /transactions/deposit`: the customer brings cash. */
export const depositFlow: PlannedMoneyFlow<CounterInput, CounterRoles> = {
  posting: depositPosting,
  plan: (context, input) => planCounter(context, input, false),
};

/** `POST /transactions/withdraw`: the customer takes cash. */
export const withdrawalFlow: PlannedMoneyFlow<CounterInput, CounterRoles> = {
  posting: withdrawalPosting,
  plan: (context, input) => planCounter(context, input, true),
};

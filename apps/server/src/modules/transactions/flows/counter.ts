import type { depositInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { accountById, accountByNumber } from '../../../ledger/account-ref.js';
import { payingWithFee } from '../../../ledger/flows.js';
import type { FlowContext, MoneyFlow, Planned } from '../execute.js';
import { presentPosted } from '../present.js';
import { receiptLanguageOf } from '../receipt-language.js';

type CounterInput = z.output<typeof depositInputSchema>;
type CounterRoles = { customer: 'required'; agentFloat: 'required' };

/** A deposit or withdrawal names one customer account; a withdrawal also needs a holder at the counter. */
async function planCounter(
  { session, actors, db }: FlowContext & { db: Db },
  input: CounterInput,
  holderOnly: boolean,
): Promise<Planned<CounterRoles>> {
  // The account's principal holder's language, read beside the teller's agent (decision 237).
  const [actor, receiptLanguage] = await Promise.all([
    actors.of(db, session),
    receiptLanguageOf(db, { accountNumber: input.accountNumber }, session.language),
  ]);
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
    quotedFeeVersion: input.feeVersion,
    present: (movement) =>
      presentPosted(movement, session.username, actor, {
        accountNumber: input.accountNumber,
        party: input.party,
        receiptLanguage,
      }),
  };
}

/** `POST /transactions/deposit`: the customer brings cash; the agent's float pays the customer's account. */
export const depositFlow: MoneyFlow<CounterInput, CounterRoles> = {
  type: 'deposit',
  status: 'completed',
  banded: true,
  cash: 'always',
  entries: (a, system, amounts) => payingWithFee(a.agentFloat, a.customer, a.agentFloat, system, amounts),
  plan: (context, input) => planCounter(context, input, false),
};

/** `POST /transactions/withdraw`: the customer takes cash; the account pays the amount and the fee. */
export const withdrawalFlow: MoneyFlow<CounterInput, CounterRoles> = {
  type: 'withdrawal',
  status: 'completed',
  banded: true,
  cash: 'always',
  entries: (a, system, amounts) => payingWithFee(a.customer, a.agentFloat, a.agentFloat, system, amounts),
  plan: (context, input) => planCounter(context, input, true),
};

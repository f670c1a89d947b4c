import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { genericMessages } from '../../errors.js';
import { htgAmountSchema, MAX_AGENT_DEPOSIT_HTG } from '../../money.js';
import { transactionMessages } from '../messages.js';
import { declareMoneyFlow } from './declaration.js';
import { amountInCentimes, partySchema, requiredText } from './fields.js';

/** `POST /agents/deposit`: the super administrator funds an agent's float. */
export const agentDepositInputSchema = z
  .object({
    code: requiredText(
      () => transactionMessages.agentCodeRequired,
      40,
      (max) => transactionMessages.agentCodeTooLong(max),
    ),
    party: partySchema,
    amount: htgAmountSchema(MAX_AGENT_DEPOSIT_HTG),
  })
  .transform(amountInCentimes);
export type AgentDepositInput = z.input<typeof agentDepositInputSchema>;

/** The super administrator funds an agent's float from the treasury. */
export const agentDepositDeclaration = declareMoneyFlow('agent_deposit', {
  path: '/agents/deposit',
  input: agentDepositInputSchema,
  // SPEC §8 gives none: a French one, like the other screens of the super administrator.
  success: msg`Dépôt sur agent effectué avec succès`,
  // SPEC §8 names no fallback: its generic one.
  failure: () => genericMessages.failure,
});

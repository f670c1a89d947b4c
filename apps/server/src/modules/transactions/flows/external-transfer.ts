import { CURRENCY, type externalTransferInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import { externalTransferFlow as externalTransferPosting } from '../../../ledger/flows.js';
import { LedgerRefused } from '../../../ledger/results.js';
import type { MoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';
import { customerAccountByNumber, personById } from '../store.js';

/**
 * `POST /transactions/transfer-extern`: sent from the sender's account (a holder at the counter), or in
 * cash when no account is named; pending until paid out or cancelled.
 */
export const externalTransferFlow: MoneyFlow<
  z.output<typeof externalTransferInputSchema>,
  { sender: string | null; agentFloat: string }
> = {
  posting: externalTransferPosting,
  async resolve(tx, { session, actors }, input) {
    const actor = await actors.of(tx, session);
    const { amountCentimes } = input;
    const senderPerson = await personById(tx, input.senderId);
    if (!senderPerson) throw new LedgerRefused('PersonNotFound', { field: 'senderId' });
    let senderAccount: { id: string; accountNumber: string } | null = null;
    if (input.accountNumber) {
      const found = await customerAccountByNumber(tx, input.accountNumber, input.party);
      if (!found) throw new LedgerRefused('AccountNotFound', { field: 'accountNumber' });
      if (!found.partyIsHolder) throw new LedgerRefused('NotAccountHolder');
      senderAccount = found;
    } else if (input.currency && input.currency.toUpperCase() !== CURRENCY) {
      throw new LedgerRefused('CurrencyMismatch', { field: 'currency' });
    }
    const recipient = { ...input.recipient };
    return {
      accounts: { sender: senderAccount?.id ?? null, agentFloat: actor.agent.floatAccountId },
      amountCentimes,
      actor,
      record: {
        party: input.party,
        senderAccountId: senderAccount?.id ?? null,
        senderPersonId: senderPerson.id,
        recipient,
      },
      fieldOfAccount: senderAccount ? { [senderAccount.id]: 'accountNumber' } : {},
      present: (_tx, movement) =>
        presentPosted(movement, session.username, actor, {
          senderAccountNumber: senderAccount?.accountNumber ?? null,
          party: input.party,
          sender: senderPerson,
          recipient,
        }),
    };
  },
};

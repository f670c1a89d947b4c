import type { transferInputSchema } from '@lajan/domain';
import type { z } from 'zod';
import { accountById, accountByNumber, sameAccount } from '../../../ledger/account-ref.js';
import { payingWithFee } from '../../../ledger/flows.js';
import { LedgerRefused } from '../../../ledger/results.js';
import type { MoneyFlow } from '../execute.js';
import { presentPosted } from '../present.js';
import { receiptLanguageOf } from '../receipt-language.js';

/**
 * `POST /transactions/transfer`: between two customer accounts, a holder of the sender's at the counter;
 * the sender pays the fee.
 */
export const transferFlow: MoneyFlow<
  z.output<typeof transferInputSchema>,
  { sender: 'required'; recipient: 'required'; agentFloat: 'required' }
> = {
  type: 'transfer',
  status: 'completed',
  banded: true,
  cash: 'never',
  check: (a) => {
    if (sameAccount(a.sender, a.recipient))
      throw new LedgerRefused('SameAccount', { field: 'recipientAccountNumber' });
  },
  entries: (a, system, amounts) => payingWithFee(a.sender, a.recipient, a.agentFloat, system, amounts),
  async plan({ session, actors, db }, input) {
    // The sender account's principal holder's language, read beside the teller's agent (decision 237).
    const [actor, receiptLanguage] = await Promise.all([
      actors.of(db, session),
      receiptLanguageOf(db, { accountNumber: input.senderAccountNumber }, session.language),
    ]);
    const sender = accountByNumber(input.senderAccountNumber);
    const recipient = accountByNumber(input.recipientAccountNumber);
    return {
      accounts: { sender, recipient, agentFloat: accountById(actor.agent.floatAccountId) },
      amountCentimes: input.amountCentimes,
      actor,
      record: { party: input.party, senderAccount: sender, recipientAccount: recipient },
      named: [
        { accountNumber: input.senderAccountNumber, field: 'senderAccountNumber' },
        { accountNumber: input.recipientAccountNumber, field: 'recipientAccountNumber' },
      ],
      holderOf: input.senderAccountNumber,
      document: input.party,
      quotedFeeVersion: input.feeVersion,
      present: (movement) =>
        presentPosted(movement, session.username, actor, {
          senderAccountNumber: input.senderAccountNumber,
          recipientAccountNumber: input.recipientAccountNumber,
          party: input.party,
          receiptLanguage,
        }),
    };
  },
};

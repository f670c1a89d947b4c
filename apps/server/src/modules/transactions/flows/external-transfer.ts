import { CURRENCY, normalizePhone, type externalTransferInputSchema } from '@lajan/domain';
import { z } from 'zod';
import { senderPersonNeedsDrawer } from '../../../ledger/drawer.js';
import { payingWithFee } from '../../../ledger/flows.js';
import { accountById, accountByNumber } from '../../../ledger/account-ref.js';
import { LedgerRefused } from '../../../ledger/results.js';
import type { MoneyFlow } from '../execute.js';
import { answerFrom, personFacts, senderOf } from '../flow-answer.js';
import { presentPosted } from '../present.js';
import { receiptLanguageOf } from '../receipt-language.js';
import { checkSenderAtCounter } from '../sender-check.js';

/**
 * `POST /transactions/transfer-extern`: from the sender's account, or in cash when none is named; pending
 * until paid out or cancelled. One call (decision 143) finds the sender person first, then the account.
 */
export const externalTransferFlow: MoneyFlow<
  z.output<typeof externalTransferInputSchema>,
  { sender: 'optional'; agentFloat: 'required' }
> = {
  type: 'external_transfer',
  status: 'pending',
  banded: true,
  cash: 'planned',
  // The sender's account pays "to pay out", or, sent in cash (no account), the agent's float does.
  entries: (a, system, amounts) =>
    payingWithFee(a.sender ?? a.agentFloat, system.payout, a.agentFloat, system, amounts),
  answer: answerFrom(z.object({ sender: personFacts }), (part, facts) => ({
    ...part,
    sender: senderOf(facts.sender),
  })),
  async plan({ session, actors, db, ip, at }, input) {
    // The sender's language, read beside the teller's agent (decision 237).
    const [actor, receiptLanguage] = await Promise.all([
      actors.of(db, session),
      receiptLanguageOf(
        db,
        { personId: input.senderId, accountNumber: input.accountNumber },
        session.language,
      ),
    ]);
    const senderReadable = await checkSenderAtCounter(
      db,
      { session, ip, at, agentId: actor.agent.id },
      input.senderId,
      input.party,
    );
    const sender = input.accountNumber ? accountByNumber(input.accountNumber) : null;
    // What a sender knows, and only that (decision 209); the phone in E.164, as persons' are (decision 204).
    const recipient = {
      firstName: input.recipient.firstName,
      lastName: input.recipient.lastName,
      phoneNumber: normalizePhone(input.recipient.phoneNumber),
      idDocumentType: input.recipient.idDocumentType,
      idDocumentNumber: input.recipient.idDocumentNumber,
    };
    // Cash at the counter is in HTG: another currency is refused after the sender person, like an account's.
    const foreignCash =
      !input.accountNumber && input.currency && input.currency.toUpperCase() !== CURRENCY
        ? new LedgerRefused('CurrencyMismatch', { field: 'currency' })
        : undefined;
    return {
      accounts: { sender, agentFloat: accountById(actor.agent.floatAccountId) },
      amountCentimes: input.amountCentimes,
      actor,
      record: { party: input.party, senderAccount: sender, senderPersonId: input.senderId, recipient },
      named: input.accountNumber ? [{ accountNumber: input.accountNumber, field: 'accountNumber' }] : [],
      ...(input.accountNumber ? { holderOf: input.accountNumber } : {}),
      document: input.party,
      senderReadable,
      quotedFeeVersion: input.feeVersion,
      ...(foreignCash ? { deferred: foreignCash } : {}),
      flowCall: {
        flow: 'external_transfer',
        args: { senderId: input.senderId },
        drawerNeeded: senderPersonNeedsDrawer(input.senderId),
      },
      // Sent in cash: the teller's drawer takes the amount and the fee (decision 149), after the sender
      // person's refusal and the currency's; a send from an account does not touch the drawer.
      ...(sender === null && !foreignCash ? { cashDrawer: true } : {}),
      present: (movement) => ({
        ...presentPosted(movement, session.username, actor, {
          senderAccountNumber: input.accountNumber || null,
          party: input.party,
          recipient,
          receiptLanguage,
        }),
        senderId: input.senderId,
      }),
    };
  },
};

import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerFailures } from './failures.js';
import { moneyFlowDeclarations } from './flows/index.js';
import { cancelTransferMessages, outsideFeeBandsMessage, transactionMessages } from './messages.js';
import { transactionTypeLabels } from './names.js';
import { pendingOperationMessages } from './pending.js';
import { feeVersionTexts } from './fee-version-texts.js';
import { postedPartiesLine } from './pending-summary.js';
import { depositInputSchema } from './flows/counter.js';

// The transactions' texts in Haitian Creole (decision 236): read when asked, in the language of the moment.
describe('the transactions in Kreyòl', () => {
  // vitest.setup.ts has loaded the Kreyòl catalogues.
  beforeEach(() => i18n.activate('ht'));
  afterEach(() => i18n.activate('fr'));

  it('names the types and the refusals', () => {
    expect(transactionTypeLabels.deposit).toBe('Depo');
    expect(transactionTypeLabels.external_transfer).toBe('Transfè pou touche');
    expect(ledgerFailures.InsufficientFunds.message).toBe('Pa gen ase kòb sou kont lan');
    expect(moneyFlowDeclarations.deposit.success).toBe('Depo a fèt');
    expect(moneyFlowDeclarations.withdrawal.label).toBe('Retrè');
    expect(transactionMessages.insufficientFundsAvailable(250)).toBe(
      'Pa gen ase kòb sou kont lan : balans disponib 250,00\u00a0HTG',
    );
    expect(outsideFeeBandsMessage('withdrawal', 50, 100)).toBe(
      'Montan an pa nan tablo frè yo : yon retrè dwe ant 50,00\u00a0HTG ak 100,00\u00a0HTG',
    );
  });

  it('counts with plurals and keeps the groups of a map', () => {
    expect(cancelTransferMessages.senderMismatchTriesLeft(2)).toContain('rete 2 esè');
    expect(cancelTransferMessages.explanation.of).toBe('pou');
    expect(feeVersionTexts.columns.status).toBe('Estati');
    expect(pendingOperationMessages.sendAllSummary(1, 1)).toBe('Tranzaksyon an anrejistre.');
    expect(
      postedPartiesLine({
        type: 'external_payout',
        accountNumber: null,
        senderAccountNumber: null,
        recipientAccountNumber: null,
        party: null,
        sender: null,
        recipient: { firstName: 'Marie', lastName: 'Joseph' },
        agent: null,
      }),
    ).toBe('peye bay Marie JOSEPH');
  });

  it('says a zod message in the language of the parse, not of the schema', () => {
    const parsed = depositInputSchema.safeParse({ accountNumber: '', party: {}, amount: 10 });
    expect(parsed.success).toBe(false);
    const messagesOf = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    expect(messagesOf).toContain('Ou dwe bay nimewo kont lan');
    i18n.activate('fr');
    const again = depositInputSchema.safeParse({ accountNumber: '', party: {}, amount: 10 });
    expect(again.success ? [] : again.error.issues.map((issue) => issue.message)).toContain(
      'Le numéro de compte est requis',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { pendingOperationSummary, pendingOperationTrace } from './pending-summary.js';
import { formatHtg } from '../money.js';

const payout = {
  transactionNumber: '48213907655',
  amount: 2000,
  recipient: { name: 'Marie Joseph', idDocumentType: 'passport', idDocumentNumber: 'PA123456' },
  party: { name: 'Marie Joseph', phoneNumber: '+50938000000' },
};

describe('what is kept of a held operation past the resend limit (decision 151)', () => {
  it('keeps its type, amount and the transfer’s number, and nothing personal', () => {
    expect(pendingOperationTrace('external_payout', payout)).toBe(
      `Paiement de transfert de ${formatHtg(2_000)} · transfert 48213907655`,
    );
    const deposit = { accountNumber: '40912345678', amount: 1500, party: { name: 'Jean Pierre' } };
    expect(pendingOperationSummary('deposit', deposit)).toContain('Jean Pierre');
    expect(pendingOperationTrace('deposit', deposit)).toBe(`Dépôt de ${formatHtg(1_500)}`);
  });

  it('says the type alone when the body has no amount', () => {
    expect(pendingOperationTrace('transfer', null)).toBe('Transfert');
  });
});

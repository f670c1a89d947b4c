import { describe, expect, it } from 'vitest';
import { pendingOperationSummary, pendingOperationTrace, postedPartiesLine } from './pending-summary.js';
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

describe("a posted transaction's parties, under its type in the history", () => {
  const none = {
    accountNumber: null,
    senderAccountNumber: null,
    recipientAccountNumber: null,
    party: null,
    sender: null,
    recipient: null,
    agent: null,
  };
  const marie = { firstName: 'marie', lastName: 'Joseph' };
  const paul = { firstName: 'Paul', lastName: 'Dupont' };

  it('says whose each type is, with the names as the screens write them', () => {
    expect(
      postedPartiesLine({
        ...none,
        type: 'deposit',
        accountNumber: '40912345678',
        party: { name: 'Jean Pierre' },
      }),
    ).toBe('compte\u00a040912345678 · Jean Pierre');
    expect(
      postedPartiesLine({
        ...none,
        type: 'transfer',
        senderAccountNumber: '40912345678',
        recipientAccountNumber: '40987654321',
      }),
    ).toBe('40912345678\u00a0→ 40987654321');
    expect(postedPartiesLine({ ...none, type: 'external_transfer', sender: marie, recipient: paul })).toBe(
      'Marie JOSEPH\u00a0→ Paul DUPONT',
    );
    expect(
      postedPartiesLine({
        ...none,
        type: 'external_transfer',
        senderAccountNumber: '40912345678',
        recipient: paul,
      }),
    ).toBe('compte\u00a040912345678\u00a0→ Paul DUPONT');
    expect(postedPartiesLine({ ...none, type: 'external_payout', recipient: paul })).toBe(
      'payé à Paul DUPONT',
    );
    expect(postedPartiesLine({ ...none, type: 'external_refund', sender: marie })).toBe(
      'rendu à Marie JOSEPH',
    );
    expect(
      postedPartiesLine({ ...none, type: 'agent_deposit', agent: { code: 'CAP01', name: 'Cap Services' } }),
    ).toBe('CAP01 · Cap Services');
  });

  it("names the accounts' holders where the history gives them, the person at the counter apart (decision 186)", () => {
    const ref = (accountNumber: string, ...holders: { firstName: string; lastName: string }[]) => ({
      accountNumber,
      holders,
    });
    const guerline = { firstName: 'guerline', lastName: 'Desrosiers' };
    // Someone else at the counter: said apart, as typed.
    expect(
      postedPartiesLine({
        ...none,
        type: 'deposit',
        accountNumber: '40912345678',
        account: ref('40912345678', guerline),
        party: { name: 'Wesner Jean-Baptiste' },
      }),
    ).toBe('compte\u00a040912345678 (Guerline DESROSIERS) · par Wesner Jean-Baptiste');
    // The holder herself, whatever her case, accents, spaces or order: said once.
    for (const name of ['Guerline Desrosiers', 'DESROSIERS  guerline', 'Guërline desrosiers'])
      expect(
        postedPartiesLine({
          ...none,
          type: 'withdrawal',
          accountNumber: '40912345678',
          account: ref('40912345678', guerline),
          party: { name },
        }),
        name,
      ).toBe('compte\u00a040912345678 (Guerline DESROSIERS)');
    // A joint account: both holders named, either at the counter said once; a third at the counter is said.
    for (const name of ['Marie Joseph', 'guerline desrosiers'])
      expect(
        postedPartiesLine({
          ...none,
          type: 'withdrawal',
          accountNumber: '40912345678',
          account: ref('40912345678', guerline, marie),
          party: { name },
        }),
        name,
      ).toBe('compte\u00a040912345678 (Guerline DESROSIERS et Marie JOSEPH)');
    expect(
      postedPartiesLine({
        ...none,
        type: 'deposit',
        accountNumber: '40912345678',
        account: ref('40912345678', guerline, marie, paul),
        party: { name: 'Paul Dupont' },
      }),
    ).toBe('compte\u00a040912345678 (Guerline DESROSIERS, Marie JOSEPH et 1\u00a0autre) · par Paul Dupont');
    // More than two: the first two, and how many others.
    expect(
      postedPartiesLine({
        ...none,
        type: 'transfer',
        senderAccountNumber: '40912345678',
        senderAccount: ref('40912345678', guerline, marie, paul, paul),
        recipientAccountNumber: '40987654321',
        recipientAccount: ref('40987654321', paul, marie),
      }),
    ).toBe(
      '40912345678 (Guerline DESROSIERS, Marie JOSEPH et 2\u00a0autres)\u00a0→ 40987654321 (Paul DUPONT et Marie JOSEPH)',
    );
    expect(
      postedPartiesLine({
        ...none,
        type: 'external_transfer',
        senderAccountNumber: '40912345678',
        senderAccount: ref('40912345678', guerline),
        recipient: paul,
      }),
    ).toBe('compte\u00a040912345678 (Guerline DESROSIERS)\u00a0→ Paul DUPONT');
    // A reference that names no holder, or another account's: the number alone.
    expect(
      postedPartiesLine({
        ...none,
        type: 'transfer',
        senderAccountNumber: '40912345678',
        senderAccount: ref('40912345678'),
        recipientAccountNumber: '40987654321',
        recipientAccount: ref('40900000000', paul),
      }),
    ).toBe('40912345678\u00a0→ 40987654321');
  });

  it('leaves out what the server left out, and says nothing when nothing is left', () => {
    expect(postedPartiesLine({ ...none, type: 'withdrawal', party: { name: 'Jean Pierre' } })).toBe(
      'Jean Pierre',
    );
    expect(postedPartiesLine({ ...none, type: 'external_transfer', recipient: paul })).toBe('Paul DUPONT');
    expect(postedPartiesLine({ ...none, type: 'external_payout' })).toBe('');
    expect(postedPartiesLine({ ...none, type: 'agent_deposit' })).toBe('');
  });
});

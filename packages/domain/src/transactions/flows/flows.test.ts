import { describe, expect, it } from 'vitest';
import { moneyFlowDeclarations } from './index.js';

const party = { name: 'Jean Pierre', idDocumentType: 'id_card', idDocumentNumber: '003-456-789' };

describe('the money flows declared once', () => {
  it('read the HTG amount once and give centimes, with no amount left', () => {
    const deposit = moneyFlowDeclarations.deposit.input.parse({
      accountNumber: '40912345678',
      party,
      amount: 19.99,
    });
    expect(deposit).toEqual({ accountNumber: '40912345678', party, amountCentimes: 1999 });
    expect(deposit).not.toHaveProperty('amount');
    const agentDeposit = moneyFlowDeclarations.agent_deposit.input.parse({
      code: 'PAP01',
      party,
      amount: 1_000_000,
    });
    expect(agentDeposit.amountCentimes).toBe(100_000_000);
  });

  it("keep a payout's amount optional: absent or null stays so", () => {
    const payout = {
      transactionNumber: '534 568 382 921',
      recipient: {
        firstName: 'Paul',
        lastName: 'Délice',
        idDocumentType: 'id_card',
        idDocumentNumber: 'NIF-1',
      },
      party,
    };
    expect(moneyFlowDeclarations.external_payout.input.parse(payout).amountCentimes).toBeUndefined();
    expect(
      moneyFlowDeclarations.external_payout.input.parse({ ...payout, amount: null }).amountCentimes,
    ).toBeNull();
    expect(
      moneyFlowDeclarations.external_payout.input.parse({ ...payout, amount: 250.5 }).amountCentimes,
    ).toBe(25_050);
  });

  it('say which flows the fee schedule prices, with their labels', () => {
    const banded = Object.entries(moneyFlowDeclarations)
      .filter(([, flow]) => flow.banded)
      .map(([name]) => name);
    expect(banded).toEqual(['deposit', 'withdrawal', 'transfer', 'external_transfer']);
    expect(moneyFlowDeclarations.external_payout.label).toBe('Paiement de transfert');
    expect(moneyFlowDeclarations.external_refund.success).toBe('Transfert annulé : le montant a été rendu');
  });
});

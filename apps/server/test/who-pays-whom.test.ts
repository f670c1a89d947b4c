import { moneyFlowDeclarations } from '@lajan/domain';
import { describe, expect, it } from 'vitest';
import type { Amounts, Entry } from '../src/ledger/flows.js';
import { agentDepositFlow } from '../src/modules/transactions/flows/agent-deposit.js';
import { cancelFlow as refundFlow } from '../src/modules/transactions/flows/cancel.js';
import { depositFlow, withdrawalFlow } from '../src/modules/transactions/flows/counter.js';
import { externalTransferFlow } from '../src/modules/transactions/flows/external-transfer.js';
import { payoutFlow } from '../src/modules/transactions/flows/payout.js';
import { transferFlow } from '../src/modules/transactions/flows/transfer.js';
import { reversalAtCounter, reversalPosting } from '../src/modules/corrections/flow.js';
import { accountById } from '../src/ledger/account-ref.js';
import { negated } from '../src/ledger/reversal.js';
import { LedgerRefused } from '../src/ledger/results.js';

/*
 * DESIGN §4's table of who pays whom, row by row, on the flows' declarations (no database): each row's
 * debits and credits with concrete amounts, then the rules below the table.
 */

const system = { feeIncome: 'fee-income', payout: 'to-pay-out', treasury: 'treasury' };
const customer = 'customer';
const sender = 'sender';
const recipient = 'recipient';
const agentFloat = 'agent-float';
const payingAgentFloat = 'paying-agent-float';

/** 1 000 HTG with a fee of 40 HTG, of which the agent's share is 16 HTG. */
const banded: Amounts = { amountCentimes: 100_000, feeCentimes: 4_000, agentShareCentimes: 1_600 };
const unbanded: Amounts = { amountCentimes: 250_000, feeCentimes: 0, agentShareCentimes: 0 };

/** Each account's net amount: debits negative, credits positive. */
function byAccount(entries: Entry<string>[]): Record<string, number> {
  const net: Record<string, number> = {};
  for (const { account, amountCentimes } of entries) net[account] = (net[account] ?? 0) + amountCentimes;
  return net;
}

/** Every entry of a flow balances and none is zero (DESIGN §4). */
function expectWellFormed(entries: Entry<string>[]) {
  expect(entries.reduce((sum, entry) => sum + entry.amountCentimes, 0)).toBe(0);
  for (const entry of entries) expect(entry.amountCentimes).not.toBe(0);
}

describe('who pays whom (DESIGN §4, row by row)', () => {
  it('deposit (customer brings cash): debit agent float amount; credit customer account amount', () => {
    const amounts: Amounts = { amountCentimes: 100_000, feeCentimes: 0, agentShareCentimes: 0 };
    const entries = depositFlow.entries({ agentFloat, customer }, system, amounts);
    expect(entries).toEqual([
      { account: agentFloat, amountCentimes: -100_000 },
      { account: customer, amountCentimes: 100_000 },
    ]);
    expectWellFormed(entries);
    expect(depositFlow).toMatchObject({ type: 'deposit', status: 'completed', banded: true });
  });

  it('withdrawal: debit customer amount + fee; credit agent float amount + agent share, fee income fee − agent share', () => {
    const entries = withdrawalFlow.entries({ customer, agentFloat }, system, banded);
    expect(byAccount(entries)).toEqual({
      [customer]: -(100_000 + 4_000),
      [agentFloat]: 100_000 + 1_600,
      [system.feeIncome]: 4_000 - 1_600,
    });
    expectWellFormed(entries);
    expect(withdrawalFlow).toMatchObject({ type: 'withdrawal', status: 'completed', banded: true });
  });

  it('internal transfer: debit sender amount + fee; credit recipient amount, agent float agent share, fee income the rest', () => {
    const entries = transferFlow.entries({ sender, recipient, agentFloat }, system, banded);
    expect(byAccount(entries)).toEqual({
      [sender]: -104_000,
      [recipient]: 100_000,
      [agentFloat]: 1_600,
      [system.feeIncome]: 2_400,
    });
    expectWellFormed(entries);
    expect(transferFlow).toMatchObject({ type: 'transfer', status: 'completed', banded: true });
  });

  it('external transfer, cash: debit agent float amount + fee; credit to pay out amount, agent float agent share, fee income the rest', () => {
    const entries = externalTransferFlow.entries({ sender: null, agentFloat }, system, banded);
    // The row's two legs on the agent's float, each as the table has it…
    expect(entries.filter((entry) => entry.account === agentFloat)).toEqual([
      { account: agentFloat, amountCentimes: -104_000 },
      { account: agentFloat, amountCentimes: 1_600 },
    ]);
    // …and what each account gets in all.
    expect(byAccount(entries)).toEqual({
      [agentFloat]: -104_000 + 1_600,
      [system.payout]: 100_000,
      [system.feeIncome]: 2_400,
    });
    expectWellFormed(entries);
    expect(externalTransferFlow).toMatchObject({
      type: 'external_transfer',
      status: 'pending',
      banded: true,
    });
  });

  it('external transfer, from account: debit sender account amount + fee; credit to pay out amount, agent float agent share, fee income the rest', () => {
    const entries = externalTransferFlow.entries({ sender, agentFloat }, system, banded);
    expect(byAccount(entries)).toEqual({
      [sender]: -104_000,
      [system.payout]: 100_000,
      [agentFloat]: 1_600,
      [system.feeIncome]: 2_400,
    });
    expectWellFormed(entries);
  });

  it('receive external transfer: debit to pay out amount; credit paying agent float amount', () => {
    const entries = payoutFlow.entries({ payingAgentFloat }, system, unbanded);
    expect(entries).toEqual([
      { account: system.payout, amountCentimes: -250_000 },
      { account: payingAgentFloat, amountCentimes: 250_000 },
    ]);
    expectWellFormed(entries);
    expect(payoutFlow).toMatchObject({ type: 'external_payout', status: 'completed', banded: false });
  });

  it('agent deposit (super admin funds an agent): debit treasury amount; credit agent float amount', () => {
    const entries = agentDepositFlow.entries({ agentFloat }, system, unbanded);
    expect(entries).toEqual([
      { account: system.treasury, amountCentimes: -250_000 },
      { account: agentFloat, amountCentimes: 250_000 },
    ]);
    expectWellFormed(entries);
    expect(agentDepositFlow).toMatchObject({ type: 'agent_deposit', status: 'completed', banded: false });
  });

  /**
   * What the executor posts for a reversal (`Planned.posting`, decision 226): the original's entries as
   * written, by account, negated; one role per entry.
   */
  function reversalOf(original: Entry<string>[]): Entry<string>[] {
    const { posting, accounts } = reversalPosting(
      negated(original.map((entry) => ({ ...entry, account: accountById(entry.account) }))),
    );
    expect(posting).toMatchObject({ type: 'reversal', status: 'completed', banded: false });
    const ids = Object.fromEntries(
      Object.entries(accounts).map(([role, ref]) => [role, ref.by === 'id' ? ref.id : role]),
    );
    return posting.entries(ids, system, unbanded);
  }

  it.each([
    {
      row: 'deposit: debit customer amount; credit agent float amount',
      original: depositFlow.entries({ agentFloat, customer }, system, unbanded),
      back: { [customer]: -250_000, [agentFloat]: 250_000 },
    },
    {
      row: 'withdrawal: debit agent float amount + agent share, fee income fee − agent share; credit customer amount + fee',
      original: withdrawalFlow.entries({ customer, agentFloat }, system, banded),
      back: { [customer]: 104_000, [agentFloat]: -101_600, [system.feeIncome]: -2_400 },
    },
    {
      row: 'internal transfer: debit recipient amount, agent float agent share, fee income the rest; credit sender amount + fee',
      original: transferFlow.entries({ sender, recipient, agentFloat }, system, banded),
      back: { [sender]: 104_000, [recipient]: -100_000, [agentFloat]: -1_600, [system.feeIncome]: -2_400 },
    },
    {
      row: 'agent deposit: debit agent float amount; credit treasury amount',
      original: agentDepositFlow.entries({ agentFloat }, system, unbanded),
      back: { [system.treasury]: 250_000, [agentFloat]: -250_000 },
    },
  ])('reversal of a $row', ({ original, back }) => {
    const entries = reversalOf(original);
    expect(byAccount(entries)).toEqual(back);
    // Entry by entry, the original's negated: each account gets back what it gave, and gives back what it got.
    expect(entries).toEqual(
      original.map((entry) => ({ account: entry.account, amountCentimes: -entry.amountCentimes })),
    );
    expectWellFormed(entries);
  });
});

describe('the rules below the table', () => {
  it('a cancelled external transfer is paid back from to pay out, to the sender account or the sending agent float; the fee is kept', () => {
    // The transfer sent: 1 000 HTG to pay out, the fee already in fee income and the agent's float.
    expect(refundFlow).toMatchObject({ type: 'external_refund', status: 'completed', banded: false });
    const toAccount = refundFlow.entries({ destination: sender }, system, {
      amountCentimes: 100_000,
      feeCentimes: 0,
      agentShareCentimes: 0,
    });
    expect(toAccount).toEqual([
      { account: system.payout, amountCentimes: -100_000 },
      { account: sender, amountCentimes: 100_000 },
    ]);
    const toFloat = refundFlow.entries({ destination: agentFloat }, system, {
      amountCentimes: 100_000,
      feeCentimes: 0,
      agentShareCentimes: 0,
    });
    expect(byAccount(toFloat)).toEqual({ [system.payout]: -100_000, [agentFloat]: 100_000 });
    // Nothing comes back out of fee income: the fee is kept.
    expect(toAccount.concat(toFloat).some((entry) => entry.account === system.feeIncome)).toBe(false);
  });

  it('entries of zero are not written: a deposit without fee has no fee entries', () => {
    const entries = depositFlow.entries({ agentFloat, customer }, system, {
      amountCentimes: 50_000,
      feeCentimes: 0,
      agentShareCentimes: 0,
    });
    expect(entries.map((entry) => entry.account)).toEqual([agentFloat, customer]);
    // A fee all of which is the agent's share: fee income gets nothing, so no entry.
    const allShare = withdrawalFlow.entries({ customer, agentFloat }, system, {
      amountCentimes: 50_000,
      feeCentimes: 1_000,
      agentShareCentimes: 1_000,
    });
    expect(allShare.some((entry) => entry.account === system.feeIncome)).toBe(false);
    expectWellFormed(allShare);
  });

  it('fee income receives fee − agent share, and every flow sums to zero whatever the amounts', () => {
    const cases: Amounts[] = [
      { amountCentimes: 2_000, feeCentimes: 600, agentShareCentimes: 240 },
      { amountCentimes: 9_999_999, feeCentimes: 160_000, agentShareCentimes: 64_000 },
      { amountCentimes: 1, feeCentimes: 0, agentShareCentimes: 0 },
      { amountCentimes: 12_345, feeCentimes: 999, agentShareCentimes: 0 },
    ];
    for (const amounts of cases) {
      const flows = [
        depositFlow.entries({ agentFloat, customer }, system, amounts),
        withdrawalFlow.entries({ customer, agentFloat }, system, amounts),
        transferFlow.entries({ sender, recipient, agentFloat }, system, amounts),
        externalTransferFlow.entries({ sender: null, agentFloat }, system, amounts),
        externalTransferFlow.entries({ sender, agentFloat }, system, amounts),
      ];
      for (const entries of flows) {
        expectWellFormed(entries);
        expect(byAccount(entries)[system.feeIncome] ?? 0).toBe(
          amounts.feeCentimes - amounts.agentShareCentimes,
        );
      }
    }
  });

  it('a transfer to the same account and an agent deposit above 1 000 000 HTG are refused before any fee', () => {
    expect(() => transferFlow.check?.({ sender, recipient: sender, agentFloat }, 100_000)).toThrow(
      expect.objectContaining({ refusal: 'SameAccount', details: { field: 'recipientAccountNumber' } }),
    );
    expect(() => transferFlow.check?.({ sender, recipient, agentFloat }, 100_000)).not.toThrow();
    expect(() => agentDepositFlow.check?.({ agentFloat }, 100_000_001)).toThrow(LedgerRefused);
    expect(() => agentDepositFlow.check?.({ agentFloat }, 100_000_000)).not.toThrow();
  });
});

describe("the ledger's flows and the domain's declarations", () => {
  it('record the same transaction type and agree on which are priced by the fee schedule', () => {
    const pairs = [
      [depositFlow, moneyFlowDeclarations.deposit],
      [withdrawalFlow, moneyFlowDeclarations.withdrawal],
      [transferFlow, moneyFlowDeclarations.transfer],
      [externalTransferFlow, moneyFlowDeclarations.external_transfer],
      [payoutFlow, moneyFlowDeclarations.external_payout],
      [refundFlow, moneyFlowDeclarations.external_refund],
      [agentDepositFlow, moneyFlowDeclarations.agent_deposit],
      [reversalAtCounter(() => Promise.resolve(null)), moneyFlowDeclarations.reversal],
    ] as const;
    expect(pairs).toHaveLength(Object.keys(moneyFlowDeclarations).length);
    for (const [flow, declaration] of pairs) {
      expect(moneyFlowDeclarations[flow.type]).toBe(declaration);
      expect(flow.banded).toBe(declaration.banded);
    }
  });
});

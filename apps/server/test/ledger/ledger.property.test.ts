import { centimesFromSql, type LedgerFailureName } from '@lajan/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { accounts, agents, correctionRequests, entries, transactions, users } from '../../src/db/schema.js';
import { LedgerRefused } from '../../src/ledger/results.js';
import { openAccount, openFloatAccount } from '../../src/ledger/accounts.js';
import { defaultFeeBands } from '../../src/ledger/fee-schedule.js';
import type { Actor, LedgerService } from '../../src/ledger/service.js';
import { ExpiryJob } from '../../src/modules/expiry/index.js';
import { build } from '../helpers/build.js';
import { ledgerFlows } from '../helpers/ledger-flows.js';
import { createUser } from '../helpers/fixtures.js';
import { createPerson } from '../helpers/ledger.js';

/*
 * A model-based property test of the ledger (DESIGN §4), driven through the production posting path
 * (`LedgerService.postMovement`, decision 216), not HTTP, so that it is fast: random sequences of every movement, refusals included (outside the bands, same
 * account, inactive account, insufficient balance, transfer no longer pending), each predicted by a
 * small model; reversals of what posted (decision 226), money never created. After every step: the outcome is the model's, every balance is the model's, each
 * transaction's entries sum to zero, each balance equals the sum of its entries, no balance but the
 * treasury's is negative, all balances sum to zero, and the history's counters and per-day sums equal
 * what they count (decision 144).
 */

const FEES = defaultFeeBands();
const MAX_AGENT_DEPOSIT_CENTIMES = 100_000_000;

type Op =
  | { kind: 'deposit' | 'withdraw'; agent: number; account: number; amount: number }
  | { kind: 'transfer'; agent: number; from: number; to: number; amount: number }
  | { kind: 'externalCash'; agent: number; amount: number }
  | { kind: 'externalAccount'; agent: number; account: number; amount: number }
  | { kind: 'payout' | 'cancel'; agent: number; pending: number }
  | { kind: 'agentDeposit'; agent: number; amount: number }
  | { kind: 'toggle'; account: number }
  // Transfers that expire (decision 225): the job, and the cash refund of an expired transfer.
  | { kind: 'expire' }
  | { kind: 'refundExpired'; agent: number; pending: number }
  | { kind: 'reverse'; agent: number; posted: number };

const agentIndex = fc.integer({ min: 0, max: 1 });
const accountIndex = fc.integer({ min: 0, max: 2 });
// Centimes: small ones (below the 20 HTG of the first band), everyday ones, and large ones (above
// balances, above the 100 000 HTG of the last band, above the agent-deposit cap).
const amount = fc.oneof(
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_500 }) },
  { weight: 6, arbitrary: fc.integer({ min: 2_000, max: 3_000_000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 3_000_000, max: 11_000_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 90_000_000, max: 110_000_000 }) },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('deposit' as const, 'withdraw' as const),
    agent: agentIndex,
    account: accountIndex,
    amount,
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    agent: agentIndex,
    from: accountIndex,
    to: accountIndex,
    amount,
  }),
  fc.record({ kind: fc.constant('externalCash' as const), agent: agentIndex, amount }),
  fc.record({
    kind: fc.constant('externalAccount' as const),
    agent: agentIndex,
    account: accountIndex,
    amount,
  }),
  fc.record({
    kind: fc.constantFrom('payout' as const, 'cancel' as const),
    agent: agentIndex,
    pending: fc.nat(5),
  }),
  fc.record({ kind: fc.constant('agentDeposit' as const), agent: agentIndex, amount }),
  fc.record({ kind: fc.constant('toggle' as const), account: accountIndex }),
  fc.record({ kind: fc.constant('expire' as const) }),
  fc.record({ kind: fc.constant('refundExpired' as const), agent: agentIndex, pending: fc.nat(5) }),
  fc.record({ kind: fc.constant('reverse' as const), agent: agentIndex, posted: fc.nat(7) }),
);

interface Scene {
  actors: Actor[];
  accountIds: string[];
  active: boolean[];
  /** External transfers sent in this run, with their sending agent. */
  transfers: {
    id: string;
    number: string;
    agent: number;
    senderAccountId: string | null;
    amount: number;
    status: string;
    /** An expired one paid back (to its account by the job, or in cash). */
    refunded: boolean;
  }[];
  /** The reversible movements posted in this run (decision 226): what each did, whether reversed. */
  reversible: {
    id: string;
    number: string;
    deltas: Map<string, number>;
    reversed: boolean;
    asked: boolean;
  }[];
}

/**
 * The model's own who-pays-whom (DESIGN §4), apart from the code it checks: the payer pays the amount
 * and the fee, the payee gets the amount, the agent's float the agent share, fee income the rest.
 */
function modelEntries(
  parties: { payer: string; payee: string; agentFloat: string; feeIncome: string },
  {
    amountCentimes,
    feeCentimes,
    agentShareCentimes,
  }: {
    amountCentimes: number;
    feeCentimes: number;
    agentShareCentimes: number;
  },
) {
  return [
    { accountId: parties.payer, amountCentimes: -(amountCentimes + feeCentimes) },
    { accountId: parties.payee, amountCentimes },
    { accountId: parties.agentFloat, amountCentimes: agentShareCentimes },
    { accountId: parties.feeIncome, amountCentimes: feeCentimes - agentShareCentimes },
  ];
}

/** The model: balances by account id, and what each movement should do to them. */
class Model {
  constructor(
    readonly balances: Map<string, number>,
    readonly active: Map<string, boolean>,
    readonly system: { feeIncome: string; payout: string; treasury: string },
  ) {}

  fee(type: 'deposit' | 'withdrawal' | 'transfer' | 'external_transfer', amountCentimes: number) {
    return FEES.find(
      (band) =>
        band.type === type &&
        band.minAmountCentimes <= amountCentimes &&
        amountCentimes <= band.maxAmountCentimes,
    );
  }

  /** The outcome the ledger must give: a failure name, or the net deltas it posts. */
  predict(
    parties: { payer: string; payee: string; agentFloat: string },
    amounts: { amountCentimes: number; feeCentimes: number; agentShareCentimes: number },
  ): LedgerFailureName | Map<string, number> {
    const deltas = new Map<string, number>();
    for (const entry of modelEntries({ ...parties, feeIncome: this.system.feeIncome }, amounts))
      deltas.set(entry.accountId, (deltas.get(entry.accountId) ?? 0) + entry.amountCentimes);
    for (const [id, delta] of deltas) if (delta === 0) deltas.delete(id);
    for (const id of deltas.keys()) if (this.active.get(id) === false) return 'AccountNotActive';
    for (const [id, delta] of deltas)
      if (id !== this.system.treasury && (this.balances.get(id) ?? 0) + delta < 0) return 'InsufficientFunds';
    return deltas;
  }

  apply(deltas: Map<string, number>) {
    for (const [id, delta] of deltas) this.balances.set(id, (this.balances.get(id) ?? 0) + delta);
  }
}

async function invariants(db: Db) {
  const result = await db.execute(sql`
    select
      (select count(*) from (select transaction_id from ${entries} group by transaction_id
         having sum(amount_centimes) <> 0 or count(*) < 2) unbalanced)::int as unbalanced,
      (select count(*) from ${transactions} t where not exists (select 1 from ${entries} e where e.transaction_id = t.id))::int as empty,
      (select count(*) from ${accounts} a where a.balance_centimes <>
         coalesce((select sum(e.amount_centimes) from ${entries} e where e.account_id = a.id), 0))::int as drift,
      (select count(*) from ${accounts} where balance_centimes < 0 and system_code is distinct from 'treasury')::int as negative,
      (select coalesce(sum(balance_centimes), 0) from ${accounts})::text as total,
      (select count(*) from
         (select coalesce(agent_id, '00000000-0000-0000-0000-000000000000'::uuid) as agent_key, type, count(*) as n
            from ${transactions} group by 1, 2) counted
         full join (select agent_key, type, sum(n) as n from history_counts group by 1, 2) kept
           using (agent_key, type)
         where counted.n is distinct from kept.n)::int as miscounted,
      (select count(*) from
         (select e.account_id, (e.created_at at time zone 'America/Port-au-Prince')::date as day,
                 sum(e.amount_centimes) as total from ${entries} e join ${accounts} a on a.id = e.account_id
           where a.kind in ('float', 'system') group by 1, 2) summed
         full join (select account_id, day, sum(amount_centimes) as total from account_day_totals group by 1, 2) kept
           using (account_id, day)
         where coalesce(summed.total, 0) <> coalesce(kept.total, 0))::int as misdated`);
  const row = (result as { rows: Record<string, unknown>[] }).rows[0]!;
  return {
    unbalanced: Number(row.unbalanced),
    empty: Number(row.empty),
    drift: Number(row.drift),
    negative: Number(row.negative),
    total: centimesFromSql(row.total as string),
    // Decision 144: the history's counters equal a count of the transactions per (agent, type), and the
    // per-day sums equal the entries' sums per account and day of Haiti, after every step; decision 167:
    // for the float and system accounts, the only ones the balance chart reads (a customer account's row
    // would show as a difference).
    miscounted: Number(row.miscounted),
    misdated: Number(row.misdated),
  };
}

async function balances(db: Db, ids: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: accounts.id, balance: accounts.balanceCentimes })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return new Map(rows.map((row) => [row.id, centimesFromSql(row.balance)]));
}

let runCounter = 0;

async function newScene(db: Db, userId: string): Promise<Scene> {
  runCounter += 1;
  const actors: Actor[] = [];
  for (const suffix of ['A', 'B']) {
    const [agent] = await db
      .insert(agents)
      .values({ code: `P${runCounter}${suffix}`, name: `Agent ${runCounter}${suffix}`, type: 'Business' })
      .returning({ id: agents.id });
    const float = await openFloatAccount(db, { agentId: agent!.id, now: new Date() });
    actors.push({ userId, agent: { id: agent!.id, floatAccountId: float.id } });
  }
  const accountIds: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const account = await openAccount(db, {
      kind: 'customer',
      type: 'current',
      currency: 'HTG',
      status: 'active',
      agentId: actors[0]!.agent.id,
    });
    accountIds.push(account.id);
  }
  return { actors, accountIds, active: [true, true, true], transfers: [], reversible: [] };
}

describe('the ledger under random sequences of movements', () => {
  it('keeps every invariant after every step, refusals included (fast-check, 200 sequences)', async () => {
    const { app, database } = await build();
    const db = database.db;
    const ledger: LedgerService = app.services.ledger;
    const flows = ledgerFlows(ledger);
    const [superAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'sudo'));
    const system = {
      feeIncome: ledger.system.fee_income.id,
      payout: ledger.system.payout.id,
      treasury: ledger.system.treasury.id,
    };
    const party = { name: 'Client Test', idDocumentType: 'id_card', idDocumentNumber: 'CIN-1' };
    const sender = await createPerson(db, { firstName: 'Marie', lastName: 'Joseph' });
    // Who asks the corrections: never their poster (decision 226).
    const asker = await createUser(db, { username: 'demandeur', password: 'Demande-2026!', role: 'sudo' });
    const outcomes = new Map<string, number>();
    let steps = 0;
    // The job as the server runs it, 31 days after the transfers are sent (decision 225).
    const expiry = new ExpiryJob({
      db,
      ledger,
      clock: { now: () => new Date(Date.now() + 31 * 24 * 60 * 60 * 1000) },
      kickMail: () => Promise.resolve(),
      days: 30,
    });

    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 3_000_000 })),
        fc.array(op, { minLength: 1, maxLength: 14 }),
        async ([floatFunding, accountFunding], ops) => {
          const scene = await newScene(db, superAdmin!.id);
          const watched = [
            ...scene.actors.map((actor) => actor.agent.floatAccountId),
            ...scene.accountIds,
            system.feeIncome,
            system.payout,
            system.treasury,
          ];
          const model = new Model(
            await balances(db, watched),
            new Map(scene.accountIds.map((id) => [id, true])),
            system,
          );
          const at = new Date();
          const fund: Op[] = [];
          if (floatFunding > 0) fund.push({ kind: 'agentDeposit', agent: 0, amount: floatFunding });
          if (accountFunding >= 2_000)
            fund.push({ kind: 'deposit', agent: 0, account: 0, amount: accountFunding });

          // Each sequence ends with the expiry job: no transfer of this scene is left pending for the next.
          for (const step of [...fund, ...ops, { kind: 'expire' } as const]) {
            const expected = await runStep(step);
            outcomes.set(expected, (outcomes.get(expected) ?? 0) + 1);
            steps += 1;
            const now = await balances(db, watched);
            for (const id of watched)
              expect(now.get(id), `balance of ${id} after ${step.kind}`).toBe(model.balances.get(id));
            expect(await invariants(db)).toEqual({
              unbalanced: 0,
              empty: 0,
              drift: 0,
              negative: 0,
              total: 0,
              miscounted: 0,
              misdated: 0,
            });
          }

          /** Runs one step against the ledger and the model; answers the outcome's name. */
          async function runStep(step: Op): Promise<string> {
            if (step.kind === 'toggle') {
              const id = scene.accountIds[step.account]!;
              const active = !model.active.get(id);
              model.active.set(id, active);
              await db
                .update(accounts)
                .set({ status: active ? 'active' : 'inactive' })
                .where(eq(accounts.id, id));
              return 'toggle';
            }
            if (step.kind === 'expire') {
              // Every pending transfer of the scene is due (those of earlier scenes expired at their end): one
              // from an active account is refunded there, any other waits « à rembourser », no money moving.
              const deltas = new Map<string, number>();
              const expected = { refunded: 0, toRefundInCash: 0 };
              for (const transfer of scene.transfers.filter((sent) => sent.status === 'pending')) {
                transfer.status = 'expired';
                if (transfer.senderAccountId === null || !model.active.get(transfer.senderAccountId)) {
                  expected.toRefundInCash += 1;
                  continue;
                }
                transfer.refunded = true;
                expected.refunded += 1;
                deltas.set(system.payout, (deltas.get(system.payout) ?? 0) - transfer.amount);
                deltas.set(
                  transfer.senderAccountId,
                  (deltas.get(transfer.senderAccountId) ?? 0) + transfer.amount,
                );
              }
              expect(await expiry.run()).toEqual(expected);
              model.apply(deltas);
              return `expire: ${expected.refunded} refunded, ${expected.toRefundInCash} in cash`;
            }
            const actor = scene.actors[step.agent]!;
            const float = actor.agent.floatAccountId;
            let prediction: LedgerFailureName | Map<string, number>;
            let run: () => Promise<unknown>;
            let onSuccess: (result: unknown) => void = () => undefined;

            const banded = (
              type: 'deposit' | 'withdrawal' | 'transfer' | 'external_transfer',
              amountCentimes: number,
              payer: string,
              payee: string,
            ): LedgerFailureName | Map<string, number> => {
              const band = model.fee(type, amountCentimes);
              if (!band) return 'OutsideFeeBands';
              return model.predict(
                { payer, payee, agentFloat: float },
                {
                  amountCentimes,
                  feeCentimes: band.feeCentimes,
                  agentShareCentimes: band.agentShareCentimes,
                },
              );
            };

            switch (step.kind) {
              case 'deposit':
              case 'withdraw': {
                const accountId = scene.accountIds[step.account]!;
                const input = { actor, party, amountCentimes: step.amount, at, accountId };
                prediction =
                  step.kind === 'deposit'
                    ? banded('deposit', step.amount, float, accountId)
                    : banded('withdrawal', step.amount, accountId, float);
                run = () => (step.kind === 'deposit' ? flows.deposit(db, input) : flows.withdraw(db, input));
                break;
              }
              case 'transfer': {
                const from = scene.accountIds[step.from]!;
                const to = scene.accountIds[step.to]!;
                prediction = from === to ? 'SameAccount' : banded('transfer', step.amount, from, to);
                run = () =>
                  flows.transfer(db, {
                    actor,
                    party,
                    amountCentimes: step.amount,
                    at,
                    senderAccountId: from,
                    recipientAccountId: to,
                  });
                break;
              }
              case 'externalCash':
              case 'externalAccount': {
                const senderAccountId =
                  step.kind === 'externalAccount' ? scene.accountIds[step.account]! : null;
                prediction = banded(
                  'external_transfer',
                  step.amount,
                  senderAccountId ?? float,
                  system.payout,
                );
                run = () =>
                  flows.externalTransfer(db, {
                    actor,
                    party,
                    amountCentimes: step.amount,
                    at,
                    senderAccountId,
                    senderPersonId: sender.id,
                    recipient: { firstName: 'Paul', lastName: 'Délice' },
                  });
                onSuccess = (result) =>
                  scene.transfers.push({
                    id: (result as { posted: { id: string } }).posted.id,
                    number: (result as { posted: { transactionNumber: string } }).posted.transactionNumber,
                    agent: step.agent,
                    senderAccountId,
                    amount: step.amount,
                    status: 'pending',
                    refunded: false,
                  });
                break;
              }
              case 'payout':
              case 'cancel': {
                const transfer = scene.transfers[step.pending % Math.max(scene.transfers.length, 1)];
                if (!transfer) return 'no transfer yet';
                const sending = scene.actors[transfer.agent]!;
                const destination = transfer.senderAccountId ?? sending.agent.floatAccountId;
                if (transfer.status === 'expired') prediction = 'TransferExpired';
                else if (transfer.status !== 'pending') prediction = 'TransferNotPending';
                else
                  prediction =
                    step.kind === 'payout'
                      ? model.predict(
                          { payer: system.payout, payee: float, agentFloat: float },
                          { amountCentimes: transfer.amount, feeCentimes: 0, agentShareCentimes: 0 },
                        )
                      : model.predict(
                          { payer: system.payout, payee: destination, agentFloat: float },
                          { amountCentimes: transfer.amount, feeCentimes: 0, agentShareCentimes: 0 },
                        );
                const sent = {
                  id: transfer.id,
                  transactionNumber: transfer.number,
                  senderPersonId: sender.id,
                };
                run = () =>
                  step.kind === 'payout'
                    ? flows.payout(db, {
                        actor,
                        transfer: sent,
                        amountCentimes: transfer.amount,
                        recipient: {},
                        party,
                        at,
                      })
                    : flows.cancel(db, { actor: sending, transfer: sent, party, at });
                onSuccess = () => {
                  transfer.status = step.kind === 'payout' ? 'completed' : 'cancelled';
                };
                break;
              }
              case 'refundExpired': {
                const transfer = scene.transfers[step.pending % Math.max(scene.transfers.length, 1)];
                if (!transfer) return 'no transfer yet';
                if (transfer.agent !== step.agent) prediction = 'NotSendingAgent';
                else if (transfer.status !== 'expired' || transfer.refunded)
                  prediction = 'TransferNotToRefund';
                else
                  prediction = model.predict(
                    { payer: system.payout, payee: float, agentFloat: float },
                    { amountCentimes: transfer.amount, feeCentimes: 0, agentShareCentimes: 0 },
                  );
                run = () =>
                  flows.refundExpired(db, {
                    actor,
                    transfer: {
                      id: transfer.id,
                      transactionNumber: transfer.number,
                      amountCentimes: transfer.amount,
                    },
                    party,
                    at,
                  });
                onSuccess = () => {
                  transfer.refunded = true;
                };
                break;
              }
              case 'reverse': {
                const original = scene.reversible[step.posted % Math.max(scene.reversible.length, 1)];
                if (!original) return 'nothing to reverse yet';
                // The ledger's order: the accounts' checks and the funds, then the request (its trigger).
                const undo = new Map([...original.deltas].map(([id, delta]) => [id, -delta]));
                prediction = undo;
                if ([...undo.keys()].some((id) => model.active.get(id) === false))
                  prediction = 'AccountNotActive';
                else if (
                  [...undo].some(
                    ([id, delta]) => id !== system.treasury && (model.balances.get(id) ?? 0) + delta < 0,
                  )
                )
                  prediction = 'InsufficientFunds';
                else if (original.reversed) prediction = 'CorrectionNotApproved';
                if (!original.asked) {
                  await db.insert(correctionRequests).values({
                    transactionId: original.id,
                    agentId: actor.agent.id,
                    reason: 'Essai',
                    status: 'requested',
                    requestedByUserId: asker.id,
                    requestedAt: at,
                    superAdminRequired: true,
                    cashMoves: false,
                  });
                  original.asked = true;
                }
                run = () =>
                  flows.reversal(db, {
                    actor,
                    original: { id: original.id, transactionNumber: original.number },
                    at,
                  });
                onSuccess = () => {
                  original.reversed = true;
                };
                break;
              }
              case 'agentDeposit': {
                prediction =
                  step.amount > MAX_AGENT_DEPOSIT_CENTIMES
                    ? 'AgentDepositLimit'
                    : model.predict(
                        { payer: system.treasury, payee: float, agentFloat: float },
                        { amountCentimes: step.amount, feeCentimes: 0, agentShareCentimes: 0 },
                      );
                run = () =>
                  flows.agentDeposit(db, {
                    userId: actor.userId,
                    agent: actor.agent,
                    party,
                    amountCentimes: step.amount,
                    at,
                  });
                break;
              }
            }

            let outcome: string;
            let result: unknown;
            try {
              result = await run();
              onSuccess(result);
              outcome = 'posted';
            } catch (error) {
              if (!(error instanceof LedgerRefused)) throw error;
              outcome = error.refusal;
            }
            if (prediction instanceof Map) {
              expect(outcome, `${step.kind} should post`).toBe('posted');
              model.apply(prediction);
              if (['deposit', 'withdraw', 'transfer', 'agentDeposit'].includes(step.kind)) {
                const { posted } = result as { posted: { id: string; transactionNumber: string } };
                scene.reversible.push({
                  id: posted.id,
                  number: posted.transactionNumber,
                  deltas: prediction,
                  reversed: false,
                  asked: false,
                });
              }
              return `${step.kind}: posted`;
            }
            expect(outcome, `${step.kind} should be refused`).toBe(prediction);
            return `${step.kind}: ${prediction}`;
          }
        },
      ),
      {
        numRuns: 200,
        // One sequence written out that reaches every refusal, run before the random ones: the check
        // below that they were all reached then never depends on chance.
        examples: [
          [
            [5_000_000, 100_000],
            [
              { kind: 'externalCash', agent: 0, amount: 50_000 },
              { kind: 'payout', agent: 1, pending: 0 },
              { kind: 'cancel', agent: 0, pending: 0 },
              { kind: 'transfer', agent: 0, from: 0, to: 0, amount: 10_000 },
              { kind: 'withdraw', agent: 0, account: 0, amount: 500_000 },
              { kind: 'deposit', agent: 0, account: 1, amount: 1_000 },
              { kind: 'toggle', account: 2 },
              { kind: 'deposit', agent: 0, account: 2, amount: 10_000 },
              // A withdrawal reversed twice (the second refused for its request), then the funding deposit.
              { kind: 'withdraw', agent: 0, account: 0, amount: 50_000 },
              { kind: 'reverse', agent: 0, posted: 2 },
              { kind: 'reverse', agent: 0, posted: 2 },
              { kind: 'reverse', agent: 0, posted: 1 },
              { kind: 'externalCash', agent: 0, amount: 50_000 },
              { kind: 'externalAccount', agent: 0, account: 0, amount: 5_000 },
              { kind: 'expire' },
              { kind: 'payout', agent: 1, pending: 1 },
              { kind: 'refundExpired', agent: 1, pending: 1 },
              { kind: 'refundExpired', agent: 0, pending: 1 },
              { kind: 'refundExpired', agent: 0, pending: 1 },
            ],
          ],
        ],
      },
    );

    // The sequences did reach the refusals, not only the happy paths.
    const seen = [...outcomes.keys()].join(' | ');
    for (const expected of [
      'InsufficientFunds',
      'AccountNotActive',
      'SameAccount',
      'OutsideFeeBands',
      'TransferNotPending',
      'TransferExpired',
      'TransferNotToRefund',
      'NotSendingAgent',
      'refundExpired: posted',
      'reverse: posted',
      'reverse: CorrectionNotApproved',
      'posted',
    ])
      expect(seen).toContain(expected);
    expect(steps).toBeGreaterThan(1000);
  }, 180_000);
});

import {
  addDays,
  audienceOf,
  balancePeriodDays,
  balanceSeriesLabels,
  centimesToHtg,
  CURRENCY,
  haitiDateOf,
  type BalancePeriod,
  type BalanceSeries,
  type BalanceSeriesKey,
  type BalanceSeriesResponse,
  type SessionUser,
} from '@lajan/domain';
import type { Executor } from '../../db/client.js';
import { Forbidden } from '../../http/errors.js';
import { closingBalances, type BalanceScope } from '../../ledger/balance-history.js';
import type { SystemAccounts } from '../../ledger/system-accounts.js';
import { agentWithFloatByCode } from '../transactions/index.js';

/**
 * The dashboard chart (docs/contract-daily.md): the closing balance of each day of the period in Haiti,
 * oldest first, today last. A teller or an administrator follows its agent's float; the super administrator
 * the network's total float and the treasury.
 */
export async function balanceSeries(
  executor: Executor,
  system: SystemAccounts,
  session: SessionUser,
  period: BalancePeriod,
  now: Date,
): Promise<BalanceSeriesResponse['data']> {
  const today = haitiDateOf(now);
  const days = Array.from({ length: balancePeriodDays[period] }, (_, index) =>
    addDays(today, index - balancePeriodDays[period] + 1),
  );

  const scopes: { key: BalanceSeriesKey; scope: BalanceScope }[] = [];
  if (audienceOf(session) === 'superAdmin') {
    scopes.push({ key: 'network_float', scope: { allFloats: true } });
    scopes.push({ key: 'treasury', scope: { accountIds: [system.treasury.id] } });
  } else {
    if (!session.agent) throw new Forbidden();
    const agent = await agentWithFloatByCode(executor, session.agent.code);
    if (!agent) throw new Forbidden();
    scopes.push({
      key: 'agent_float',
      scope: { accountIds: agent.floatAccountId ? [agent.floatAccountId] : [] },
    });
  }

  const series: BalanceSeries[] = [];
  for (const { key, scope } of scopes) {
    const balances = await closingBalances(executor, scope, days);
    series.push({
      key,
      label: balanceSeriesLabels[key],
      points: days.map((date, index) => ({ date, balance: centimesToHtg(balances[index] ?? 0) })),
    });
  }
  return { period, currency: CURRENCY, series };
}

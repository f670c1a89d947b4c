import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { moneyQueryKeys, refreshMoneyViews } from './query-keys';

let client: QueryClient;
afterEach(() => client.clear());

describe('refreshMoneyViews (decision 146)', () => {
  it('reads again at once what is on view, drops what is not, and leaves every other read alone', async () => {
    client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    const calls: Record<string, number> = {};
    const fetcher = (name: string) => () => {
      calls[name] = (calls[name] ?? 0) + 1;
      return Promise.resolve(`${name} ${calls[name]}`);
    };
    // On view: the history page (an observer subscribed). Not on view: the chart, the agents' list.
    const history = moneyQueryKeys.historyPage(1, 10, '', '');
    const observer = new QueryObserver(client, { queryKey: history, queryFn: fetcher('history') });
    const unsubscribe = observer.subscribe(() => {});
    await client.fetchQuery({ queryKey: moneyQueryKeys.balanceSeriesOf('7d'), queryFn: fetcher('chart') });
    await client.fetchQuery({ queryKey: moneyQueryKeys.agentList({ page: 1 }), queryFn: fetcher('agents') });
    // Untouched by a pay-out: the fee schedule and the session.
    await client.fetchQuery({ queryKey: ['transactions', 'fees'], queryFn: fetcher('fees') });
    await client.fetchQuery({ queryKey: ['auth', 'current-user'], queryFn: fetcher('user') });
    await expect.poll(() => client.getQueryData(history)).toBe('history 1');

    refreshMoneyViews(client, ['dashboard', 'history']);

    await expect.poll(() => client.getQueryData(history)).toBe('history 2');
    expect(client.getQueryState(moneyQueryKeys.balanceSeriesOf('7d'))).toBeUndefined();
    // Not declared: kept as they were, fresh, not read again.
    expect(client.getQueryData(moneyQueryKeys.agentList({ page: 1 }))).toBe('agents 1');
    expect(client.getQueryState(['transactions', 'fees'])?.isInvalidated).toBe(false);
    expect(client.getQueryData(['auth', 'current-user'])).toBe('user 1');
    expect(calls).toEqual({ history: 2, chart: 1, agents: 1, fees: 1, user: 1 });
    unsubscribe();
  });
});

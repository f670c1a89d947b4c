import { QueryClient, QueryObserver, focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { MONEY_POLL_MS, MONEY_STALE_MS, moneyQueryKeys, refreshMoneyViews } from './query-keys';

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

describe('the statements after money moved', () => {
  it('are dropped by a movement on a customer account or a float: reopened, a statement is read again', async () => {
    client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    const account = moneyQueryKeys.statementOf('/reports/accounts/10000000016/statement', { page: 1 });
    const float = moneyQueryKeys.statementOf('/reports/float/statement', { page: 1 });
    for (const view of ['accounts', 'float'] as const) {
      await client.fetchQuery({ queryKey: account, queryFn: () => Promise.resolve('before') });
      await client.fetchQuery({ queryKey: float, queryFn: () => Promise.resolve('before') });
      refreshMoneyViews(client, [view]);
      expect(client.getQueryState(account), view).toBeUndefined();
      expect(client.getQueryState(float), view).toBeUndefined();
    }
  });
});

describe('keepMoneyFresh (decision 174)', () => {
  function countingObserver(queryKey: readonly unknown[], calls: Record<string, number>, name: string) {
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: () => {
        calls[name] = (calls[name] ?? 0) + 1;
        return Promise.resolve(`${name} ${calls[name]}`);
      },
    });
    return observer.subscribe(() => {});
  }

  it('reads money again once it is a few seconds old, and when the teller comes back to the tab; nothing else', async () => {
    client = createQueryClient({ error: () => {} });
    // As the app's QueryClientProvider does: the client listens to the tab's focus.
    client.mount();
    const calls: Record<string, number> = {};
    const history = moneyQueryKeys.historyPage(1, 10, '', '');
    const fees = ['transactions', 'fees'];
    const old = Date.now() - MONEY_STALE_MS - 1_000;
    // Another teller posted since these were read: both were read 6 s ago, and are on view again.
    client.setQueryData(history, 'history 0', { updatedAt: old });
    client.setQueryData(fees, 'fees 0', { updatedAt: old });
    const stops = [countingObserver(history, calls, 'history'), countingObserver(fees, calls, 'fees')];
    await expect.poll(() => client.getQueryData(history)).toBe('history 1');
    expect(client.getQueryData(fees)).toBe('fees 0');

    // Just read: opening it again costs no call (the route's preload and the screen share one).
    const again = countingObserver(history, calls, 'history');
    again();
    expect(calls).toEqual({ history: 1 });

    // Back to the tab once stale: the money is read again, the fee schedule is not.
    client.setQueryData(history, 'history 1', { updatedAt: old });
    client.setQueryData(fees, 'fees 0', { updatedAt: old });
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await expect.poll(() => client.getQueryData(history)).toBe('history 2');
    expect(calls).toEqual({ history: 2 });
    focusManager.setFocused(undefined);
    for (const stop of stops) stop();
    client.unmount();
  });
});

describe('keepMoneyFresh: a screen left on view (decision 174)', () => {
  afterEach(() => vi.useRealTimers());

  it('reads its money again every 30 seconds while the tab is visible, and nothing else', async () => {
    vi.useFakeTimers();
    client = createQueryClient({ error: () => {} });
    client.mount();
    const calls: Record<string, number> = {};
    const watch = (queryKey: readonly unknown[], name: string) =>
      new QueryObserver(client, {
        queryKey,
        queryFn: () => {
          calls[name] = (calls[name] ?? 0) + 1;
          return Promise.resolve(calls[name]);
        },
      }).subscribe(() => {});
    const stops = [
      watch(moneyQueryKeys.historyPage(1, 10, '', ''), 'history'),
      watch(['transactions', 'fees'], 'fees'),
    ];
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual({ history: 1, fees: 1 });
    await vi.advanceTimersByTimeAsync(MONEY_POLL_MS + 10);
    expect(calls).toEqual({ history: 2, fees: 1 });
    await vi.advanceTimersByTimeAsync(MONEY_POLL_MS);
    expect(calls).toEqual({ history: 3, fees: 1 });
    for (const stop of stops) stop();
    client.unmount();
  });
});

import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The query keys of every cached read that shows money, in one module (decision 146): the screens that
 * read them and the operations that move money take them from here, so that a key renamed on one side
 * cannot leave an operation refreshing nothing.
 */
export const moneyQueryKeys = {
  /** `GET /transactions/history` pages (the history page, the dashboard's latest rows). */
  history: ['transactions', 'history'] as const,
  historyPage: (page: number, perPage: number, type: string, q: string) =>
    ['transactions', 'history', page, perPage, type, q] as const,
  /** `GET /reports/balance-series`: the dashboard's figures (agent float, network float, treasury). */
  balanceSeries: ['reports', 'balance-series'] as const,
  balanceSeriesOf: (period: string) => ['reports', 'balance-series', period] as const,
  /** The account and float statements (`/reports/accounts/{n}/statement`, `/reports/float/statement`). */
  statement: ['reports', 'statement'] as const,
  statementOf: (path: string, params: object) => ['reports', 'statement', path, params] as const,
  /** `GET /accounts/self`: the float account of the signed-in person's agent ("Mon Compte"). */
  selfAccount: ['accounts', 'self'] as const,
  /** `POST /accounts/search` results: customers' accounts with their balances. */
  accountSearch: ['accounts', 'search'] as const,
  accountSearchOf: (number: string) => ['accounts', 'search', number] as const,
  /** `GET /agents` and `GET /agents/{code}`: the agents with their float balances. */
  agents: ['agents'] as const,
  agentList: (params: object) => ['agents', 'list', params] as const,
  agentDetail: (code: string) => ['agents', 'detail', code] as const,
  /** `GET /audit` pages (an unlock is written there). */
  audit: ['audit'] as const,
  auditPage: (filters: object) => ['audit', filters] as const,
};

/**
 * What a money operation can change on a screen, by name. A flow declares the ones it touches
 * (`features/transactions/flows.ts`; a cancellation in `components/history`).
 */
export const moneyViews = {
  /** The agent's own float account ("Mon Compte"), and its statement. */
  float: [moneyQueryKeys.selfAccount, moneyQueryKeys.statement],
  /** The dashboard's balance figures and chart. */
  dashboard: [moneyQueryKeys.balanceSeries],
  /** Every history page, the dashboard's latest rows included. */
  history: [moneyQueryKeys.history],
  /** Customers' accounts, their balances and their statements. */
  accounts: [moneyQueryKeys.accountSearch, moneyQueryKeys.statement],
  /** The agents' floats (the super administrator's list and an agent's page). */
  agents: [moneyQueryKeys.agents],
  /** The audit trail. */
  audit: [moneyQueryKeys.audit],
} satisfies Record<string, readonly QueryKey[]>;

export type MoneyView = keyof typeof moneyViews;

/**
 * How long a read that shows money is fresh: other tellers move the same floats and accounts, yet the route's
 * preload and the screen's mount must share one call (decision 174).
 */
export const MONEY_STALE_MS = 5_000;

/**
 * How often a screen left on view reads its money again, while the tab is visible (never in the
 * background): an administrator watching the dashboard, two windows side by side, see the other tellers'
 * operations within this, for about 3 KB a read of a history page.
 */
export const MONEY_POLL_MS = 30_000;

/** The money reads' freshness, set once on the app's query client for every key of `moneyQueryKeys`. */
export function keepMoneyFresh(queryClient: QueryClient): void {
  for (const queryKey of new Set(Object.values(moneyViews).flat())) {
    queryClient.setQueryDefaults(queryKey, {
      staleTime: MONEY_STALE_MS,
      refetchOnWindowFocus: true,
      refetchInterval: MONEY_POLL_MS,
      refetchIntervalInBackground: false,
    });
  }
}

/**
 * After money moved: the screens on view read again at once, the cached money of the others is dropped, so no
 * screen shows an old figure for a round trip (decision 146). Not awaited.
 */
export function refreshMoneyViews(queryClient: QueryClient, views: readonly MoneyView[]): void {
  for (const view of new Set(views)) {
    for (const queryKey of moneyViews[view]) {
      queryClient.removeQueries({ queryKey, type: 'inactive' });
      void queryClient.invalidateQueries({ queryKey, refetchType: 'active' });
    }
  }
}

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BalancePeriod } from '@lajan/domain';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { transactionOf } from '../../test/transactions';
import { superAdmin, teller } from '../../test/users';
import { chartPoints } from './BalanceChart';

function days(count: number, balanceOf: (index: number) => number) {
  return Array.from({ length: count }, (_, index) => ({
    date: new Date(Date.UTC(2026, 10, 22 - (count - 1 - index))).toISOString().slice(0, 10),
    balance: balanceOf(index),
  }));
}

const lengths: Record<BalancePeriod, number> = { '7d': 7, '30d': 30, '3m': 90 };

function lineOf(figure: HTMLElement) {
  const points = figure.querySelector('polyline')?.getAttribute('points') ?? '';
  return points.split(' ').map((pair) => pair.split(',').map(Number) as [number, number]);
}

describe('the dashboard (SPEC §2 "/")', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
    api.on('GET /transactions/history', {
      body: { data: [transactionOf()], pagination: { total: 1, total_pages: 1, firstItem: 1, lastItem: 1 } },
    });
  });
  afterEach(() => api.close());

  it("draws the agent's float for a teller, one point a day, and asks again when the period changes", async () => {
    api.on('GET /reports/balance-series', (request) => {
      const period = (request.query.period ?? '7d') as BalancePeriod;
      return {
        body: {
          data: {
            period,
            currency: 'HTG',
            series: [{ key: 'agent_float', label: "Float de l'agent", points: days(lengths[period], (index) => 1000 * index) }],
          },
        },
      };
    });
    const { user } = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    // The welcome names the teller's role and its cash point, each with its own word (decision 213).
    expect(await screen.findByText('Caissier · Cap Services')).toBeVisible();
    const chart = await screen.findByRole('img', { name: /^Float de l'agent : 6\s000,00/ }, { timeout: 5000 });
    // formatHtg's spaces are no-break ones.
    expect(chart).toHaveAccessibleName("Float de l'agent : 6\u202f000,00\u00a0HTG, du 16/11/2026 au 22/11/2026");
    const figure = chart.closest('figure')!;
    const line = lineOf(figure);
    expect(line).toHaveLength(7);
    // Rising balances: each point higher (smaller y) than the one before, left to right.
    expect(line.every(([, y], index) => index === 0 || y < line[index - 1]![1])).toBe(true);
    const points = within(figure).getByRole('table', { name: "Float de l'agent, solde de clôture par jour" });
    expect(within(points).getAllByRole('row')).toHaveLength(8);
    expect(within(points).getAllByRole('row')[1]).toHaveTextContent('16/11/2026');

    // The quick actions of a teller stay.
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Dépôt/ })).toHaveAttribute('href', '/transaction/deposit');
    // The latest transactions, five of them.
    expect(await screen.findByRole('table', { name: 'Dernières transactions' })).toHaveTextContent('48213907655');
    expect(api.requests.find((request) => request.path === '/transactions/history')?.query).toEqual({ page: '1', per_page: '5' });

    await user.selectOptions(screen.getByLabelText('Période'), '30 jours');
    await waitFor(() => expect(lineOf(screen.getByRole('img', { name: /^Float de l'agent/ }).closest('figure')!)).toHaveLength(30));
    expect(api.requests.filter((request) => request.path === '/reports/balance-series').map((request) => request.query.period)).toEqual([
      '7d',
      '30d',
    ]);
    expect(within(screen.getByLabelText('Période')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '7 jours',
      '30 jours',
      '3 mois',
    ]);
  });

  it('draws a period without movement as a flat line, not an error', async () => {
    api.on('GET /reports/balance-series', {
      body: {
        data: {
          period: '7d',
          currency: 'HTG',
          series: [{ key: 'agent_float', label: "Float de l'agent", points: days(7, () => 2500) }],
        },
      },
    });
    renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const chart = await screen.findByRole('img', { name: /^Float de l'agent : 2\s500,00\sHTG/ }, { timeout: 5000 });
    const line = lineOf(chart.closest('figure')!);
    expect(line).toHaveLength(7);
    expect(new Set(line.map(([, y]) => y))).toEqual(new Set([80]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the network float and the treasury to the super administrator', async () => {
    api.on('GET /reports/balance-series', {
      body: {
        data: {
          period: '7d',
          currency: 'HTG',
          series: [
            { key: 'network_float', label: 'Float total du réseau', points: days(7, (index) => 500 * index) },
            { key: 'treasury', label: 'Trésorerie', points: days(7, (index) => -500 * index) },
          ],
        },
      },
    });
    renderApp({ path: '/', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('img', { name: /^Float total du réseau : 3\s000,00\sHTG/ }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('img', { name: /^Trésorerie : -3\s000,00\sHTG/ })).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('link', { name: /Créer un agent/ })).toBeVisible();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: /^Dépôt/ })).not.toBeInTheDocument();
  });

  it('shows a failure of the chart in place, with a retry, and keeps the rest of the dashboard', async () => {
    let calls = 0;
    api.on('GET /reports/balance-series', () => {
      calls += 1;
      return calls <= 2
        ? { status: 500, body: { message: 'Erreur interne du serveur' } }
        : {
            body: {
              data: { period: '7d', currency: 'HTG', series: [{ key: 'agent_float', label: "Float de l'agent", points: days(7, () => 10) }] },
            },
          };
    });
    const { user } = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByText('Erreur interne du serveur', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('img', { name: /^Float de l'agent : 10,00\sHTG/ })).toBeVisible();
  });
});

describe('chartPoints', () => {
  it('spans the width, puts the highest balance at the top and equal balances in the middle', () => {
    expect(chartPoints([0, 50, 100])).toEqual([
      { x: 0, y: 148 },
      { x: 300, y: 80 },
      { x: 600, y: 12 },
    ]);
    expect(chartPoints([7, 7, 7]).map((point) => point.y)).toEqual([80, 80, 80]);
    expect(chartPoints([42])).toEqual([
      { x: 0, y: 80 },
      { x: 600, y: 80 },
    ]);
    expect(chartPoints([])).toEqual([]);
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorCodes, genericMessages, type Transaction } from '@lajan/domain';
import { startApiServer, type ApiServer, type RecordedRequest } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { transactionOf } from '../../test/transactions';
import { teller } from '../../test/users';
import { HISTORY_SEARCH_DEBOUNCE_MS } from './HistoryTable';
import { TransactionStatusBadge } from './TransactionStatusBadge';

/** 25 transactions, newest first: deposits, every fifth a withdrawal; party names "Client 1"…"Client 25". */
const all: Transaction[] = Array.from({ length: 25 }, (_, index) => {
  const n = 25 - index;
  return transactionOf({
    transactionNumber: `100000000${String(n).padStart(2, '0')}`,
    type: n % 5 === 0 ? 'withdrawal' : 'deposit',
    amount: 1000 + n,
    createdAt: new Date(Date.UTC(2026, 10, 1, 12, n)).toISOString(),
    party: { name: `Client ${n}`, idDocumentType: 'id_card', idDocumentNumber: `00${n}-000` },
  });
});

/** The server's history: filters by `type` and `q` (number, account or name), then pages. */
function historyRoute(request: RecordedRequest) {
  const page = Number(request.query.page ?? 1);
  const perPage = Number(request.query.per_page ?? 10);
  const q = (request.query.q ?? '').toLowerCase();
  const rows = all.filter(
    (transaction) =>
      (!request.query.type || transaction.type === request.query.type) &&
      (!q ||
        transaction.transactionNumber.includes(q) ||
        (transaction.party?.name.toLowerCase().includes(q) ?? false)),
  );
  const data = rows.slice((page - 1) * perPage, page * perPage);
  const firstItem = data.length ? (page - 1) * perPage + 1 : 0;
  return {
    body: {
      data,
      pagination: {
        total: rows.length,
        total_pages: Math.ceil(rows.length / perPage),
        firstItem,
        lastItem: data.length ? firstItem + data.length - 1 : 0,
      },
    },
  };
}

function historyRequests(api: ApiServer) {
  return api.requests.filter((request) => request.path === '/transactions/history');
}

function bodyRows() {
  const table = screen.getByRole('table', { name: "Transactions, les plus récentes d'abord" });
  return within(table).getAllByRole('row').slice(1);
}

describe('the history table (SPEC §2 "History table")', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
    api.on('GET /transactions/history', historyRoute);
  });
  afterEach(async () => {
    await api.close();
    vi.restoreAllMocks();
  });

  async function openHistory() {
    const rendered = renderApp({
      path: '/transaction/history',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Historique', level: 1 }, { timeout: 5000 });
    await screen.findByText('1 – 10 sur 25');
    return rendered;
  }

  it('shows the columns, French amounts and dates, and pages forward and back with the summary line', async () => {
    const { user } = await openHistory();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Numéro', 'Type', 'Montant', 'Statut', 'Créé par', 'Date', 'Reçu']);
    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]).toHaveTextContent('10000000025');
    expect(bodyRows()[0]).toHaveTextContent('Retrait');
    expect(bodyRows()[0]).toHaveTextContent('1 025,00 HTG');
    expect(bodyRows()[0]).toHaveTextContent('caissiere');
    // Issue 12: a username is never broken mid-word; a long one is cut and shown whole in its title.
    const createdBy = within(bodyRows()[0]!).getByTitle('caissiere');
    expect(createdBy).toHaveTextContent('caissiere');
    expect(createdBy.className).toMatch(/\btruncate\b/);
    expect(createdBy.closest('td')?.className).not.toMatch(/break-all/);
    // 12:25 UTC is 07:25 in Port-au-Prince (UTC−5 in November).
    expect(bodyRows()[0]).toHaveTextContent('01/11/2026 07:25');

    const previous = screen.getByRole('button', { name: 'Précédent' });
    const next = screen.getByRole('button', { name: 'Suivant' });
    expect(previous).toBeDisabled();
    await user.click(next);
    expect(await screen.findByText('11 – 20 sur 25')).toBeVisible();
    expect(bodyRows()[0]).toHaveTextContent('10000000015');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('21 – 25 sur 25')).toBeVisible();
    expect(bodyRows()).toHaveLength(5);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(await screen.findByText('11 – 20 sur 25')).toBeVisible();
    expect(bodyRows()[0]).toHaveTextContent('10000000015');
    // Page 2 was read a moment ago: it comes back from the cache, without a request.
    expect(historyRequests(api).map((request) => request.query.page)).toEqual(['1', '2', '3']);
  });

  it('filters by type through the server and starts again at page 1', async () => {
    const { user } = await openHistory();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByText('11 – 20 sur 25');

    await user.selectOptions(screen.getByLabelText('Type'), 'Retrait');
    expect(await screen.findByText('1 – 5 sur 5')).toBeVisible();
    expect(bodyRows().every((row) => row.textContent?.includes('Retrait'))).toBe(true);
    expect(historyRequests(api).at(-1)?.query).toEqual({ page: '1', per_page: '10', type: 'withdrawal' });

    const options = within(screen.getByLabelText('Type'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Tous les types',
      'Dépôt',
      'Retrait',
      'Transfert',
      'Transfert externe',
      'Paiement de transfert',
      'Remboursement de transfert',
      'Dépôt sur agent',
      'Correction',
    ]);

    await user.selectOptions(screen.getByLabelText('Type'), 'Transfert');
    expect(await screen.findByText('Aucune transaction ne correspond à ces critères.')).toBeVisible();
  });

  it('searches after a pause in typing (one request, not one per key), by number or name', async () => {
    const { user } = await openHistory();
    const before = historyRequests(api).length;
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'client 12');
    expect(await screen.findByText('1 – 1 sur 1')).toBeVisible();
    expect(bodyRows()[0]).toHaveTextContent('10000000012');
    // Why it matched: whose it is, under its type.
    expect(within(bodyRows()[0]!).getByRole('cell', { name: /^Dépôt/ })).toHaveTextContent(
      'Dépôtcompte 40912345678 · Client 12',
    );
    const searches = historyRequests(api).slice(before);
    expect(searches.map((request) => request.query.q)).toEqual(['client 12']);

    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), '10000000003{Enter}');
    expect(await screen.findByText('1 – 1 sur 1')).toBeVisible();
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('10000000003'));
    // Give the debounce time to fire too: it asks nothing new (same term).
    await act(() => new Promise((resolve) => setTimeout(resolve, HISTORY_SEARCH_DEBOUNCE_MS + 100)));
    expect(historyRequests(api).filter((request) => request.query.q === '10000000003')).toHaveLength(1);
  });

  it("says whose account a row found by a holder's name is, and who stood at the counter (decision 186)", async () => {
    const { user } = await openHistory();
    const guerline = { firstName: 'Guerline', lastName: 'Desrosiers' };
    api.on('GET /transactions/history', (request) =>
      request.query.q
        ? {
            body: {
              data: [
                transactionOf({
                  transactionNumber: '10000000099',
                  account: { accountNumber: '40912345678', holders: [guerline] },
                  party: { name: 'Wesner Jean-Baptiste', idDocumentType: 'id_card', idDocumentNumber: '1-2' },
                }),
                transactionOf({
                  transactionNumber: '10000000098',
                  type: 'transfer',
                  accountNumber: null,
                  account: null,
                  senderAccountNumber: '40900000001',
                  senderAccount: {
                    accountNumber: '40900000001',
                    holders: [{ firstName: 'Paul', lastName: 'Louis' }],
                  },
                  recipientAccountNumber: '40912345678',
                  recipientAccount: { accountNumber: '40912345678', holders: [guerline] },
                }),
              ],
              pagination: { total: 2, total_pages: 1, firstItem: 1, lastItem: 2 },
            },
          }
        : historyRoute(request),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'desrosiers{Enter}');
    expect(await screen.findByText('1 – 2 sur 2')).toBeVisible();
    expect(within(bodyRows()[0]!).getByRole('cell', { name: /^Dépôt/ })).toHaveTextContent(
      'Dépôtcompte 40912345678 (Guerline DESROSIERS) · par Wesner Jean-Baptiste',
    );
    expect(within(bodyRows()[1]!).getByRole('cell', { name: /^Transfert/ })).toHaveTextContent(
      'Transfert40900000001 (Paul LOUIS) → 40912345678 (Guerline DESROSIERS)',
    );
  });

  it('says that a search is on its way while the last rows stay shown', async () => {
    const { user } = await openHistory();
    let answer: (() => void) | undefined;
    api.on('GET /transactions/history', (request) =>
      request.query.q
        ? new Promise((resolve) => {
            answer = () => resolve(historyRoute(request));
          })
        : historyRoute(request),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'client 12{Enter}');
    expect(await screen.findByText('Recherche en cours...')).toBeVisible();
    expect(screen.getByText('1 – 10 sur 25')).toBeVisible();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await screen.findByText('1 – 1 sur 1')).toBeVisible();
    expect(screen.queryByText('Recherche en cours...')).not.toBeInTheDocument();
  });

  it('says that another page is loading, not a search, when only the page changes', async () => {
    const { user } = await openHistory();
    let answer: (() => void) | undefined;
    api.on('GET /transactions/history', (request) =>
      request.query.page === '2'
        ? new Promise((resolve) => {
            answer = () => resolve(historyRoute(request));
          })
        : historyRoute(request),
    );
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Chargement de la page...')).toBeVisible();
    expect(screen.queryByText('Recherche en cours...')).not.toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await screen.findByText('11 – 20 sur 25')).toBeVisible();
    expect(screen.queryByText('Chargement de la page...')).not.toBeInTheDocument();
  });

  it('colours the statuses as SPEC §4 says, with French labels', async () => {
    api.on('GET /transactions/history', {
      body: {
        data: (['completed', 'pending', 'cancelled'] as const).map((status, index) =>
          transactionOf({ transactionNumber: `2000000000${index}`, status }),
        ),
        pagination: { total: 3, total_pages: 1, firstItem: 1, lastItem: 3 },
      },
    });
    renderApp({ path: '/transaction/history', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByText('1 – 3 sur 3', {}, { timeout: 5000 });
    const badge = (label: string) => screen.getByText(label, { selector: '[data-status]' });
    expect(badge('Complété')).toHaveClass('bg-emerald-100');
    expect(badge('En attente')).toHaveClass('bg-amber-100');
    expect(badge('Annulé')).toHaveClass('bg-slate-100');

    // Statuses the ledger does not use today keep SPEC §4's colours.
    render(
      <>
        <TransactionStatusBadge status="failed" />
        <TransactionStatusBadge status="processing" />
      </>,
    );
    expect(badge('Échoué')).toHaveClass('bg-red-100');
    expect(badge('En cours')).toHaveClass('bg-sky-100');
  });

  it('says so when there is no transaction at all', async () => {
    api.on('GET /transactions/history', {
      body: { data: [], pagination: { total: 0, total_pages: 0, firstItem: 0, lastItem: 0 } },
    });
    renderApp({ path: '/transaction/history', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(
      await screen.findByText('Aucune transaction pour le moment.', {}, { timeout: 5000 }),
    ).toBeVisible();
  });

  it('downloads the CSV of the filtered rows with the bearer token, as a UTF-8 file with its BOM', async () => {
    const csv =
      '\ufeffNuméro;Type;Montant;Frais;Statut;Créé par;Agent;Date\r\n10000000025;Retrait;1025,00;0,00;Complété;caissiere;Cap Services (CAP01);01/11/2026 07:25\r\n';
    api.on('GET /transactions/history/export', {
      body: csv,
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:historique';
    });
    Object.defineProperty(URL, 'createObjectURL', {
      value: createObjectURL,
      configurable: true,
      writable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });

    const { user } = await openHistory();
    await user.selectOptions(screen.getByLabelText('Type'), 'Retrait');
    await screen.findByText('1 – 5 sur 5');
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));

    await waitFor(() => expect(clicks).toHaveLength(1));
    const request = api.requests.find((candidate) => candidate.path === '/transactions/history/export');
    expect(request?.query).toEqual({ type: 'withdrawal' });
    expect(request?.headers.authorization).toMatch(/^Bearer /);
    expect(clicks[0]?.download).toMatch(/^historique-\d{4}-\d{2}-\d{2}\.csv$/);
    const blob = saved[0];
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('10000000025;Retrait;1025,00');
  });
  it('says, in French, that an export is already running when the server refuses a second one (decision 233)', async () => {
    api.on('GET /transactions/history/export', () => ({
      status: 429,
      headers: { 'Retry-After': '10' },
      body: { message: genericMessages.exportInProgress, code: errorCodes.exportInProgress },
    }));
    const { user } = await openHistory();
    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    const region = await screen.findByRole('region', { name: /notifications/i });
    expect(
      await within(region).findByText(
        'Un export est déjà en cours pour votre compte : attendez qu’il se termine.',
      ),
    ).toBeVisible();
  });
});

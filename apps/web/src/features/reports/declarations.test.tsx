import { amountMessages, declarationTexts, formatHtg, todayIso } from '@lajan/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { serveEmptyDashboard } from '../../test/transactions';
import { superAdmin } from '../../test/users';
import { speakKreyolInEach } from '../../test/kreyol';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

const pap = { code: 'PAP01', name: 'Kay Lajan' };
const cap = { code: 'CAP01', name: 'Cap Services' };

const operation = (number: string, amount: number, at: string, extra: object = {}) => ({
  transactionNumber: number,
  type: 'deposit',
  label: 'Dépôt',
  createdAt: at,
  amount,
  cash: 'in',
  accountNumber: '10000000016',
  agent: pap,
  teller: 'Anne Caissière (caisse.pap01)',
  flags: [],
  feeBandEdge: null,
  ...extra,
});

const report = {
  day: '2026-11-05',
  threshold: 110000,
  currency: 'HTG',
  declared: [
    {
      person: {
        registered: true,
        name: 'Jean Baptiste',
        firstName: 'Jean',
        lastName: 'Baptiste',
        idDocumentType: 'passport',
        idDocumentNumber: 'PP-4471',
        dob: '1988-02-14',
        address: '3 rue Pavée, Port-au-Prince',
        phoneNumber: '+50934112233',
      },
      count: 2,
      total: 199500,
      cashIn: 199500,
      cashOut: 0,
      largest: 100000,
      flags: ['threshold_split'],
      agents: [cap, pap],
      operations: [
        operation('40000000011', 99500, '2026-11-05T13:30:00.000Z', { flags: ['threshold_split'] }),
        operation('40000000029', 100000, '2026-11-05T21:45:00.000Z', {
          flags: ['threshold_split'],
          agent: cap,
        }),
      ],
    },
  ],
  toReview: [
    {
      person: {
        registered: false,
        name: 'Paul Délice',
        firstName: 'Paul',
        lastName: 'Délice',
        idDocumentType: 'id_card',
        idDocumentNumber: 'NIF-778899',
        dob: null,
        address: null,
        phoneNumber: '+50934001122',
      },
      count: 2,
      total: 499.98,
      cashIn: 0,
      cashOut: 499.98,
      largest: 249.99,
      flags: ['fee_band_split'],
      agents: [cap],
      operations: [1, 2].map((n) =>
        operation(`5000000001${n}`, 249.99, `2026-11-05T1${n}:00:00.000Z`, {
          type: 'withdrawal',
          label: 'Retrait',
          cash: 'out',
          agent: cap,
          flags: ['fee_band_split'],
          feeBandEdge: 250,
        }),
      ),
    },
  ],
};

function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
}

describe('/reports/declarations, « Déclarations UCREF » (decision 228)', () => {
  it('lists each person to declare with her identification and operations, those to look at, and downloads the CSV', async () => {
    // The day and threshold asked, answered (the screen shows and exports what it was answered).
    api.on('GET /reports/declarations', (request) => ({
      body: {
        data: {
          ...report,
          day: request.query.day ?? report.day,
          threshold: Number(request.query.threshold ?? report.threshold),
        },
      },
    }));
    api.on('GET /reports/declarations/export', {
      body: '\ufeffSection;Jour\r\n',
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
    const saved: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      value: vi.fn((blob: Blob) => (saved.push(blob), 'blob:declarations')),
      configurable: true,
      writable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    serveEmptyDashboard(api);
    const { user, app } = renderApp({ path: '/', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    await user.click(within(nav).getByRole('link', { name: 'Déclarations UCREF' }));

    expect(await screen.findByRole('heading', { name: 'Déclarations UCREF', level: 1 })).toBeVisible();
    expect(await screen.findByText('Journée du 05/11/2026')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'À déclarer (1)' })).toBeVisible();
    expect(screen.getByText('Passeport PP-4471')).toBeVisible();
    expect(screen.getByText('14/02/1988')).toBeVisible();
    expect(screen.getByText('Cap Services (CAP01), Kay Lajan (PAP01)')).toBeVisible();
    // A table that may scroll sideways is a region the keyboard can reach.
    expect(screen.getByRole('region', { name: 'Opérations de Jean Baptiste' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(rowsOf(screen.getByRole('table', { name: 'Jean Baptiste' }))).toEqual([
      [
        '08:30',
        '40000000011',
        'Dépôt',
        'Espèces reçues',
        formatHtg(99500),
        '10000000016',
        'Kay Lajan (PAP01)',
        'Anne Caissière (caisse.pap01)',
        'Fractionné sous le seuil',
      ],
      [
        '16:45',
        '40000000029',
        'Dépôt',
        'Espèces reçues',
        formatHtg(100000),
        '10000000016',
        'Cap Services (CAP01)',
        'Anne Caissière (caisse.pap01)',
        'Fractionné sous le seuil',
      ],
    ]);
    // Under the threshold, the fee-band split is kept for a look.
    expect(screen.getByRole('heading', { name: 'À examiner (1)' })).toBeVisible();
    expect(screen.getByText("Selon l'opération (personne non enregistrée)")).toBeVisible();
    const paul = rowsOf(screen.getByRole('table', { name: 'Paul Délice' }));
    expect(paul.map((row) => [row[3], row[8]])).toEqual([
      ['Espèces remises', `Fractionné sous une tranche de frais (sous ${formatHtg(250)})`],
      ['Espèces remises', `Fractionné sous une tranche de frais (sous ${formatHtg(250)})`],
    ]);

    // No day asked: the day field shows the one answered.
    expect(screen.getByLabelText('Jour')).toHaveValue('2026-11-05');
    await user.clear(screen.getByLabelText('Seuil (HTG)'));
    // Typed the French way.
    await user.type(screen.getByLabelText('Seuil (HTG)'), '50 000,50');
    await user.clear(screen.getByLabelText('Jour'));
    await user.type(screen.getByLabelText('Jour'), '2026-11-04');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Afficher' }));
    await waitFor(() =>
      expect(
        api.requests.filter((request) => request.path === '/reports/declarations').at(-1)?.query,
      ).toEqual({
        day: '2026-11-04',
        threshold: '50000.5',
      }),
    );
    expect(await screen.findByText('Journée du 04/11/2026')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    const request = api.requests.find((candidate) => candidate.path === '/reports/declarations/export');
    expect(request?.headers.authorization).toMatch(/^Bearer /);
    expect(request?.query).toEqual({ day: '2026-11-04', threshold: '50000.5' });
    expect(clicks[0]?.download).toBe('declarations-ucref-2026-11-04.csv');
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    // Saved, and no copy of the file kept in the app's memory; the care it asks said beside the buttons.
    const exports = app.queryClient.getMutationCache().getAll();
    expect(exports.map((mutation) => [mutation.state.status, mutation.state.data])).toEqual([
      ['success', undefined],
    ]);
    expect(screen.getByText(declarationTexts.handleWithCare)).toBeVisible();
  });

  it('says a refused day in French', async () => {
    api.on('GET /reports/declarations', {
      status: 422,
      body: {
        message: 'Date invalide (AAAA-MM-JJ)',
        code: 'VALIDATION_FAILED',
        errors: { day: ['Date invalide (AAAA-MM-JJ)'] },
      },
    });
    renderApp({
      path: '/reports/declarations?day=2026-02-30',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    // Above the page and under its field.
    expect(await screen.findByRole('alert')).toHaveTextContent('Date invalide (AAAA-MM-JJ)');
    expect(screen.getByLabelText('Jour')).toHaveAccessibleDescription('Date invalide (AAAA-MM-JJ)');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Exporter en CSV' })).toBeNull();
  });

  it("refuses a threshold that reads two ways before asking, shows the server's refusal under its field, and reads again on return", async () => {
    api.on('GET /reports/declarations', (request) =>
      request.query.threshold === '5'
        ? {
            status: 422,
            body: {
              message: 'Seuil invalide',
              code: 'VALIDATION_FAILED',
              errors: { threshold: ['Seuil invalide'] },
            },
          }
        : { body: { data: report } },
    );
    serveEmptyDashboard(api);
    const { user, app } = renderApp({
      path: '/reports/declarations?day=2026-11-05',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    expect(await screen.findByText('Journée du 05/11/2026')).toBeVisible();
    const asked = () => api.requests.filter((request) => request.path === '/reports/declarations').length;
    expect(asked()).toBe(1);
    // No day to come is offered.
    expect(screen.getByLabelText('Jour')).toHaveAttribute('max', todayIso());

    const field = screen.getByLabelText('Seuil (HTG)');
    await user.clear(field);
    await user.type(field, '110.000');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Afficher' }));
    expect(await screen.findByText(amountMessages.ambiguous)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(asked()).toBe(1);

    await user.clear(field);
    await user.type(field, '5');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Afficher' }));
    await waitFor(() => expect(screen.getByLabelText('Seuil (HTG)')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText(amountMessages.ambiguous)).toBeNull();

    // Left and opened again: nothing of the identity files was kept, they are read (and audited) again.
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    await user.click(within(nav).getByRole('link', { name: 'Tableau de Bord' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Déclarations UCREF' })).toBeNull());
    // The dashboard's reads answered, not cut short by leaving it.
    await waitFor(() => expect(app.queryClient.isFetching()).toBe(0));
    await user.click(within(nav).getByRole('link', { name: 'Déclarations UCREF' }));
    expect(await screen.findByText('Journée du 05/11/2026')).toBeVisible();
    expect(asked()).toBe(3);
  });
});

describe('/reports/declarations in Kreyòl (decision 236)', () => {
  speakKreyolInEach();

  it('says the sections, the identification and the flags in Kreyòl, with the same dates and figures', async () => {
    api.on('GET /reports/declarations', { body: { data: report } });
    renderApp({ path: '/reports/declarations', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });

    expect(await screen.findByRole('heading', { name: 'Deklarasyon UCREF', level: 1 })).toBeVisible();
    expect(await screen.findByText('Jounen 05/11/2026')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Pou deklare (1)' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Pou egzamine (1)' })).toBeVisible();
    expect(screen.getByText('Dapre tranzaksyon an (moun nan pa anrejistre)')).toBeVisible();
    expect(screen.getByText('14/02/1988')).toBeVisible();
    const jean = rowsOf(screen.getByRole('table', { name: 'Jean Baptiste' }));
    expect(jean[0]?.slice(3)).toEqual([
      'Lajan kach resevwa',
      formatHtg(99500),
      '10000000016',
      'Kay Lajan (PAP01)',
      'Anne Caissière (caisse.pap01)',
      'Divize anba sèy la',
    ]);
    const paul = rowsOf(screen.getByRole('table', { name: 'Paul Délice' }));
    expect(paul[0]?.[8]).toBe(`Divize anba yon nivo frè (anba ${formatHtg(250)})`);
    for (const total of screen.getAllByText(/Total jounen an/))
      expect(total).toHaveTextContent(/ · 2 tranzaksyon$/);
    expect(screen.getByRole('region', { name: 'Tranzaksyon Jean Baptiste yo' })).toBeVisible();
  });
});

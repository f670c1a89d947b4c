import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { limitEditorMessages, type LimitSchedule, type LimitVersion } from '@lajan/domain';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { superAdmin, teller } from '../../test/users';
import { speakKreyolInEach } from '../../test/kreyol';

const values = (day: number): LimitVersion['values'] => [
  {
    category: 'cash_in',
    label: 'Dépôts en espèces',
    perOperation: 100_000,
    perDay: 250_000,
    perThirtyDays: 1_500_000,
  },
  {
    category: 'cash_out',
    label: 'Retraits en espèces',
    perOperation: 100_000,
    perDay: day,
    perThirtyDays: 1_000_000,
  },
  { category: 'send', label: 'Envois', perOperation: 100_000, perDay: 200_000, perThirtyDays: 1_000_000 },
];

const version = (overrides: Partial<LimitVersion>): LimitVersion => ({
  id: '00000000-0000-7000-8000-0000000011a1',
  number: 1,
  effectiveFrom: null,
  createdAt: '2026-11-01T12:00:00.000Z',
  createdBy: null,
  status: 'in_force',
  cancelledAt: null,
  values: values(150_000),
  ...overrides,
});

const coming = version({
  id: '30000000-0000-4000-8000-000000000003',
  number: 3,
  // 25 December 2099, 08:00 in Haiti (UTC−5).
  effectiveFrom: '2099-12-25T13:00:00.000Z',
  status: 'coming',
  createdBy: { username: 'superadmin' },
  values: values(120_000),
});

const schedule: LimitSchedule = {
  inForce: version({}),
  coming: [coming],
  past: [
    version({
      id: '20000000-0000-4000-8000-000000000002',
      number: 2,
      effectiveFrom: '2099-01-01T13:00:00.000Z',
      status: 'cancelled',
      cancelledAt: '2026-11-02T12:00:00.000Z',
      createdBy: { username: 'superadmin' },
    }),
  ],
};

/** The text as read, with the no-break spaces of French numbers and dates as plain ones. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  api.on('GET /limits', { body: { data: schedule } });
});
afterEach(() => api.close());

async function open() {
  const rendered = renderApp({ path: '/limits', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
  await screen.findByRole('table', { name: 'Limites en vigueur' }, { timeout: 5000 });
  return rendered;
}

const input = (period: string, category: string) =>
  within(screen.getByRole('form', { name: 'Nouvelle version' })).getByLabelText(
    `${period} (HTG), ${category}`,
  );

describe('the customers’ limits (/limits, decision 227)', () => {
  it('shows the version in force as a table, the coming one and the past ones', async () => {
    await open();
    expect(screen.getByRole('heading', { name: 'Limites des clients', level: 1 })).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Version n° 1, en vigueur depuis la mise en service' }),
    ).toBeVisible();
    const rows = within(screen.getByRole('table', { name: 'Limites en vigueur' })).getAllByRole('row');
    expect(rows.map((row) => Array.from(row.children, (cell) => plain(cell.textContent)))).toEqual([
      ['Catégorie', 'Par opération', 'Par jour', 'Sur 30 jours'],
      ['Dépôts en espèces', '100 000,00 HTG', '250 000,00 HTG', '1 500 000,00 HTG'],
      ['Retraits en espèces', '100 000,00 HTG', '150 000,00 HTG', '1 000 000,00 HTG'],
      ['Envois', '100 000,00 HTG', '200 000,00 HTG', '1 000 000,00 HTG'],
    ]);
    const comingSection = screen.getByRole('region', { name: /^Version n° 3, à partir du 25 décembre 2099/ });
    expect(
      within(comingSection).getByRole('table', { name: 'Limites de la version n° 3' }),
    ).toHaveTextContent(plain('120 000,00 HTG'));
    expect(
      screen.getByText(/^Version n° 2, à partir du 1 janvier 2099.* : Annulée \(créée par superadmin\)$/),
    ).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Limites des clients' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('is the super administrator’s only', async () => {
    renderApp({ path: '/limits', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' }, { timeout: 5000 })).toBeVisible();
  });

  it('checks the nine amounts with the domain’s schema, in French, before any confirmation', async () => {
    const { user } = await open();
    await user.clear(input('Par jour', 'Retraits en espèces'));
    await user.type(input('Par jour', 'Retraits en espèces'), '90 000');
    await user.clear(input('Par opération', 'Envois'));
    await user.type(input('Par opération', 'Envois'), '100 000,01');
    await user.clear(input('Sur 30 jours', 'Dépôts en espèces'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer la nouvelle version' }));
    expect(input('Par jour', 'Retraits en espèces')).toHaveAccessibleDescription(
      limitEditorMessages.dayBelowOperation,
    );
    expect(input('Par opération', 'Envois')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Par opération', 'Envois')).toHaveAccessibleDescription(
      limitEditorMessages.operationAboveCap,
    );
    expect(input('Sur 30 jours', 'Dépôts en espèces')).toHaveAccessibleDescription(
      limitEditorMessages.valueRequired,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
    // The keyboard goes to the first field refused, in the form's order.
    await waitFor(() => expect(input('Sur 30 jours', 'Dépôts en espèces')).toHaveFocus());
  });

  it('asks before saving a new version, which cannot be changed, then posts it once', async () => {
    api.on('POST /limits/versions', {
      status: 201,
      body: { data: { ...schedule, inForce: version({ number: 4, values: values(140_000) }) } },
    });
    const { user } = await open();
    await user.clear(input('Par jour', 'Retraits en espèces'));
    // By the keyboard alone: Enter in a field submits, the dialog starts on « Revenir » (irreversible).
    await user.type(input('Par jour', 'Retraits en espèces'), '140 000{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer ces limites ?' });
    expect(dialog).toHaveTextContent('Elles s’appliqueront à tous les clients dès maintenant.');
    expect(dialog).toHaveTextContent('Une version enregistrée ne se modifie pas');
    // What changes is read before the irreversible save, and a lowered limit says it counts today already.
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => plain(item.textContent)),
    ).toEqual(['Retraits en espèces, par jour : 150 000,00 HTG → 140 000,00 HTG']);
    expect(dialog).toHaveTextContent('certains n’auront plus rien jusqu’à demain');
    expect(within(dialog).getByRole('button', { name: 'Revenir' })).toHaveFocus();
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Confirmer' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Version n° 4 enregistrée')).toBeVisible();
    const posted = api.requests.filter((request) => request.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({
      values: {
        cash_in: { per_operation: 100_000, per_day: 250_000, per_thirty_days: 1_500_000 },
        cash_out: { per_operation: 100_000, per_day: 140_000, per_thirty_days: 1_000_000 },
        send: { per_operation: 100_000, per_day: 200_000, per_thirty_days: 1_000_000 },
      },
    });
  });

  it('puts the server’s refusal under its field', async () => {
    api.on('POST /limits/versions', {
      status: 422,
      body: {
        message: 'Données invalides',
        code: 'VALIDATION_ERROR',
        errors: { effective_from: ["La date d'entrée en vigueur doit être dans le futur"] },
      },
    });
    const { user } = await open();
    await user.click(screen.getByRole('radio', { name: 'À une date et heure' }));
    await user.type(screen.getByLabelText("Date et heure (heure d'Haïti)"), '2099-01-01T08:00');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la nouvelle version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer ces limites ?' });
    expect(plain(dialog.textContent)).toContain('à partir du 1 janvier 2099');
    expect(dialog).toHaveTextContent(
      'Aucune limite ne change : cette version reprendrait celles en vigueur.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(screen.getByLabelText("Date et heure (heure d'Haïti)")).toHaveAccessibleDescription(
        "La date d'entrée en vigueur doit être dans le futur",
      ),
    );
    expect(posted(api)[0]!.body).toMatchObject({ effective_from: '2099-01-01T08:00:00-05:00' });
  });

  it('cancels a coming version after a confirmation', async () => {
    api.on(`POST /limits/versions/${coming.id}/cancel`, { body: { data: { ...schedule, coming: [] } } });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Annuler la version n° 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la version n° 3 ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la version' }));
    expect(await screen.findByText('Version des limites annulée')).toBeVisible();
    expect(posted(api).map((request) => request.path)).toEqual([`/limits/versions/${coming.id}/cancel`]);
  });

  it('says when the schedule could not be read, and reads it again on « Réessayer »', async () => {
    let calls = 0;
    api.on('GET /limits', () => {
      calls += 1;
      return calls === 1 ? { status: 400, proxy: true } : { body: { data: schedule } };
    });
    const { user } = renderApp({ path: '/limits', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    await user.click(await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 5000 }));
    expect(screen.getAllByText('Les limites n’ont pas pu être chargées.')[0]).toBeVisible();
    expect(await screen.findByRole('table', { name: 'Limites en vigueur' })).toBeVisible();
  });
});

function posted(server: ApiServer) {
  return server.requests.filter((request) => request.method === 'POST');
}

describe('the customers’ limits in Kreyòl (decisions 236, 238)', () => {
  speakKreyolInEach();

  it('shows the versions in Kreyòl, their dates by Lajan’s month names and the French figures', async () => {
    renderApp({ path: '/limits', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const table = await screen.findByRole('table', { name: 'Limit ki an vigè' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Limit kliyan yo', level: 1 })).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Vèsyon nimewo 1, an vigè depi kòmansman sèvis la' }),
    ).toBeVisible();
    const header = within(table).getAllByRole('row')[0];
    expect(Array.from(header?.children ?? [], (cell) => cell.textContent)).toEqual([
      'Kategori',
      'Pou chak tranzaksyon',
      'Pa jou',
      'Sou 30 jou',
    ]);
    expect(table).toHaveTextContent(plain('250 000,00 HTG'));
    expect(
      screen.getByRole('region', { name: 'Vèsyon nimewo 3, apati 25 desanm 2099 a 08:00' }),
    ).toBeVisible();
    expect(screen.getByText(/^Vèsyon nimewo 2, apati 1 janvye 2099 a 08:00 : Anile/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Anrejistre nouvo vèsyon an' })).toBeVisible();
  });
});

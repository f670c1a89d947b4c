import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { amountMessages, formatHtg, type FeeRow } from '@lajan/domain';
import { startApiServer, type ApiServer, type RecordedRequest } from '../../test/api-server';
import { setScreenLanguage } from '../../i18n/i18n';
import { renderApp } from '../../test/render-app';
import { feeQuoteRoute } from '../../test/transactions';
import { makeToken } from '../../test/tokens';
import { superAdmin, teller } from '../../test/users';
import { speakKreyol } from '../../test/kreyol';

const withdrawalRows: FeeRow[] = [
  { type: 'withdrawal', min_amount: 20, max_amount: 249.99, fee: 10, agent_share: 4 },
  { type: 'withdrawal', min_amount: 250, max_amount: 499.99, fee: 15, agent_share: 6 },
  { type: 'withdrawal', min_amount: 500, max_amount: 59999.99, fee: 1500.5, agent_share: 600 },
];

const comingWithdrawalRows: FeeRow[] = [
  { type: 'withdrawal', min_amount: 20, max_amount: 59999.99, fee: 25, agent_share: 10 },
];

const groups = [
  {
    type: 'deposit',
    label: 'Dépôt',
    version: { number: 1, effectiveFrom: '-infinity' },
    coming: [],
    rows: [{ type: 'deposit', min_amount: 1, max_amount: 100000, fee: 0, agent_share: 0 }],
  },
  {
    type: 'withdrawal',
    label: 'Retrait',
    // 24 November 2026, 09:00 in Haiti (UTC−5).
    version: { number: 2, effectiveFrom: '2026-11-24T14:00:00.000Z' },
    coming: [{ number: 3, effectiveFrom: '2099-11-25T13:00:00.000Z', rows: comingWithdrawalRows }],
    rows: withdrawalRows,
  },
];

/** The text as read, with the no-break spaces of French numbers and dates as plain ones. */
function plain(text: string | null | undefined) {
  return (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
}

function editorOf(label: string) {
  return screen.getByRole('form', { name: `Modifier les frais : ${label}` });
}

function field(form: HTMLElement, name: string, band: number) {
  return within(form).getByLabelText(`${name}, tranche ${band}`);
}

describe('the fee table (/fees-list)', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
    api.on('GET /transactions/fees', { body: { data: groups } });
  });
  afterEach(() => api.close());

  it('shows the schedule grouped by type, in HTG, without an editor for a teller', async () => {
    renderApp({ path: '/fees-list', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const withdrawal = await screen.findByRole('table', { name: 'Frais : Retrait' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Dépôt', level: 2 })).toBeVisible();
    const rows = within(withdrawal).getAllByRole('row');
    expect(
      rows.map((row) =>
        Array.from(row.children, (cell) => cell.textContent?.replace(/[\u00a0\u202f]/g, ' ')),
      ),
    ).toEqual([
      ['Montant minimum', 'Montant maximum', 'Frais', "Part de l'agent"],
      ['20,00 HTG', '249,99 HTG', '10,00 HTG', '4,00 HTG'],
      ['250,00 HTG', '499,99 HTG', '15,00 HTG', '6,00 HTG'],
      ['500,00 HTG', '59 999,99 HTG', '1 500,50 HTG', '600,00 HTG'],
    ]);
    expect(screen.queryByRole('button', { name: /^Modifier/ })).not.toBeInTheDocument();
  });

  it("calculates the fee and total of an amount typed, from the operation's own quote, and says an amount outside the bands", async () => {
    api.on('GET /transactions/fees/quote', (request) =>
      Number(request.query.amount) < 20
        ? {
            status: 422,
            body: {
              message: `Montant hors barème : un retrait doit être compris entre ${formatHtg(20)} et ${formatHtg(59_999.99)}`,
              code: 'OUTSIDE_FEE_BANDS',
            },
          }
        : feeQuoteRoute({ withdrawal: 15 })(request),
    );
    const { user } = renderApp({ path: '/fees-list', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    const calculator = await screen.findByRole('region', { name: 'Calculer les frais' }, { timeout: 5000 });
    await user.selectOptions(
      within(calculator).getByRole('combobox', { name: "Type d'opération" }),
      'Retrait',
    );
    await user.type(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' }), '300');
    const preview = await within(calculator).findByRole('region', { name: 'Frais et total' });
    expect(plain(preview.textContent)).toContain('Frais15,00 HTG');
    expect(plain(preview.textContent)).toContain('Total (montant + frais)315,00 HTG');
    expect(api.requests.at(-1)?.query).toMatchObject({ type: 'withdrawal', amount: '300' });

    await user.clear(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' }));
    await user.type(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' }), '10');
    expect(
      await within(calculator).findByText(
        'Montant hors barème : un retrait doit être compris entre 20,00 HTG et 59 999,99 HTG',
      ),
    ).toBeVisible();
    // The calculator continues to nothing: it says why, and asks nothing more.
    expect(within(calculator).queryByText(/pour continuer|étape précédente/)).not.toBeInTheDocument();

    // Above the cap, the field says the cap, and no quote is asked (it would say the bands' limit too).
    const asked = api.requests.length;
    await user.clear(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' }));
    await user.type(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' }), '123 456,78');
    expect(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' })).toHaveAccessibleDescription(
      'Le montant ne peut pas dépasser 100\u202f000\u00a0HTG',
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(within(calculator).queryByRole('region', { name: 'Frais et total' })).not.toBeInTheDocument();
    expect(within(calculator).queryByText(/hors barème/)).not.toBeInTheDocument();
    expect(api.requests.slice(asked).filter((request) => request.path.endsWith('/fees/quote'))).toEqual([]);
    await user.clear(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' }));
    for (const wrong of ['dix', '0', '-5', '0,001']) {
      await user.clear(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' }));
      await user.type(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' }), wrong);
      expect(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' })).toHaveAccessibleDescription(
        'Saisissez un montant positif en HTG, au plus deux décimales : par exemple 1\u202f500,50',
      );
    }
    // Thousands or three decimals: neither read, the way to write it said (decision 194).
    await user.clear(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' }));
    await user.type(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' }), '100,999');
    expect(within(calculator).getByRole('textbox', { name: 'Montant (HTG)' })).toHaveAccessibleDescription(
      amountMessages.ambiguous,
    );
  });

  it('lets the super administrator add and remove bands, refuses an overlap under its row, and saves after confirmation', async () => {
    const puts: RecordedRequest[] = [];
    api.on('PUT /transactions/fees/withdrawal', (request) => {
      puts.push(request);
      const body = request.body as { rows: Omit<FeeRow, 'type'>[] };
      return {
        body: {
          data: {
            type: 'withdrawal',
            label: 'Retrait',
            version: { number: 4, effectiveFrom: new Date().toISOString() },
            coming: [],
            rows: body.rows.map((row) => ({ type: 'withdrawal', ...row })),
          },
        },
      };
    });
    const { user } = renderApp({ path: '/fees-list', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    await user.click(
      await screen.findByRole('button', { name: 'Modifier les frais : Retrait' }, { timeout: 5000 }),
    );
    const form = editorOf('Retrait');
    expect(field(form, 'Montant minimum', 1)).toHaveValue('20');
    expect(field(form, 'Montant minimum', 1)).toHaveFocus();

    // A fourth band starting inside the third one.
    await user.click(within(form).getByRole('button', { name: 'Ajouter une tranche' }));
    expect(field(form, 'Montant minimum', 4)).toHaveValue('60000.00');
    await user.clear(field(form, 'Montant minimum', 4));
    await user.type(field(form, 'Montant minimum', 4), '400');
    await user.type(field(form, 'Montant maximum', 4), '70000');
    await user.type(field(form, 'Frais', 4), '2000');
    await user.type(field(form, "Part de l'agent", 4), '800');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    const overlap = `Cette tranche chevauche la tranche de ${formatHtg(250)} à ${formatHtg(499.99)}`;
    expect(field(form, 'Montant minimum', 4)).toHaveAccessibleDescription(overlap);
    expect(field(form, 'Montant minimum', 4)).toHaveAttribute('aria-invalid', 'true');
    // Sorted by lower bound, the third band now starts inside the new one too: each message under its row.
    expect(field(form, 'Montant minimum', 3)).toHaveAccessibleDescription(
      `Cette tranche chevauche la tranche de ${formatHtg(400)} à ${formatHtg(70_000)}`,
    );
    expect(within(form).getByRole('alert')).toHaveTextContent('Veuillez corriger les erreurs du formulaire');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(puts).toHaveLength(0);

    // Mended: the band starts where the last one ends, after removing a band and moving the bounds.
    await user.clear(field(form, 'Montant minimum', 4));
    await user.type(field(form, 'Montant minimum', 4), '60000');
    await user.click(within(form).getByRole('button', { name: 'Supprimer la tranche 2' }));
    await user.clear(field(form, 'Montant maximum', 1));
    await user.type(field(form, 'Montant maximum', 1), '499,99');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer le barème ?' });
    expect(dialog).toHaveTextContent(
      "Les 3 tranches de « Retrait » s'appliqueront dès maintenant, à la place du barème actuel.",
    );
    expect(dialog).toHaveTextContent('Les transactions déjà enregistrées gardent leurs frais.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.body).toEqual({
      rows: [
        { min_amount: 20, max_amount: 499.99, fee: 10, agent_share: 4 },
        { min_amount: 500, max_amount: 59999.99, fee: 1500.5, agent_share: 600 },
        { min_amount: 60000, max_amount: 70000, fee: 2000, agent_share: 800 },
      ],
    });
    expect(await screen.findByText('Barème des frais enregistré')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Modifier les frais : Retrait' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Modifier les frais : Retrait' })).toHaveFocus(),
    );
  });

  it("shows the server's refusal under the cell it names", async () => {
    api.on('PUT /transactions/fees/withdrawal', {
      status: 422,
      body: {
        message: 'Les frais de cette tranche sont refusés',
        code: 'VALIDATION_ERROR',
        errors: { 'rows.2.fee': ['Les frais de cette tranche sont refusés'] },
      },
    });
    const { user } = renderApp({ path: '/fees-list', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    await user.click(
      await screen.findByRole('button', { name: 'Modifier les frais : Retrait' }, { timeout: 5000 }),
    );
    const form = editorOf('Retrait');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmer' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Les frais de cette tranche sont refusés',
    );
    expect(field(form, 'Frais', 3)).toHaveAccessibleDescription('Les frais de cette tranche sont refusés');
    expect(field(form, 'Frais', 3)).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses to save an empty schedule', async () => {
    const { user } = renderApp({ path: '/fees-list', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    await user.click(
      await screen.findByRole('button', { name: 'Modifier les frais : Dépôt' }, { timeout: 5000 }),
    );
    const form = editorOf('Dépôt');
    await user.click(within(form).getByRole('button', { name: 'Supprimer la tranche 1' }));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Au moins une tranche est requise');
  });
  it('says which version is in force since when, and shows the coming one with its bands, without actions for a teller', async () => {
    renderApp({ path: '/fees-list', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByRole('table', { name: 'Frais : Retrait' }, { timeout: 5000 });
    const withdrawal = screen.getByRole('region', { name: 'Retrait' });
    expect(plain(within(withdrawal).getByText(/^Version n° 2,/).textContent)).toBe(
      'Version n° 2, en vigueur depuis le 24 novembre 2026 à 09:00',
    );
    expect(
      within(screen.getByRole('region', { name: 'Dépôt' })).getByText(
        'Version n° 1, en vigueur depuis la mise en service',
      ),
    ).toBeVisible();
    const coming = within(withdrawal).getByRole('region', { name: /^Version n° 3, à partir du/ });
    expect(plain(within(coming).getByRole('heading', { level: 3 }).textContent)).toBe(
      'Version n° 3, à partir du 25 novembre 2099 à 08:00',
    );
    const comingTable = within(coming).getByRole('table', { name: 'Frais à venir : Retrait, version n° 3' });
    expect(plain(within(comingTable).getAllByRole('row')[1]?.textContent)).toContain('25,00 HTG');
    expect(screen.queryByRole('button', { name: /^Annuler la version/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Versions du barème/ })).not.toBeInTheDocument();
  });

  it('schedules a new version at a date and time in Haiti: refuses none and the past, then names the moment before saving', async () => {
    const puts: RecordedRequest[] = [];
    api.on('PUT /transactions/fees/withdrawal', (request) => {
      puts.push(request);
      const body = request.body as { rows: Omit<FeeRow, 'type'>[]; effective_from: string };
      return {
        body: {
          data: {
            type: 'withdrawal',
            label: 'Retrait',
            version: groups[1]!.version,
            coming: [
              {
                number: 4,
                effectiveFrom: new Date(body.effective_from).toISOString(),
                rows: body.rows.map((row) => ({ type: 'withdrawal', ...row })),
              },
            ],
            rows: withdrawalRows,
          },
        },
      };
    });
    const { user } = renderApp({ path: '/fees-list', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    await user.click(
      await screen.findByRole('button', { name: 'Modifier les frais : Retrait' }, { timeout: 5000 }),
    );
    const form = editorOf('Retrait');
    const effective = within(form).getByRole('group', { name: 'Entrée en vigueur' });
    expect(within(effective).getByRole('radio', { name: 'Maintenant' })).toBeChecked();
    await user.click(within(effective).getByRole('radio', { name: 'À une date et heure' }));
    const at = within(form).getByLabelText("Date et heure (heure d'Haïti)");

    // None chosen: the form asks for it.
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(at).toHaveAccessibleDescription("Choisissez la date et l'heure d'entrée en vigueur");
    expect(within(form).getByRole('alert')).toHaveTextContent(
      "Choisissez la date et l'heure d'entrée en vigueur",
    );
    // In the past: the domain's message, as the server would say it.
    await user.type(at, '2020-01-01T08:00');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(at).toHaveAccessibleDescription("La date d'entrée en vigueur doit être dans le futur");
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(at);
    await user.type(at, '2099-11-25T08:00');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer le barème ?' });
    expect(plain(dialog.textContent)).toContain(
      "Les 3 tranches de « Retrait » s'appliqueront à partir du 25 novembre 2099 à 08:00 (heure d'Haïti). D'ici là, le barème actuel reste appliqué.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.body).toMatchObject({ effective_from: '2099-11-25T08:00:00-05:00' });
    expect(
      await screen.findByText(/^Nouveau barème programmé pour le 25 novembre 2099 à 08:00$/),
    ).toBeVisible();
  });

  it('cancels a coming version after a confirmation, and says in French why it cannot any more', async () => {
    let answer: 'refuse' | 'accept' = 'refuse';
    let release: () => void = () => undefined;
    const deletes: RecordedRequest[] = [];
    api.on('GET /transactions/fees', () => ({
      body: { data: answer === 'accept' ? [groups[0], { ...groups[1], coming: [] }] : groups },
    }));
    api.on('DELETE /transactions/fees/withdrawal/versions/3', async (request) => {
      deletes.push(request);
      await new Promise<void>((resolve) => (release = resolve));
      return answer === 'refuse'
        ? {
            status: 409,
            body: {
              message: 'Cette version est déjà entrée en vigueur : elle ne peut plus être annulée',
              code: 'FEE_VERSION_IN_FORCE',
            },
          }
        : { body: { data: { ...groups[1], coming: [] } } };
    });
    const { user } = renderApp({ path: '/fees-list', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const cancel = await screen.findByRole(
      'button',
      { name: 'Annuler la version n° 3 : Retrait' },
      { timeout: 5000 },
    );
    await user.click(cancel);
    const dialog = await screen.findByRole('dialog', { name: 'Annuler la version n° 3 ?' });
    expect(plain(dialog.textContent)).toContain(
      "Le barème prévu pour le 25 novembre 2099 à 08:00 ne s'appliquera pas : les frais de « Retrait » restent ceux en vigueur.",
    );
    // Focus starts on the harmless choice; the keyboard confirms.
    expect(within(dialog).getByRole('button', { name: 'Garder la version' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la version' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Annulation/ })).toBeDisabled());
    await waitFor(() => expect(deletes).toHaveLength(1));
    release();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cette version est déjà entrée en vigueur : elle ne peut plus être annulée',
    );

    answer = 'accept';
    await user.click(within(dialog).getByRole('button', { name: 'Annuler la version' }));
    await waitFor(() => expect(deletes).toHaveLength(2));
    release();
    expect(await screen.findByText('Version du barème annulée')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Read again: the coming version is gone.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /^Version n° 3/ })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Modifier les frais : Retrait' })).toHaveFocus(),
    );
  });

  it('lists every version of a type: number, from when, by whom, when made, status', async () => {
    api.on('GET /transactions/fees/withdrawal/versions', {
      body: {
        data: [
          {
            number: 3,
            effectiveFrom: '2099-11-25T13:00:00.000Z',
            createdAt: '2026-11-24T15:30:00.000Z',
            createdBy: { username: 'superadmin' },
            status: 'coming',
            cancelledAt: null,
            rows: comingWithdrawalRows,
          },
          {
            number: 2,
            effectiveFrom: '2026-11-24T14:00:00.000Z',
            createdAt: '2026-11-24T13:00:00.000Z',
            createdBy: { username: 'direction' },
            status: 'in_force',
            cancelledAt: null,
            rows: withdrawalRows,
          },
          {
            number: 1,
            effectiveFrom: '-infinity',
            createdAt: '2026-11-01T12:00:00.000Z',
            createdBy: null,
            status: 'past',
            cancelledAt: null,
            rows: withdrawalRows,
          },
        ],
      },
    });
    const { user } = renderApp({ path: '/fees-list', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const toggle = await screen.findByRole(
      'button',
      { name: 'Versions du barème : Retrait' },
      { timeout: 5000 },
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = await screen.findByRole('table', { name: 'Versions du barème : Retrait' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => Array.from(row.children, (cell) => plain(cell.textContent))),
    ).toEqual([
      ['Version', 'En vigueur à partir du', 'Créée par', 'Créée le', 'Statut'],
      ['n° 3', '25 novembre 2099 à 08:00', 'superadmin', '24/11/2026 10:30', 'À venir'],
      ['n° 2', '24 novembre 2026 à 09:00', 'direction', '24/11/2026 08:00', 'En vigueur'],
      ['n° 1', 'Mise en service', 'Mise en service', '01/11/2026 07:00', 'Remplacée'],
    ]);
    await user.click(toggle);
    expect(screen.queryByRole('table', { name: 'Versions du barème : Retrait' })).not.toBeInTheDocument();
  });
});

describe('the fee table in Kreyòl (decisions 236, 238)', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
    api.on('GET /transactions/fees', { body: { data: groups } });
    await speakKreyol();
  });
  afterEach(async () => {
    await api.close();
    await setScreenLanguage('fr');
  });

  it('shows the bands and the editor in Kreyòl, with the French figures', async () => {
    const { user } = renderApp({ path: '/fees-list', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    const withdrawal = await screen.findByRole('table', { name: 'Frè : Retrè' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { name: 'Tablo frè yo', level: 1 })).toBeVisible();
    const rows = within(withdrawal).getAllByRole('row');
    expect(
      rows.slice(0, 2).map((row) => Array.from(row.children, (cell) => plain(cell.textContent))),
    ).toEqual([
      ['Montan minimòm', 'Montan maksimòm', 'Frè', 'Pati ajan an'],
      ['20,00 HTG', '249,99 HTG', '10,00 HTG', '4,00 HTG'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Modifye frè yo : Retrè' }));
    const form = screen.getByRole('form', { name: 'Modifye frè yo : Retrè' });
    expect(within(form).getByRole('group', { name: 'Tranch 1' })).toBeVisible();
    expect(within(form).getByLabelText('Frè, tranch 1')).toHaveValue('10');
    expect(within(form).getByRole('button', { name: 'Ajoute yon tranch' })).toBeVisible();
  });
});

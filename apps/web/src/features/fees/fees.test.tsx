import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeeRow } from '@lajan/domain';
import { startApiServer, type ApiServer, type RecordedRequest } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { superAdmin, teller } from '../../test/users';

const withdrawalRows: FeeRow[] = [
  { type: 'withdrawal', min_amount: 20, max_amount: 249.99, fee: 10, agent_share: 4 },
  { type: 'withdrawal', min_amount: 250, max_amount: 499.99, fee: 15, agent_share: 6 },
  { type: 'withdrawal', min_amount: 500, max_amount: 59999.99, fee: 1500.5, agent_share: 600 },
];

const groups = [
  {
    type: 'deposit',
    label: 'Dépôt',
    rows: [{ type: 'deposit', min_amount: 1, max_amount: 100000, fee: 0, agent_share: 0 }],
  },
  { type: 'withdrawal', label: 'Retrait', rows: withdrawalRows },
];

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

    const overlap = 'Cette tranche chevauche la tranche de 250,00 HTG à 499,99 HTG';
    expect(field(form, 'Montant minimum', 4)).toHaveAccessibleDescription(overlap);
    expect(field(form, 'Montant minimum', 4)).toHaveAttribute('aria-invalid', 'true');
    // Sorted by lower bound, the third band now starts inside the new one too: each message under its row.
    expect(field(form, 'Montant minimum', 3)).toHaveAccessibleDescription(
      'Cette tranche chevauche la tranche de 400,00 HTG à 70 000,00 HTG',
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
    expect(dialog).toHaveTextContent('Les 3 tranches de « Retrait » remplaceront le barème actuel.');
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
});

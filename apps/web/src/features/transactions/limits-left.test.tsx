import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { limitLeftTexts, type LimitLeft } from '@lajan/domain';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean, personList } from '../../test/persons';
import { navigateTo, renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { feeQuoteRoute, serveEmptyDashboard, transactionAnswer } from '../../test/transactions';
import { teller } from '../../test/users';

/*
 * The amount step says what the customer has left of her limits (decision 227) once the account or the sender
 * is known, and refuses an amount above it before Enregistrer; a read that fails blocks nothing.
 */

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  serveEmptyDashboard(api);
  api.on('POST /accounts/search', { body: { data: { account: accountOf([jean], { balance: 90_000 }) } } });
  api.on('GET /transactions/fees/quote', feeQuoteRoute({ withdrawal: 40, external_transfer: 65 }));
  api.on('GET /persons', { body: personList([jean]) });
});
afterEach(async () => {
  await api.close();
});

function leftOf(overrides: Partial<LimitLeft> = {}): { body: { data: LimitLeft } } {
  return {
    body: {
      data: {
        type: 'deposit',
        category: 'cash_in',
        label: 'Dépôts en espèces',
        day: '2026-12-05',
        version: 1,
        perOperation: 100_000,
        perDay: 250_000,
        perThirtyDays: 1_500_000,
        leftToday: 12_500,
        leftThirtyDays: 300_000,
        maxAmount: 12_500,
        ...overrides,
      },
    },
  };
}

const next = () => screen.getByRole('button', { name: 'Suivant' });
const amount = () => screen.getByRole('textbox', { name: 'Montant (HTG)' });
/** A text as `toHaveTextContent` reads the page: its no-break spaces as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function open(path: string, heading: string) {
  const rendered = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
  await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
  await navigateTo(rendered.app, path);
  await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 5000 });
  return rendered;
}

async function toAmountStep(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '40912345678{Enter}');
  await screen.findByRole('region', { name: 'Compte trouvé' });
  await user.click(next());
  await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean Pierre');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
  await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
}

describe('what a customer has left, at the amount step (decision 227)', () => {
  it('says it under the deposit’s amount and refuses above it with the refusal’s own words', async () => {
    api.on('GET /limits/left', leftOf());
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await toAmountStep(user);
    expect(
      await screen.findByText(
        plain(
          "Ce client peut encore déposer 12 500,00 HTG aujourd'hui (300 000,00 HTG sur 30 jours, 100 000,00 HTG par opération)",
        ),
        { normalizer: plain },
      ),
    ).toBeVisible();
    expect(api.requests.find((request) => request.path === '/limits/left')?.query).toEqual({
      type: 'deposit',
      accountNumber: '40912345678',
    });

    await user.type(amount(), '12500,01');
    const refusal = plain("Limite journalière atteinte pour ce client : reste 12 500,00 HTG aujourd'hui");
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
    expect(accessibleDescription(amount())).toBe(refusal);
    expect(next()).toBeDisabled();
    expect(next()).toHaveAccessibleDescription(limitLeftTexts.changeAmount);

    // The last centime left passes.
    await user.clear(amount());
    await user.type(amount(), '12500');
    expect(amount()).not.toHaveAttribute('aria-invalid');
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
  });

  it('refuses above the per-operation limit and over 30 days, each in its words', async () => {
    api.on(
      'GET /limits/left',
      leftOf({
        type: 'withdrawal',
        category: 'cash_out',
        perOperation: 5_000,
        leftToday: 150_000,
        leftThirtyDays: 7_000,
      }),
    );
    const { user } = await open('/transaction/withdraw', 'Retrait');
    await toAmountStep(user);
    expect(
      await screen.findByText(/^Ce client peut encore retirer 150 000,00 HTG aujourd'hui/, {
        normalizer: plain,
      }),
    ).toBeVisible();
    await user.type(amount(), '6000');
    expect(accessibleDescription(amount())).toBe(
      plain('Montant au-dessus de la limite par opération pour ce client : 5 000,00 HTG au plus'),
    );
    expect(next()).toBeDisabled();
  });

  it('shows a quiet line and blocks nothing when the read fails; the server’s refusal is still said', async () => {
    api.on('GET /limits/left', { status: 404, body: { message: 'Compte introuvable', code: 'NOT_FOUND' } });
    api.on('POST /transactions/deposit', {
      status: 422,
      body: {
        message: "Limite journalière atteinte pour ce client : reste 0,00\u00a0HTG aujourd'hui",
        code: 'LIMIT_EXCEEDED',
      },
    });
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await toAmountStep(user);
    expect(await screen.findByText(limitLeftTexts.unavailable)).toBeVisible();
    await user.type(amount(), '1000');
    expect(next()).toBeEnabled();
    await user.click(next());
    await screen.findByRole('region', { name: 'Frais et total' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      (await screen.findAllByText(/^Limite journalière atteinte pour ce client/, { normalizer: plain }))[0],
    ).toBeVisible();
  });

  it('says the loading line while the read waits, and lets the teller go on', async () => {
    api.on('GET /limits/left', { hang: true });
    api.on('POST /transactions/deposit', transactionAnswer({ amount: 1000, total: 1000 }));
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await toAmountStep(user);
    expect(screen.getByText(limitLeftTexts.loading)).toBeVisible();
    await user.type(amount(), '1000');
    expect(next()).toBeEnabled();
  });

  it('reads a cash send’s sender by person (decision 227: the sender is counted)', async () => {
    api.on('GET /limits/left', (request) => ({
      ...leftOf({ type: 'external_transfer', category: 'send', leftToday: 2_000, maxAmount: 2_000 }),
      ...(request.query.personId === jean.id || request.query.accountNumber ? {} : { status: 404 }),
    }));
    const rendered = renderApp({
      path: '/transaction/external-transfer/create',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    const { user } = rendered;
    await screen.findByRole(
      'heading',
      { name: 'Effectuer un transfert externe', level: 1 },
      { timeout: 5000 },
    );
    await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
    await user.type(screen.getByRole('searchbox'), 'jean{Enter}');
    await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: /Jean PIERRE/ }));
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Marie');
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Joseph');
    await user.type(screen.getByRole('textbox', { name: 'Téléphone' }), '+509 3800-0000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'passport');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), 'PP-123456');
    await user.click(next());
    expect(
      await screen.findByText(/^Ce client peut encore envoyer 2 000,00 HTG aujourd'hui/, {
        normalizer: plain,
      }),
    ).toBeVisible();
    expect(api.requests.find((request) => request.path === '/limits/left')?.query).toEqual({
      type: 'external_transfer',
      personId: jean.id,
    });
    await user.type(amount(), '2500');
    expect(accessibleDescription(amount())).toBe(
      plain("Limite journalière atteinte pour ce client : reste 2 000,00 HTG aujourd'hui"),
    );
    expect(next()).toBeDisabled();
  });
});

/** The text of the elements that describe `element`, no-break spaces as spaces. */
function accessibleDescription(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return plain(
    ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

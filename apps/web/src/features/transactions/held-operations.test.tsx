import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { drawerMessages, linkWaitTexts, operationKeyMessages, pendingOperationMessages } from '@lajan/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean } from '../../test/persons';
import { navigateTo, renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import {
  feeQuoteRoute,
  serveEmptyDashboard,
  transactionAnswer,
  transactionOf,
} from '../../test/transactions';
import { teller } from '../../test/users';

/*
 * Decision 147: a confirmed operation without an answer is held, shown on every screen, and settled by
 * the teller: sent again with its key, checked, or abandoned.
 */

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  serveEmptyDashboard(api);
  api.on('POST /accounts/search', { body: { data: { account: accountOf([jean], { balance: 2500 }) } } });
  api.on('GET /transactions/fees/quote', feeQuoteRoute());
});
afterEach(async () => {
  await api.close();
});

const banner = () => screen.findByRole('region', { name: 'Opération en attente de confirmation' });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

/** A deposit of 1 500 HTG confirmed while the server does not answer: held. */
async function holdDeposit(): Promise<{
  user: UserEvent;
  key: string;
  app: ReturnType<typeof renderApp>['app'];
}> {
  api.on('POST /transactions/deposit', { hang: true });
  const { user, app } = renderApp({
    path: '/',
    token: makeToken(teller),
    apiBaseUrl: api.baseUrl,
    httpTimeoutMs: 400,
  });
  await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
  await navigateTo(app, '/transaction/deposit');
  await screen.findByRole('heading', { name: 'Dépôt', level: 1 });
  await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '40912345678{Enter}');
  await screen.findByRole('region', { name: 'Compte trouvé' });
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean Pierre');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
  await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
  await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '1500');
  await user.click(screen.getByRole('button', { name: 'Suivant' }));
  await screen.findByRole('region', { name: 'Frais et total' });
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  const held = await banner();
  expect(held).toHaveTextContent('Dépôt de 1 500,00 HTG · compte 40912345678 · Jean Pierre');
  expect(await screen.findByText('Hors ligne')).toBeVisible();
  const key = api.requests.find((request) => request.path === '/transactions/deposit')?.headers[
    'idempotency-key'
  ];
  expect(typeof key).toBe('string');
  return { user, key: key as string, app };
}

describe('an operation without an answer (decision 147)', () => {
  it('is held on every screen, checked, then sent again with its key and posted once', async () => {
    const { user, key, app } = await holdDeposit();
    // It follows the teller to another screen.
    await navigateTo(app, '/');
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 });
    const held = await banner();

    api.on(`GET /transactions/by-idempotency-key/${key}`, {
      status: 404,
      body: { message: 'Aucune opération connue sous cette clé', code: 'NOT_FOUND' },
    });
    await user.click(within(held).getByRole('button', { name: 'Vérifier' }));
    expect(await toasts().findByText(/Le serveur ne connaît pas cette opération/)).toBeVisible();
    expect(screen.queryByText('Hors ligne')).toBeNull();
    expect(await banner()).toBeVisible();

    api.on('POST /transactions/deposit', transactionAnswer());
    await user.click(within(await banner()).getByRole('button', { name: 'Renvoyer' }));
    expect(await toasts().findByText('Opération enregistrée.')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Opération en attente de confirmation' })).toBeNull(),
    );
    const posts = api.requests.filter((request) => request.path === '/transactions/deposit');
    expect(posts.map((request) => request.headers['idempotency-key'])).toEqual([key, key]);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
  });

  it('is refused for good when the fees changed meanwhile (FEES_CHANGED), saying the new fee and total', async () => {
    const { user, key } = await holdDeposit();
    // The held confirmation carries the version its fee was quoted with (decision 150).
    expect(api.requests.find((request) => request.path === '/transactions/deposit')?.body).toMatchObject({
      amount: 1500,
      feeVersion: 1,
    });
    api.on('POST /transactions/deposit', {
      status: 409,
      body: {
        message: 'Les frais ont changé',
        code: 'FEES_CHANGED',
        quote: {
          type: 'deposit',
          amount: 1500,
          fee: 10,
          agentShare: 4,
          total: 1510,
          currency: 'HTG',
          feeVersion: { number: 2, effectiveFrom: '2026-11-24T13:00:00.000Z' },
        },
      },
    });
    await user.click(within(await banner()).getByRole('button', { name: 'Renvoyer' }));
    const refusal = await toasts().findByText(/les frais ont changé/);
    expect(refusal.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      "Le serveur a refusé l'opération : les frais ont changé ; elle n'a pas été enregistrée. Nouveaux frais : 10,00 HTG, total 1 510,00 HTG. Saisissez-la à nouveau si le client accepte.",
    );
    // Final: no longer held, never sent again.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Opération en attente de confirmation' })).toBeNull(),
    );
    const posts = api.requests.filter((request) => request.path === '/transactions/deposit');
    expect(posts.map((request) => request.headers['idempotency-key'])).toEqual([key, key]);
  });

  it('is no longer sent again once the server may have forgotten its key, and says to look in the history', async () => {
    const { user, key, app } = await holdDeposit();
    // Twenty-one hours later: the key may be pruned (24 h), so the same key could post it twice.
    const later = Date.now() + 21 * 60 * 60 * 1000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await navigateTo(app, '/');
      await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 });
      const held = await banner();
      await user.click(within(held).getByRole('button', { name: 'Renvoyer' }));
      expect(await within(held).findByText(/trop longtemps pour être renvoyée/)).toBeVisible();
      expect(within(held).getByRole('button', { name: 'Renvoyer' })).toBeDisabled();
      api.on(`GET /transactions/by-idempotency-key/${key}`, {
        status: 404,
        body: { message: 'Aucune opération connue sous cette clé', code: 'NOT_FOUND' },
      });
      await user.click(within(held).getByRole('button', { name: 'Vérifier' }));
      expect(await toasts().findByText(/ne garde plus la trace de cette opération/)).toBeVisible();
      expect(api.requests.filter((request) => request.path === '/transactions/deposit')).toHaveLength(1);
    } finally {
      clock.mockRestore();
    }
  });

  // Decision 196: the form that confirmed it, still on the screen, follows what the banner made of it.
  it('says on the form that confirmed it that the banner posted it, and Enregistrer replays the same key', async () => {
    const { user } = await holdDeposit();
    expect(screen.getByText(linkWaitTexts.heldHint)).toBeVisible();
    api.on('POST /transactions/deposit', transactionAnswer());
    await user.click(within(await banner()).getByRole('button', { name: 'Renvoyer' }));
    expect(
      await screen.findByText(pendingOperationMessages.postedFromBanner(transactionOf().transactionNumber)),
    ).toBeVisible();
    expect(screen.queryByText(linkWaitTexts.heldHint)).toBeNull();
    expect(await screen.findByRole('button', { name: /Imprimer/ })).toBeVisible();
    // Enregistrer again replays the same key: the same transaction, never a second one.
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path === '/transactions/deposit')).toHaveLength(3),
    );
    const keys = api.requests
      .filter((request) => request.path === '/transactions/deposit')
      .map((request) => request.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
  });

  it('says on the form that confirmed it that the banner abandoned it', async () => {
    const { user, key } = await holdDeposit();
    api.on(`POST /transactions/by-idempotency-key/${key}/void`, { body: { data: { state: 'abandoned' } } });
    await user.click(within(await banner()).getByRole('button', { name: 'Abandonner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abandonner cette opération ?' });
    await user.click(within(dialog).getByRole('button', { name: "Abandonner l'opération" }));
    expect(await screen.findByText(operationKeyMessages.abandoned)).toBeVisible();
    expect(screen.queryByText(linkWaitTexts.heldHint)).toBeNull();
    // Enregistrer again is a new operation, under a new key (the old one is void on the server).
    api.on('POST /transactions/deposit', transactionAnswer());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path === '/transactions/deposit')).toHaveLength(2),
    );
    const keys = api.requests
      .filter((request) => request.path === '/transactions/deposit')
      .map((request) => request.headers['idempotency-key']);
    expect(keys[1]).not.toBe(key);
  });

  it('is abandoned at the teller’s word, after a confirmation, and is gone', async () => {
    const { user, key } = await holdDeposit();
    api.on(`POST /transactions/by-idempotency-key/${key}/void`, { body: { data: { state: 'abandoned' } } });
    await user.click(within(await banner()).getByRole('button', { name: 'Abandonner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abandonner cette opération ?' });
    await user.click(within(dialog).getByRole('button', { name: "Abandonner l'opération" }));
    expect(await toasts().findByText("Opération abandonnée : elle n'a pas été enregistrée.")).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Opération en attente de confirmation' })).toBeNull(),
    );
    expect(
      api.requests.filter((request) => request.path === `/transactions/by-idempotency-key/${key}/void`),
    ).toHaveLength(1);
  });

  it('answers an abandon with the receipt when the operation had been posted', async () => {
    const { user, key } = await holdDeposit();
    api.on(`POST /transactions/by-idempotency-key/${key}/void`, {
      body: { data: { state: 'posted', transaction: transactionOf() } },
    });
    await user.click(within(await banner()).getByRole('button', { name: 'Abandonner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abandonner cette opération ?' });
    await user.click(within(dialog).getByRole('button', { name: "Abandonner l'opération" }));
    expect(
      await toasts().findByText('Cette opération avait déjà été enregistrée : voici son reçu.'),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: /Imprimer/ })).toBeVisible();
  });

  it('prints a receipt that says NON CONFIRMÉ before the server answered', async () => {
    const { user } = await holdDeposit();
    await user.click(within(await banner()).getByRole('button', { name: 'Reçu non confirmé' }));
    const receipt = await screen.findByRole('dialog', { name: 'Reçu non confirmé' });
    expect(receipt).toHaveTextContent('NON CONFIRMÉ');
    expect(receipt).toHaveTextContent('Dépôt de 1 500,00 HTG');
  });

  it('asks what to do with it when the teller signs out', async () => {
    const { user } = await holdDeposit();
    await user.click(screen.getByRole('button', { name: 'Menu utilisateur' }));
    await user.click(screen.getByRole('menuitem', { name: 'Se déconnecter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Une opération attend encore sa confirmation' });
    expect(dialog).toHaveTextContent('Dépôt de 1 500,00 HTG');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(await banner()).toBeVisible();
  });
});

/*
 * Decision 215: a held operation's failure is said beside Enregistrer and in the banner, not by a red toast
 * over the confirmation; a toast about an operation closes once that operation is posted.
 */
describe('the toasts of one operation (decision 215)', () => {
  it('holds without a red toast, and once posted says only « Opération enregistrée. »', async () => {
    const { user } = await holdDeposit();
    // Beside Enregistrer and in the banner: nothing red over the confirmation.
    expect(screen.getByText(linkWaitTexts.heldHint)).toBeVisible();
    expect(toasts().queryAllByRole('alert')).toEqual([]);

    // Sent again while the server still does not answer: the banner's toast says so.
    await user.click(within(await banner()).getByRole('button', { name: 'Renvoyer' }));
    expect(await toasts().findByText(pendingOperationMessages.stillUnreachable)).toBeVisible();

    // Sent again and posted: the toast that said it was not is gone, beside the green one.
    api.on('POST /transactions/deposit', transactionAnswer());
    await user.click(within(await banner()).getByRole('button', { name: 'Renvoyer' }));
    expect(await toasts().findByText(pendingOperationMessages.posted)).toBeVisible();
    expect(toasts().queryByText(pendingOperationMessages.stillUnreachable)).toBeNull();
    expect(toasts().queryAllByRole('alert')).toEqual([]);
  });

  it('closes a refusal’s toast once the same operation, confirmed again, is posted', async () => {
    let refused = false;
    api.on('POST /transactions/deposit', () => {
      if (refused) return transactionAnswer();
      refused = true;
      return { status: 422, body: { message: drawerMessages.drawerClosed, code: 'DRAWER_CLOSED' } };
    });
    const { user, app } = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
    await navigateTo(app, '/transaction/deposit');
    await user.type(await screen.findByRole('textbox', { name: 'Numéro de compte' }), '40912345678{Enter}');
    await screen.findByRole('region', { name: 'Compte trouvé' });
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean Pierre');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '1500');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('region', { name: 'Frais et total' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText(drawerMessages.drawerClosed)).toBeVisible();

    // The drawer was opened meanwhile (another tab): the same operation, confirmed again, is posted.
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Dépôt réalisé avec succès')).toBeVisible();
    expect(toasts().queryByText(drawerMessages.drawerClosed)).toBeNull();
    const keys = api.requests
      .filter((request) => request.path === '/transactions/deposit')
      .map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
  });
});

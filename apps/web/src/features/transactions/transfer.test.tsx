import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { wizardHints, type Account } from '@lajan/domain';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean, marie } from '../../test/persons';
import { navigateTo, renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { feeQuoteRoute, transactionAnswer, serveEmptyDashboard } from '../../test/transactions';
import { teller } from '../../test/users';

const senderAccount = accountOf([jean], { accountNumber: '40912345678', balance: 5000 });
const recipientAccount = accountOf([marie], {
  id: '20000000-0000-4000-8000-000000000002',
  accountNumber: '40987654321',
});

let api: ApiServer;
let accounts: Record<string, Account>;
beforeEach(async () => {
  api = await startApiServer();
  // The wizards go back to the dashboard when done (SPEC §4): its reads, answered empty.
  serveEmptyDashboard(api);
  accounts = {
    [senderAccount.accountNumber]: senderAccount,
    [recipientAccount.accountNumber]: recipientAccount,
  };
  api.on('POST /accounts/search', (request) => {
    const found = accounts[(request.body as { account_number: string }).account_number];
    return found
      ? { body: { data: { account: found } } }
      : { status: 404, body: { message: 'Compte introuvable', code: 'NOT_FOUND' } };
  });
  api.on('GET /transactions/fees/quote', feeQuoteRoute({ transfer: 25 }));
});
afterEach(async () => {
  await api.close();
});

const next = () => screen.getByRole('button', { name: 'Suivant' });

async function open() {
  const rendered = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl });
  await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
  await navigateTo(rendered.app, '/transaction/transfer');
  await screen.findByRole('heading', { name: 'Transfert', level: 1 }, { timeout: 5000 });
  return rendered;
}

async function find(user: UserEvent, label: string, number: string) {
  await user.type(screen.getByRole('textbox', { name: label }), `${number}{Enter}`);
  await screen.findByRole('region', { name: 'Compte trouvé' });
}

describe('the internal transfer wizard (SPEC §2, §5)', () => {
  it('walks sender account, recipient account, details and confirmation, then goes back with the receipt', async () => {
    api.on(
      'POST /transactions/transfer',
      transactionAnswer({
        type: 'transfer',
        amount: 1500,
        fee: 25,
        total: 1525,
        accountNumber: null,
        account: null,
        senderAccountNumber: senderAccount.accountNumber,
        senderAccount: { accountNumber: senderAccount.accountNumber },
        recipientAccountNumber: recipientAccount.accountNumber,
        recipientAccount: { accountNumber: recipientAccount.accountNumber },
      }),
    );
    const { user } = await open();
    expect(screen.getByText('Étape 1 sur 4')).toBeVisible();
    await find(user, 'Compte expéditeur', senderAccount.accountNumber);
    await user.click(next());
    expect(screen.getByText('Étape 2 sur 4')).toBeVisible();
    await find(user, 'Compte bénéficiaire', recipientAccount.accountNumber);
    // The sender's balance is shown (money leaves it), the recipient's is not: another customer's business.
    expect(screen.getByRole('region', { name: 'Compte expéditeur' })).toHaveTextContent('Solde');
    expect(screen.getByRole('region', { name: 'Compte trouvé' })).not.toHaveTextContent('Solde');
    await user.click(next());
    expect(screen.getByText('Étape 3 sur 4')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean Pierre');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '1500');
    await user.click(next());

    const summary = await screen.findByLabelText('Récapitulatif');
    expect(summary).toHaveTextContent('Compte expéditeur40912345678');
    expect(summary).toHaveTextContent('Compte bénéficiaire40987654321');
    expect(summary).toHaveTextContent('Titulaire(s) bénéficiaireMarie JOSEPH');
    const preview = await screen.findByRole('region', { name: 'Frais et total' });
    expect(preview).toHaveTextContent('Frais25,00 HTG');
    expect(preview).toHaveTextContent('Total débité du compte1 525,00 HTG');
    expect(api.requests.find((request) => request.path === '/transactions/fees/quote')?.query).toEqual({
      type: 'transfer',
      amount: '1500',
    });

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(screen.getByRole('region', { name: 'Notifications' })).findByText(
        'Transfert réalisé avec succès',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    const receipt = await screen.findByRole('complementary', { name: 'Reçu' });
    expect(receipt).toHaveTextContent('Compte expéditeur40912345678');
    expect(receipt).toHaveTextContent('Compte bénéficiaire40987654321');
    expect(api.requests.find((request) => request.path === '/transactions/transfer')?.body).toEqual({
      senderAccountNumber: '40912345678',
      recipientAccountNumber: '40987654321',
      party: { name: 'Jean Pierre', idDocumentType: 'id_card', idDocumentNumber: '003-456-789' },
      amount: 1500,
      feeVersion: 1,
    });
  });

  it('says at the details that the person at the counter holds none of the sender account, not at Enregistrer', async () => {
    const { user } = await open();
    await find(user, 'Compte expéditeur', senderAccount.accountNumber);
    await user.click(next());
    await find(user, 'Compte bénéficiaire', recipientAccount.accountNumber);
    await user.click(next());
    // Marie holds the recipient account, not the sender's (Jean's).
    await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Marie Joseph');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'passport');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), 'PA123456');
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '1500');
    await user.click(next());
    expect(screen.getByText('Étape 3 sur 4')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).toHaveAccessibleDescription(
      "La personne au guichet n'est pas titulaire de ce compte",
    );
    // The holder's own card, whatever its case: on to the confirmation.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
    await user.clear(screen.getByRole('textbox', { name: 'Numéro de document' }));
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
    await user.click(next());
    expect(await screen.findByText('Étape 4 sur 4')).toBeVisible();
    expect(api.requests.some((request) => request.path === '/transactions/transfer')).toBe(false);
  });

  it("says « Solde insuffisant » under the amount when the amount and its fee are above the sender's balance", async () => {
    const { user } = await open();
    await find(user, 'Compte expéditeur', senderAccount.accountNumber);
    await user.click(next());
    await find(user, 'Compte bénéficiaire', recipientAccount.accountNumber);
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean Pierre');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
    // 4 990 + 25 of fee is 5 015, typed and sent at once: Suivant waits for the fee and stays.
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '4990{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Montant (HTG)' })).toHaveAccessibleDescription(
        /^Solde insuffisant : solde disponible 5\s000,00\sHTG$/,
      ),
    );
    expect(screen.getByText('Étape 3 sur 4')).toBeVisible();
    expect(next()).toBeDisabled();
  });

  it('refuses the sender account as recipient', async () => {
    const { user } = await open();
    await find(user, 'Compte expéditeur', senderAccount.accountNumber);
    await user.click(next());
    await user.type(
      screen.getByRole('textbox', { name: 'Compte bénéficiaire' }),
      `${senderAccount.accountNumber}{Enter}`,
    );
    // Said once, under the field; beside the button only what to do.
    expect(
      await screen.findByText('Le compte bénéficiaire ne peut pas être le même que le compte expéditeur'),
    ).toBeVisible();
    expect(screen.getByText(wizardHints.otherRecipientAccount)).toBeVisible();
    expect(next()).toBeDisabled();
  });

  it('refuses a recipient account in another currency', async () => {
    accounts[recipientAccount.accountNumber] = { ...recipientAccount, currency: 'USD' };
    const { user } = await open();
    await find(user, 'Compte expéditeur', senderAccount.accountNumber);
    await user.click(next());
    await user.type(
      screen.getByRole('textbox', { name: 'Compte bénéficiaire' }),
      `${recipientAccount.accountNumber}{Enter}`,
    );
    expect((await screen.findAllByText('Les devises des comptes doivent être identiques'))[0]).toBeVisible();
    expect(next()).toBeDisabled();
  });

  it('refuses a recipient account that is not active', async () => {
    accounts[recipientAccount.accountNumber] = { ...recipientAccount, status: 'inactive' };
    const { user } = await open();
    await find(user, 'Compte expéditeur', senderAccount.accountNumber);
    await user.click(next());
    await user.type(
      screen.getByRole('textbox', { name: 'Compte bénéficiaire' }),
      `${recipientAccount.accountNumber}{Enter}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("Le compte n'est pas actif");
    expect(next()).toBeDisabled();
  });

  it('finds an account through the account search modal too', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Rechercher Compte' }));
    await user.type(screen.getByRole('searchbox'), `${senderAccount.accountNumber}{Enter}`);
    await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: /40912345678/ }));
    expect(screen.getByRole('region', { name: 'Compte trouvé' })).toHaveTextContent('Jean PIERRE');
    expect(next()).toBeEnabled();
  });
});

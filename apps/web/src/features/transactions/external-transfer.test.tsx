import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean, personList } from '../../test/persons';
import { navigateTo, renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { unloadAsks } from '../../test/unload';
import { feeQuoteRoute, transactionAnswer } from '../../test/transactions';
import { teller } from '../../test/users';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  api.on('GET /persons', { body: personList([jean]) });
  api.on('POST /accounts/search', { body: { data: { account: accountOf([jean], { balance: 9000 }) } } });
  api.on('GET /transactions/fees/quote', feeQuoteRoute({ external_transfer: 65 }));
});
afterEach(async () => {
  await api.close();
});

const next = () => screen.getByRole('button', { name: 'Suivant' });
const previous = () => screen.getByRole('button', { name: 'Précédent' });
const stepHeading = () => screen.getAllByRole('heading', { level: 2 })[0];

async function open() {
  const rendered = renderApp({
    path: '/transaction/external-transfer/create',
    token: makeToken(teller),
    apiBaseUrl: api.baseUrl,
  });
  await screen.findByRole('heading', { name: 'Effectuer un transfert externe', level: 1 }, { timeout: 5000 });
  return rendered;
}

async function pickSender(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
  await user.type(screen.getByRole('searchbox'), 'jean{Enter}');
  await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: /Jean PIERRE/ }));
}

/** The person at the counter, typed from the card presented. */
async function typeParty(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean PIERRE');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
  await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
}

/** The recipient as a sender knows her (decision 209): name, phone and, here, her passport. */
async function fillRecipient(
  user: UserEvent,
  typePhone = () => user.type(screen.getByRole('textbox', { name: 'Téléphone' }), '+509 3800-0000'),
) {
  await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Marie');
  await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Joseph');
  await typePhone();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'passport');
  await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), 'PP-123456');
}

/** A send from Jean's account 40912345678, up to its amount step: the account found, the recipient typed. */
async function sendFromAccountToItsAmount(user: UserEvent) {
  await user.click(screen.getByRole('radio', { name: 'Depuis un compte' }));
  await pickSender(user);
  await user.click(next());
  await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '40912345678{Enter}');
  await screen.findByRole('region', { name: 'Compte trouvé' });
  await user.click(next());
  await fillRecipient(user);
  await user.click(next());
}

/** A field's visible label (or its `aria-label`). */
function labelOf(field: HTMLElement) {
  return field.getAttribute('aria-label') ?? (field as HTMLInputElement).labels?.[0]?.textContent;
}

/** The step's fields, by name, that say they are required (`aria-required`). */
function requiredFields() {
  return [...screen.queryAllByRole('textbox'), ...screen.queryAllByRole('combobox')]
    .filter((field) => field.getAttribute('aria-required') === 'true')
    .map(labelOf);
}

describe('the external transfer wizard (SPEC §2, §4, §5)', () => {
  it('skips the account step in cash mode, forward and back', async () => {
    const { user } = await open();
    expect(screen.getByRole('radio', { name: 'Espèces' })).toBeChecked();
    expect(screen.getByText('Étape 1 sur 4')).toBeVisible();
    expect(next()).toBeDisabled();
    await pickSender(user);
    expect(screen.getByRole('region', { name: 'Expéditeur choisi' })).toHaveTextContent('Jean PIERRE');
    await user.click(next());
    expect(screen.getByText('Étape 2 sur 4')).toBeVisible();
    expect(stepHeading()).toHaveTextContent('Bénéficiaire');
    await user.click(previous());
    expect(screen.getByText('Étape 1 sur 4')).toBeVisible();
    expect(stepHeading()).toHaveTextContent('Expéditeur');
  });

  it('asks before its own sidebar entry starts it over with something typed (decision 177)', async () => {
    const { user, app } = await open();
    await pickSender(user);
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Marie');
    // The same page on a new history entry starts over: that loses the work too.
    await navigateTo(app, '/transaction/external-transfer/create');
    const dialog = await screen.findByRole('dialog', { name: "Quitter l'opération ?" });
    await user.click(within(dialog).getByRole('button', { name: 'Rester' }));
    expect(screen.getByText('Étape 2 sur 4')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Marie');
  });

  it('asks for the account in account mode, and blocks one that is not active', async () => {
    api.on('POST /accounts/search', {
      body: { data: { account: accountOf([jean], { status: 'inactive' }) } },
    });
    const { user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Depuis un compte' }));
    expect(screen.getByText('Étape 1 sur 5')).toBeVisible();
    await pickSender(user);
    await user.click(next());
    expect(screen.getByText('Étape 2 sur 5')).toBeVisible();
    expect(stepHeading()).toHaveTextContent('Compte à débiter');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '40912345678{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent("Le compte n'est pas actif");
    expect(next()).toBeDisabled();
    await user.click(previous());
    expect(screen.getByText('Étape 1 sur 5')).toBeVisible();
  });

  it('asks the recipient only what a sender knows: first name, last name and phone (decision 209)', async () => {
    const { user } = await open();
    await pickSender(user);
    await user.click(next());
    expect(stepHeading()).toHaveTextContent('Bénéficiaire');
    expect(requiredFields()).toEqual(['Prénom', 'Nom', 'Téléphone']);
    // The document, optional, in a group of its own after them; nothing else is asked.
    const documentGroup = screen.getByRole('group', {
      name: "Pièce d'identité du bénéficiaire (facultatif)",
    });
    expect(
      within(documentGroup)
        .getAllByRole('combobox')
        .concat(within(documentGroup).getAllByRole('textbox'))
        .map(labelOf),
    ).toEqual(['Type de document', 'Numéro de document']);
    for (const asked of [
      'Date de naissance',
      'Sexe',
      'Statut matrimonial',
      'Profession',
      'Adresse',
      'Email',
    ]) {
      expect(screen.queryByLabelText(asked)).toBeNull();
    }
    expect(screen.queryByLabelText("Date d'émission")).toBeNull();

    await user.click(next());
    expect(screen.getByText('Étape 2 sur 4')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveAccessibleDescription(
      'Le prénom est requis',
    );
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveAccessibleDescription('Le nom est requis');
    expect(screen.getByRole('textbox', { name: 'Téléphone' })).toHaveAccessibleDescription(
      'Le numéro de téléphone est requis',
    );
    expect(screen.getByRole('combobox', { name: 'Type de document' })).not.toHaveAccessibleDescription();
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).not.toHaveAccessibleDescription();
  });

  it('takes the document whole or not at all, and says which half is missing', async () => {
    const { user } = await open();
    await pickSender(user);
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Marie');
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Joseph');
    await user.type(screen.getByRole('textbox', { name: 'Téléphone' }), '3800-0000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'passport');
    await user.click(next());
    expect(screen.getByText('Étape 2 sur 4')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).toHaveAccessibleDescription(
      'Le numéro de document est requis quand le type est choisi : donnez les deux, ou aucun',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), '');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), 'PP-123456');
    await user.click(next());
    expect(screen.getByText('Étape 2 sur 4')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Type de document' })).toHaveAccessibleDescription(
      'Le type de document est requis quand le numéro est saisi : donnez les deux, ou aucun',
    );

    await user.clear(screen.getByRole('textbox', { name: 'Numéro de document' }));
    await user.click(next());
    expect(screen.getByText('Étape 3 sur 4')).toBeVisible();
  });

  it('sends a cash transfer with only the name and the phone, the document as none', async () => {
    api.on(
      'POST /transactions/transfer-extern',
      transactionAnswer({ type: 'external_transfer', status: 'pending' }),
    );
    const { user } = await open();
    await pickSender(user);
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Marie');
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Joseph');
    await user.type(screen.getByRole('textbox', { name: 'Téléphone' }), '3800-0000');
    await user.click(next());
    await typeParty(user);
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '2000');
    await user.click(next());
    await screen.findByRole('region', { name: 'Frais et total' });
    const summary = screen.getByLabelText('Récapitulatif');
    expect(summary).toHaveTextContent('BénéficiaireMarie JOSEPH');
    expect(summary).toHaveTextContent('Téléphone du bénéficiaire+509 3800 0000');
    expect(summary).toHaveTextContent('Pièce du bénéficiaireAucune : le nom seul sera vérifié au retrait');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByRole('heading', { name: 'Transfert envoyé' });
    const body = api.requests.find((request) => request.path === '/transactions/transfer-extern')?.body;
    expect(body).toMatchObject({
      recipient: {
        firstName: 'Marie',
        lastName: 'Joseph',
        phoneNumber: '+50938000000',
        idDocumentType: null,
        idDocumentNumber: null,
      },
    });
    expect(Object.keys((body as { recipient: object }).recipient).sort()).toEqual([
      'firstName',
      'idDocumentNumber',
      'idDocumentType',
      'lastName',
      'phoneNumber',
    ]);
  });

  it('sends a cash transfer, then shows the pick-up code and the receipt', async () => {
    api.on(
      'POST /transactions/transfer-extern',
      transactionAnswer({
        transactionNumber: '738291045560',
        type: 'external_transfer',
        status: 'pending',
        amount: 2000,
        fee: 115,
        total: 2115,
        accountNumber: null,
        account: null,
        senderId: jean.id,
        sender: {
          id: jean.id,
          firstName: 'jean',
          lastName: 'Pierre',
          idDocumentType: 'id_card',
          idDocumentNumber: '003-456-789',
          phoneNumber: '+50937123456',
          address: '12 rue Grégoire',
        },
        recipient: {
          firstName: 'Marie',
          lastName: 'Joseph',
          phoneNumber: '+50938000000',
          idDocumentType: 'passport',
          idDocumentNumber: 'PP-123456',
        },
      }),
    );
    const { user } = await open();
    await pickSender(user);
    await user.click(next());
    await fillRecipient(user);
    await user.click(next());
    expect(screen.getByText('Étape 3 sur 4')).toBeVisible();
    // The sender is offered as the person at the counter, in a cash transfer's own words (no account).
    expect(screen.getByRole('region', { name: 'Expéditeur' })).toHaveTextContent(
      "Si l'expéditeur est la personne au guichet, choisissez-le",
    );
    expect(screen.queryByRole('region', { name: 'Titulaires du compte' })).toBeNull();
    // Nothing is filled from the search: the teller types the party from the card presented.
    expect(screen.getByRole('textbox', { name: 'Nom complet' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).toHaveValue('');
    await typeParty(user);
    expect(screen.getByRole('combobox', { name: 'Devise' })).toHaveValue('HTG');
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '2000');
    await user.click(next());

    const preview = await screen.findByRole('region', { name: 'Frais et total' });
    expect(preview).toHaveTextContent('Frais65,00 HTG');
    expect(preview).toHaveTextContent('Total à encaisser2 065,00 HTG');
    expect(screen.getByLabelText('Récapitulatif')).toHaveTextContent('BénéficiaireMarie JOSEPH');
    expect(screen.getByLabelText('Récapitulatif')).toHaveTextContent(
      'Pièce du bénéficiairePasseport PP-123456',
    );

    // Typed and not yet posted: a reload asks first (decision 177).
    expect(unloadAsks()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('heading', { name: 'Transfert envoyé' })).toBeVisible();
    // Sent, its pick-up code on screen: a reload asks nothing.
    expect(unloadAsks()).toBe(false);
    expect(screen.getByLabelText('Code de retrait 738291045560')).toHaveTextContent('738 291 045 560');
    // Its QR code on the success screen and on the receipt, for the paying teller's camera (the receipt's
    // comes with the receipt panel, a moment after the success screen's: wait for both).
    await waitFor(() =>
      expect(screen.getAllByRole('img', { name: 'QR code du code de retrait 738 291 045 560' })).toHaveLength(
        2,
      ),
    );
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).getByText(
        'Transfert externe réalisé avec succès',
      ),
    ).toBeVisible();
    const receipt = await screen.findByRole('complementary', { name: 'Reçu' });
    expect(receipt).toHaveTextContent('Code de retrait738 291 045 560');
    // Paid at the counter: the total says so, on the success screen and the receipt (decision 214).
    expect(screen.getByRole('region', { name: 'Transfert envoyé' })).toHaveTextContent(
      'Total payé en espèces2 115,00 HTG',
    );
    expect(receipt).toHaveTextContent('Total payé en espèces2 115,00 HTG');
    expect(within(receipt).getByRole('region', { name: 'Bénéficiaire' })).toHaveTextContent('Marie JOSEPH');
    expect(within(receipt).getByRole('region', { name: 'Expéditeur' })).toHaveTextContent('Jean PIERRE');

    const post = api.requests.find((request) => request.path === '/transactions/transfer-extern');
    expect(post?.body).toEqual({
      senderId: jean.id,
      currency: 'HTG',
      recipient: {
        firstName: 'Marie',
        lastName: 'Joseph',
        phoneNumber: '+50938000000',
        idDocumentType: 'passport',
        idDocumentNumber: 'PP-123456',
      },
      party: { name: 'Jean PIERRE', idDocumentType: 'id_card', idDocumentNumber: '003-456-789' },
      amount: 2000,
      feeVersion: 1,
    });
    expect(post?.body).not.toHaveProperty('accountNumber');
    expect(post?.headers['idempotency-key']).toBeTruthy();

    // The next customer: a fresh wizard; the receipt of the last one closes with the page.
    await user.click(screen.getByRole('button', { name: 'Nouveau transfert' }));
    await waitFor(() => expect(screen.getByText('Étape 1 sur 4')).toBeVisible());
    expect(screen.queryByRole('complementary', { name: 'Reçu' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Effectuer un transfert externe', level: 1 })).toBeVisible();
  });

  it('sends from an account without a currency of its own', async () => {
    api.on(
      'POST /transactions/transfer-extern',
      transactionAnswer({ type: 'external_transfer', status: 'pending' }),
    );
    const { user } = await open();
    await sendFromAccountToItsAmount(user);
    expect(screen.queryByRole('combobox', { name: 'Devise' })).not.toBeInTheDocument();
    await typeParty(user);
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '500');
    await user.click(next());
    await screen.findByRole('region', { name: 'Frais et total' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByRole('heading', { name: 'Transfert envoyé' });
    const body = api.requests.find((request) => request.path === '/transactions/transfer-extern')?.body;
    expect(body).toMatchObject({ senderId: jean.id, accountNumber: '40912345678', amount: 500 });
    expect(body).not.toHaveProperty('currency');
  });

  it("says « Solde insuffisant » under the amount when the total is above the account's balance, before the confirmation", async () => {
    const { user } = await open();
    await sendFromAccountToItsAmount(user);
    await typeParty(user);
    const amount = screen.getByRole('textbox', { name: 'Montant (HTG)' });
    // 8 950 + 65 of fee is 9 015: above the 9 000 the account holds.
    await user.type(amount, '8950');
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(/^Solde insuffisant : solde disponible 9\s000,00\sHTG$/),
    );
    expect(next()).toBeDisabled();
    expect(next()).toHaveAccessibleDescription('Changez le montant : le total dépasse le solde du compte.');

    await user.clear(amount);
    await user.type(amount, '8900');
    await waitFor(() => expect(amount).not.toHaveAccessibleDescription());
    expect(next()).toBeEnabled();
  });

  it("gives the recipient's phone the prefix choice of the person form, and sends prefix and number", async () => {
    api.on(
      'POST /transactions/transfer-extern',
      transactionAnswer({ type: 'external_transfer', status: 'pending' }),
    );
    const { user } = await open();
    await pickSender(user);
    await user.click(next());
    const prefix = screen.getByRole('combobox', { name: 'Indicatif' });
    expect(prefix).toHaveValue('+509');
    expect(
      within(prefix)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['+509 (Haïti)', '+1 (États-Unis)', '+33 (France)']);
    const phone = screen.getByRole('textbox', { name: 'Téléphone' });
    expect(phone).toHaveAttribute('placeholder', '612345678');

    // The person form's rules: too short a number is refused on its step.
    await fillRecipient(user, async () => {
      await user.selectOptions(prefix, '+33');
      await user.type(phone, '6123');
    });
    await user.click(next());
    expect(screen.getByText('Étape 2 sur 4')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Téléphone' })).toHaveAccessibleDescription(
      'Le numéro de téléphone doit contenir au moins 8 chiffres',
    );
    await user.type(screen.getByRole('textbox', { name: 'Téléphone' }), '45678');
    expect(screen.getByRole('combobox', { name: 'Indicatif' })).toHaveValue('+33');
    await user.click(next());

    expect(screen.getByText('Étape 3 sur 4')).toBeVisible();
    await typeParty(user);
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '2000');
    await user.click(next());
    await screen.findByRole('region', { name: 'Frais et total' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByRole('heading', { name: 'Transfert envoyé' });
    const body = api.requests.find((request) => request.path === '/transactions/transfer-extern')?.body;
    expect(body).toMatchObject({ recipient: { phoneNumber: '+33612345678' } });
  });
});

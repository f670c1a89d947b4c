import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean, marie } from '../../test/persons';
import { navigateTo, renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { unloadAsks } from '../../test/unload';
import { feeQuoteRoute, transactionAnswer, serveEmptyDashboard } from '../../test/transactions';
import { superAdmin, teller } from '../../test/users';
import { amountStepTexts, feePreviewTexts, formatHtg, quoteTexts } from '@lajan/domain';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  // The wizards go back to the dashboard when done (SPEC §4): its reads, answered empty.
  serveEmptyDashboard(api);
  api.on('POST /accounts/search', { body: { data: { account: accountOf([jean], { balance: 2500 }) } } });
  api.on('GET /transactions/fees/quote', feeQuoteRoute({ withdrawal: 40 }));
});
afterEach(async () => {
  await api.close();
});

const next = () => screen.getByRole('button', { name: 'Suivant' });
const save = () => screen.getByRole('button', { name: 'Enregistrer' });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

async function open(path: string, heading: string, httpTimeoutMs?: number) {
  const rendered = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl, httpTimeoutMs });
  await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
  await navigateTo(rendered.app, path);
  await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 5000 });
  return rendered;
}

/** A text as `toHaveTextContent` reads the page: its no-break spaces as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function findAccount(user: UserEvent, number = '40912345678') {
  await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), `${number}{Enter}`);
  await screen.findByRole('region', { name: 'Compte trouvé' });
}

/** The deposit's confirmation, held by the server until `answer()`: `arrived()` once it was sent. */
function holdDepositAnswer() {
  let answer: (() => void) | undefined;
  api.on(
    'POST /transactions/deposit',
    () =>
      new Promise((resolve) => {
        answer = () => resolve(transactionAnswer({ amount: 1500.5, total: 1500.5 }));
      }),
  );
  return { arrived: () => answer !== undefined, answer: () => answer?.() };
}

async function fillDetails(user: UserEvent, amount = '1 500,50') {
  await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean Pierre');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
  await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
  await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), amount);
}

describe('the deposit wizard (SPEC §2, §4, §5)', () => {
  it('is for tellers only', async () => {
    renderApp({ path: '/transaction/deposit', token: makeToken(superAdmin), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' }, { timeout: 5000 })).toBeVisible();
  });

  it('finds the account by its typed number and shows its holders', async () => {
    const { user } = await open('/transaction/deposit', 'Dépôt');
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    expect(next()).toBeDisabled();
    await findAccount(user);
    const card = screen.getByRole('region', { name: 'Compte trouvé' });
    expect(card).toHaveTextContent('40912345678');
    expect(card).toHaveTextContent('Jean PIERRE');
    // A deposit takes nothing from the account: its balance is not shown to whoever brings the money.
    expect(card).not.toHaveTextContent('Solde');
    expect(card).not.toHaveTextContent('2 500,00 HTG');
    expect(api.requests.find((request) => request.path === '/accounts/search')?.body).toEqual({
      account_number: '40912345678',
    });
    expect(next()).toBeEnabled();
  });

  it("shows no balance for another agent's account (the server sends none)", async () => {
    api.on('POST /accounts/search', {
      body: {
        data: {
          account: accountOf([jean], { balance: null, agent: { name: 'Kay Lajan Jacmel', code: 'JAC01' } }),
        },
      },
    });
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    const card = screen.getByRole('region', { name: 'Compte trouvé' });
    expect(card).toHaveTextContent('Agent : Kay Lajan Jacmel');
    expect(card).not.toHaveTextContent('Solde');
    expect(next()).toBeEnabled();
  });

  it('says when no account has this number', async () => {
    api.on('POST /accounts/search', {
      status: 404,
      body: { message: 'Compte introuvable', code: 'NOT_FOUND' },
    });
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '40900000000{Enter}');
    expect(await screen.findByText('Compte introuvable')).toBeVisible();
    expect(next()).toBeDisabled();
  });

  it('blocks an account that is not active with "Le compte n\'est pas actif"', async () => {
    api.on('POST /accounts/search', {
      body: { data: { account: accountOf([jean], { status: 'inactive' }) } },
    });
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    expect(screen.getAllByText("Le compte n'est pas actif")[0]).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent("Le compte n'est pas actif");
    expect(next()).toBeDisabled();
  });

  it('shows the messages of SPEC §5 under the fields', async () => {
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    await user.click(next());
    await user.click(next());
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nom complet' })).toHaveAccessibleDescription(
      'Le nom est requis',
    );
    expect(screen.getByRole('combobox', { name: 'Type de document' })).toHaveAccessibleDescription(
      'Le type de document est requis',
    );
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).toHaveAccessibleDescription(
      'Le numéro de document est requis',
    );
    expect(screen.getByRole('textbox', { name: 'Montant (HTG)' })).toHaveAccessibleDescription(
      'Le montant est requis',
    );

    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '-5');
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Montant (HTG)' })).toHaveAccessibleDescription(
      'Le montant doit être positif',
    );
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
  });

  it('previews the fee and the total on the confirmation step, then posts once with an idempotency key and goes back with the receipt', async () => {
    const deposit = holdDepositAnswer();
    const { user } = await open('/transaction/deposit', 'Dépôt');
    const historyReads = () =>
      api.requests.filter((request) => request.path === '/transactions/history').length;
    const readsBefore = historyReads();
    await findAccount(user);
    await user.click(next());
    await fillDetails(user);
    await user.click(next());

    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
    const preview = await screen.findByRole('region', { name: 'Frais et total' });
    expect(preview).toHaveTextContent('Frais0,00 HTG');
    expect(preview).toHaveTextContent('1 500,50 HTG');
    const quoteRequest = api.requests.find((request) => request.path === '/transactions/fees/quote');
    expect(quoteRequest?.query).toEqual({ type: 'deposit', amount: '1500.5' });

    await user.dblClick(save());
    expect(await screen.findByRole('button', { name: 'Enregistrement...' })).toBeDisabled();
    await waitFor(() => expect(deposit.arrived()).toBe(true));
    deposit.answer();

    expect(await toasts().findByText('Dépôt réalisé avec succès')).toBeVisible();
    // SPEC §4: back to the previous page, the receipt in the panel.
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    const receipt = await screen.findByRole('complementary', { name: 'Reçu' });
    expect(receipt).toHaveTextContent('48213907655');
    // The dashboard's latest transactions, read before the deposit, are read again: not the old list.
    await waitFor(() => expect(historyReads()).toBeGreaterThan(readsBefore));

    const posts = api.requests.filter((request) => request.path === '/transactions/deposit');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      accountNumber: '40912345678',
      party: { name: 'Jean Pierre', idDocumentType: 'id_card', idDocumentNumber: '003-456-789' },
      amount: 1500.5,
      // The version of the quote the teller confirmed (decision 150).
      feeVersion: 1,
    });
    expect(posts[0]?.headers['idempotency-key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('goes from the number to the next step with the keyboard alone: the number, Enter, Enter', async () => {
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    // The account found, Suivant has the keyboard.
    expect(next()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Étape 2 sur 3')).toBeVisible();
  });

  it("looks up the account it was opened with (a new account's « Faire un dépôt sur ce compte »)", async () => {
    const { user } = await open('/transaction/deposit?compte=40912345678', 'Dépôt');
    const card = await screen.findByRole('region', { name: 'Compte trouvé' });
    expect(card).toHaveTextContent('40912345678');
    expect(screen.getByRole('textbox', { name: 'Numéro de compte' })).toHaveValue('40912345678');
    expect(api.requests.filter((request) => request.path === '/accounts/search')).toHaveLength(1);
    await user.click(next());
    expect(await screen.findByText('Étape 2 sur 3')).toBeVisible();
  });

  it('keeps the keyboard in the search when the account found cannot be used', async () => {
    api.on('POST /accounts/search', {
      body: { data: { account: accountOf([jean], { status: 'inactive' }) } },
    });
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    expect(next()).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Numéro de compte' })).toHaveFocus();
  });

  it('moves on with Enter from the details, never confirms with it', async () => {
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '1500{Enter}');
    // Invalid: the step stays, with its messages.
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nom complet' })).toHaveAccessibleDescription(
      'Le nom est requis',
    );
    await user.clear(screen.getByRole('textbox', { name: 'Montant (HTG)' }));
    await fillDetails(user, '1500');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Étape 3 sur 3')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Confirmation', level: 2 })).toHaveFocus();
    await screen.findByRole('region', { name: 'Frais et total' });
    await user.keyboard('{Enter}');
    expect(api.requests.some((request) => request.path === '/transactions/deposit')).toBe(false);
  });

  it('says "Montant hors barème" at the amount step, as it is typed, and does not go on (decision 132)', async () => {
    const refusal = `Montant hors barème : un dépôt doit être compris entre ${formatHtg(20)} et ${formatHtg(100_000)}`;
    api.on('GET /transactions/fees/quote', (request) =>
      Number(request.query.amount) < 20
        ? {
            status: 422,
            body: { message: refusal, code: 'OUTSIDE_FEE_BANDS', errors: { amount: [refusal] } },
          }
        : feeQuoteRoute()(request),
    );
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    await user.click(next());
    await fillDetails(user, '10');
    // The page's text, its no-break spaces read as spaces.
    const shown = 'Montant hors barème : un dépôt doit être compris entre 20,00 HTG et 100 000,00 HTG';
    expect(await screen.findByText(shown)).toBeVisible();
    expect(screen.getByText('Opération impossible avec ce montant')).toBeVisible();
    // What to do is said once, under the button it disables (a walk-through read it twice, in other words).
    expect(screen.queryByText('Changez le montant pour continuer.')).not.toBeInTheDocument();
    expect(next()).toBeDisabled();
    expect(next()).toHaveAccessibleDescription('Changez le montant : il est hors barème.');

    // Typing a good amount clears it.
    await user.clear(screen.getByRole('textbox', { name: 'Montant (HTG)' }));
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '500');
    expect(await screen.findByRole('region', { name: 'Frais et total' })).toHaveTextContent(
      'Total à encaisser500,00 HTG',
    );
    expect(screen.queryByText(shown)).not.toBeInTheDocument();
    expect(next()).toBeEnabled();
    expect(api.requests.some((request) => request.path === '/transactions/deposit')).toBe(false);
  });

  it('shows the fee being computed, and offers to compute it again when the network fails', async () => {
    let quoteMode: 'hang' | 'ok' = 'hang';
    const answerQuote = feeQuoteRoute();
    api.on('GET /transactions/fees/quote', (request) =>
      quoteMode === 'hang' ? { hang: true } : answerQuote(request),
    );
    const { user } = await open('/transaction/deposit', 'Dépôt', 400);
    await findAccount(user);
    await user.click(next());
    await fillDetails(user, '1500');
    await user.click(next());
    // A status of its own (beside Enregistrer, decision 210, an empty one waits for the link's words).
    expect(screen.getByText('Calcul des frais...')).toHaveAttribute('role', 'status');
    expect(save()).toBeDisabled();
    expect(save()).toHaveAccessibleDescription('Les frais doivent être calculés avant d’enregistrer.');

    // The query client tries a failed read once more before giving up.
    expect(
      await screen.findByText(
        'Le serveur met trop de temps à répondre. Vérifiez votre connexion et réessayez.',
        {},
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(save()).toBeDisabled();
    quoteMode = 'ok';
    await user.click(screen.getByRole('button', { name: 'Recalculer les frais' }));
    expect(await screen.findByRole('region', { name: 'Frais et total' })).toHaveTextContent(
      'Total à encaisser1 500,00 HTG',
    );
    expect(save()).toBeEnabled();
  });

  it('says the fee could not be had, not that the amount is wrong, when the link drops at the amount step (decision 215)', async () => {
    api.on('GET /transactions/fees/quote', { hang: true });
    const { user } = await open('/transaction/deposit', 'Dépôt', 400);
    await findAccount(user);
    await user.click(next());
    await fillDetails(user, '1500');
    const atAmount = await screen.findByText(feePreviewTexts.notLoadedTitle, {}, { timeout: 5000 });
    expect(atAmount).toBeVisible();
    expect(screen.queryByText(feePreviewTexts.refusedTitle)).toBeNull();
    expect(screen.getByRole('button', { name: feePreviewTexts.recompute })).toBeVisible();

    // No fee at all: the confirmation says so, and Enregistrer waits for one (decision 080).
    await user.click(next());
    expect(await screen.findByText(feePreviewTexts.notLoadedTitle, {}, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByText(feePreviewTexts.refusedTitle)).toBeNull();
    expect(screen.queryByText(amountStepTexts.changeBack)).toBeNull();
    expect(save()).toBeDisabled();
    expect(save()).toHaveAccessibleDescription(quoteTexts.blockedHint);
  });

  it('confirms with the amount step’s fee when the confirmation’s own quote gets no answer, and sends its version (decision 215)', async () => {
    const quoted = feeQuoteRoute();
    let asked = 0;
    api.on('GET /transactions/fees/quote', (request) => {
      asked += 1;
      return asked === 1 ? quoted(request) : { hang: true };
    });
    api.on('POST /transactions/deposit', transactionAnswer({ amount: 1500, total: 1500 }));
    const { user } = await open('/transaction/deposit', 'Dépôt', 400);
    await findAccount(user);
    await user.click(next());
    await fillDetails(user, '1500');
    expect(await screen.findByText('Barème n° 1', {}, { timeout: 5000 })).toBeVisible();
    await user.click(next());

    // The link dropped: the fee the teller saw a step before, said as such, and Enregistrer goes on.
    expect(await screen.findByText(feePreviewTexts.fromAmountStep, {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('region', { name: feePreviewTexts.region })).toHaveTextContent(
      plain(`Total à encaisser${formatHtg(1500)}`),
    );
    expect(save()).toBeEnabled();
    await user.click(save());
    expect(await toasts().findByText('Dépôt réalisé avec succès')).toBeVisible();
    expect(api.requests.find((request) => request.path === '/transactions/deposit')?.body).toMatchObject({
      amount: 1500,
      feeVersion: 1,
    });
  });

  it('retries a confirmation cut by the network with the same key, and takes a fresh key for the next deposit', async () => {
    let mode: 'hang' | 'ok' = 'hang';
    api.on('POST /transactions/deposit', () => (mode === 'hang' ? { hang: true } : transactionAnswer()));
    const { user, app } = await open('/transaction/deposit', 'Dépôt', 400);
    await findAccount(user);
    await user.click(next());
    await fillDetails(user, '1500');
    await user.click(next());
    await screen.findByRole('region', { name: 'Frais et total' });

    await user.click(save());
    expect(
      await screen.findByText(/la même opération sera renvoyée et ne sera jamais enregistrée deux fois/),
    ).toBeVisible();
    // Held: said beside the button, not by a red toast over the confirmation (decision 215).
    expect(toasts().queryByText(/Le serveur met trop de temps à répondre/)).toBeNull();
    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();

    mode = 'ok';
    await user.click(save());
    expect(await toasts().findByText('Dépôt réalisé avec succès')).toBeVisible();
    const posts = api.requests.filter((request) => request.path === '/transactions/deposit');
    expect(posts).toHaveLength(2);
    const firstKey = posts[0]?.headers['idempotency-key'];
    expect(firstKey).toBeTruthy();
    expect(posts[1]?.headers['idempotency-key']).toBe(firstKey);
    expect(posts[1]?.body).toEqual(posts[0]?.body);

    // The same customer comes back with the same amount: a new operation, a new key.
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 });
    await navigateTo(app, '/transaction/deposit');
    await screen.findByRole('heading', { name: 'Dépôt', level: 1 });
    await findAccount(user);
    await user.click(next());
    await fillDetails(user, '1500');
    await user.click(next());
    await screen.findByRole('region', { name: 'Frais et total' });
    await user.click(save());
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path === '/transactions/deposit')).toHaveLength(3),
    );
    const third = api.requests.filter((request) => request.path === '/transactions/deposit')[2];
    expect(third?.body).toEqual(posts[0]?.body);
    expect(third?.headers['idempotency-key']).not.toBe(firstKey);
  });

  it('shows the English fallback of SPEC §8 when the server gives no message', async () => {
    // A failure with no Lajan body (a proxy's): the server's own carry a message.
    api.on('POST /transactions/deposit', { status: 400, proxy: true });
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    await user.click(next());
    await fillDetails(user);
    await user.click(next());
    await screen.findByRole('region', { name: 'Frais et total' });
    await user.click(save());
    expect(await toasts().findByText('Échec du dépôt')).toBeVisible();
    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
  });

  it('puts a refused field back under its input, on its step', async () => {
    api.on('POST /transactions/deposit', {
      status: 422,
      body: {
        message: 'Veuillez corriger les erreurs du formulaire',
        code: 'VALIDATION_ERROR',
        errors: { 'party.name': ['Le nom est requis'] },
      },
    });
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    await user.click(next());
    await fillDetails(user);
    await user.click(next());
    await screen.findByRole('region', { name: 'Frais et total' });
    await user.click(save());
    expect(await screen.findByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nom complet' })).toHaveAccessibleDescription(
      'Le nom est requis',
    );
    // The keyboard is on the refused field, not lost with the confirmation step's button.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nom complet' })).toHaveFocus());
    // Said under its field (and by the toast), not a third time in the wizard's alert beside the button.
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    const beside = screen
      .queryAllByText(/Le nom est requis|Veuillez corriger les erreurs du formulaire/)
      .filter((node) => !notifications.contains(node));
    expect(beside.map((node) => node.textContent)).toEqual(['Le nom est requis']);
    // It was about the value being replaced: it goes as soon as the teller changes the field.
    await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), ' Junior');
    expect(screen.getByRole('textbox', { name: 'Nom complet' })).not.toHaveAccessibleDescription(
      'Le nom est requis',
    );
    expect(screen.queryByText('Le nom est requis')).toBeNull();
  });
});

describe('leaving a money operation (decision 177)', () => {
  it('asks before leaving what is typed: Rester keeps it, Quitter leaves; nothing typed leaves at once', async () => {
    const { app, user } = await open('/transaction/deposit', 'Dépôt');
    // Nothing typed yet: the sidebar (here the router) leaves without a question.
    await navigateTo(app, '/');
    await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 });
    await navigateTo(app, '/transaction/deposit');
    await screen.findByRole('heading', { name: 'Dépôt', level: 1 });

    // A reload or a closed tab asks nothing while nothing is typed.
    expect(unloadAsks()).toBe(false);
    await findAccount(user);
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean Pierre');
    // Typed: the browser's own question comes first.
    expect(unloadAsks()).toBe(true);
    await navigateTo(app, '/drawer');
    const dialog = await screen.findByRole('dialog', { name: "Quitter l'opération ?" });
    expect(dialog).toHaveTextContent("Ce que vous avez saisi sera perdu : rien n'a encore été enregistré.");
    // Focus on Rester: an Enter by habit keeps the work.
    expect(within(dialog).getByRole('button', { name: 'Rester' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Rester' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dépôt', level: 1 })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nom complet' })).toHaveValue('Jean Pierre');

    await navigateTo(app, '/');
    await user.click(
      within(await screen.findByRole('dialog', { name: "Quitter l'opération ?" })).getByRole('button', {
        name: 'Quitter',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    expect(api.requests.filter((request) => request.path === '/transactions/deposit')).toHaveLength(0);
  });
});

describe('leaving while the confirmation is on its way (decision 177)', () => {
  it('says it is being recorded and offers only to stay; once posted, the way back goes on', async () => {
    const deposit = holdDepositAnswer();
    const { app, user } = await open('/transaction/deposit', 'Dépôt');
    await findAccount(user);
    await user.click(next());
    await fillDetails(user);
    await user.click(next());
    await screen.findByRole('region', { name: 'Frais et total' });
    await user.click(save());
    await waitFor(() => expect(deposit.arrived()).toBe(true));
    // On its way, it survives a reload (held, decision 147): the browser asks nothing.
    await waitFor(() => expect(unloadAsks()).toBe(false));

    await navigateTo(app, '/drawer');
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrement en cours' });
    expect(dialog).toHaveTextContent('attendez la réponse du serveur avant de quitter cet écran');
    expect(within(dialog).getByRole('button', { name: 'Quitter' })).toBeDisabled();
    deposit.answer();
    // Posted: the question has no object any more, and the usual way back follows.
    expect(await toasts().findByText('Dépôt réalisé avec succès')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enregistrement en cours' })).toBeNull());
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
  });
});

describe('the withdrawal wizard', () => {
  it('shows the fee and the total taken from the account, and says "Retrait réalisé avec succès"', async () => {
    api.on(
      'POST /transactions/withdraw',
      transactionAnswer({ type: 'withdrawal', amount: 1000, fee: 40, total: 1040 }),
    );
    const { user } = await open('/transaction/withdraw', 'Retrait');
    await findAccount(user);
    await user.click(next());
    await fillDetails(user, '1000');
    await user.click(next());
    const preview = await screen.findByRole('region', { name: 'Frais et total' });
    expect(preview).toHaveTextContent('Frais40,00 HTG');
    expect(preview).toHaveTextContent('Total débité du compte1 040,00 HTG');
    // Typed and not yet posted: a reload asks first.
    expect(unloadAsks()).toBe(true);
    await user.click(save());
    expect(await toasts().findByText('Retrait réalisé avec succès')).toBeVisible();
    const receipt = await screen.findByRole('complementary', { name: 'Reçu' });
    expect(receipt).toHaveTextContent('Total débité du compte1 040,00 HTG');
    // Posted, its receipt on screen: nothing is left to lose, a reload asks nothing.
    expect(unloadAsks()).toBe(false);
    expect(api.requests.find((request) => request.path === '/transactions/withdraw')?.body).toMatchObject({
      amount: 1000,
    });
  });

  it('finds the account by its holder’s name, offers the holders at the counter and shows the fee at the amount step (decision 132)', async () => {
    const joint = accountOf([jean, marie], { accountNumber: '40987654321', balance: 9000 });
    api.on('POST /accounts/search', (request) => {
      const body = request.body as { account_number?: string; q?: string };
      return body.q === 'Pierre'
        ? {
            body: {
              data: {
                accounts: [
                  accountOf([jean], { balance: 2500 }),
                  { ...joint, id: '20000000-0000-4000-8000-000000000002' },
                ],
              },
            },
          }
        : { status: 404, body: { message: 'Compte introuvable', code: 'NOT_FOUND' } };
    });
    const { user } = await open('/transaction/withdraw', 'Retrait');
    expect(screen.getByRole('textbox', { name: 'Numéro de compte' })).toHaveAccessibleDescription(
      'Ou le téléphone, le numéro de pièce ou le nom d’un titulaire.',
    );
    await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), 'Pierre{Enter}');
    const choices = await screen.findByRole('region', { name: 'Comptes trouvés' });
    expect(choices).toHaveTextContent('2 comptes trouvés : choisissez le compte.');
    expect(next()).toBeDisabled();
    await user.click(within(choices).getByRole('button', { name: /40987654321/ }));
    expect(screen.getByRole('region', { name: 'Compte trouvé' })).toHaveTextContent('40987654321');
    expect(api.requests.find((request) => request.path === '/accounts/search')?.body).toEqual({
      q: 'Pierre',
    });
    await user.click(next());

    const holders = screen.getByRole('region', { name: 'Titulaires du compte' });
    await user.click(within(holders).getByRole('button', { name: /Marie JOSEPH/ }));
    expect(screen.getByRole('textbox', { name: 'Nom complet' })).toHaveValue('Marie JOSEPH');
    expect(screen.getByRole('combobox', { name: 'Type de document' })).toHaveValue('passport');
    // The number is typed from the card presented.
    const documentNumber = screen.getByRole('textbox', { name: 'Numéro de document' });
    expect(documentNumber).toHaveValue('');
    expect(documentNumber).toHaveFocus();
    await user.type(documentNumber, 'PA123456');
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '1000');
    const preview = await screen.findByRole('region', { name: 'Frais et total' });
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    expect(preview).toHaveTextContent('Frais40,00 HTG');
    expect(preview).toHaveTextContent('Total débité du compte1 040,00 HTG');
    // Asked once the typing paused, for the whole amount only.
    const quoted = api.requests.filter((request) => request.path === '/transactions/fees/quote');
    expect(quoted.map((request) => request.query.amount)).toEqual(['1000']);
  });

  it('says « Solde insuffisant » under the amount at the amount step, and does not go on until the amount fits', async () => {
    const { user } = await open('/transaction/withdraw', 'Retrait');
    await findAccount(user);
    expect(screen.getByRole('region', { name: 'Compte trouvé' })).toHaveTextContent(
      plain(`Solde : ${formatHtg(2500)}`),
    );
    await user.click(next());
    const amount = () => screen.getByRole('textbox', { name: 'Montant (HTG)' });
    const refusal = /^Solde insuffisant : solde disponible 2\s500,00\sHTG$/;
    // The amount alone above the balance: said as it is typed, before any fee.
    await fillDetails(user, '2600');
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
    expect(amount()).toHaveAccessibleDescription(refusal);
    await user.clear(amount());
    // 2 470 + 40 of fee is 2 510: above the 2 500 shown, once the fee is known.
    await user.type(amount(), '2470');
    expect(await screen.findByRole('region', { name: 'Frais et total' })).toHaveTextContent(
      plain(`Total débité du compte${formatHtg(2510)}`),
    );
    await waitFor(() => expect(amount()).toHaveAccessibleDescription(refusal));
    // Said once: under the field, with what to do beside the button.
    expect(screen.getAllByText(/^Solde insuffisant/)).toHaveLength(1);
    expect(next()).toBeDisabled();
    expect(next()).toHaveAccessibleDescription('Changez le montant : le total dépasse le solde du compte.');

    await user.clear(amount());
    await user.type(amount(), '2460');
    expect(await screen.findByRole('region', { name: 'Frais et total' })).toHaveTextContent(
      plain(`Total débité du compte${formatHtg(2500)}`),
    );
    expect(amount()).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/^Solde insuffisant/)).not.toBeInTheDocument();
    expect(next()).toBeEnabled();
  });

  it('says it at the amount step too when Suivant comes before the fee (a quick Enter): it waits for the fee', async () => {
    const { user } = await open('/transaction/withdraw', 'Retrait');
    await findAccount(user);
    await user.click(next());
    // Typed and moved on at once: the amount step's fee was not asked yet.
    await fillDetails(user, '2470{Enter}');
    const amount = screen.getByRole('textbox', { name: 'Montant (HTG)' });
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(/^Solde insuffisant : solde disponible 2\s500,00\sHTG$/),
    );
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.path === '/transactions/withdraw')).toBe(false);
  });

  it('says only the cap for an amount above it, and asks no fee for it', async () => {
    const { user } = await open('/transaction/withdraw', 'Retrait');
    await findAccount(user);
    await user.click(next());
    await fillDetails(user, '123 456,78');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Montant (HTG)' })).toHaveAccessibleDescription(
      'Le montant ne peut pas dépasser 100\u202f000\u00a0HTG',
    );
    expect(screen.queryByText(/hors barème|Opération impossible/)).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.path === '/transactions/fees/quote')).toEqual([]);

    // Put right, the message goes as it is typed, not at the next Suivant; a wrong document the same.
    await user.clear(screen.getByRole('textbox', { name: 'Montant (HTG)' }));
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '2000');
    expect(screen.getByRole('textbox', { name: 'Montant (HTG)' })).not.toHaveAccessibleDescription(
      /ne peut pas dépasser/,
    );
    await user.clear(screen.getByRole('textbox', { name: 'Numéro de document' }));
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), 'P1');
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).toHaveAccessibleDescription(
      'Le numéro de document doit contenir au moins 4 caractères',
    );
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '-445566');
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).not.toHaveAccessibleDescription(
      /au moins 4/,
    );
  });

  it('says "Les frais ont changé" with the new fee and total when the version changed, and confirms again with it (decision 150)', async () => {
    const newVersion = { number: 2, effectiveFrom: '2026-11-24T14:00:00.000Z' };
    let posted = 0;
    api.on('POST /transactions/withdraw', (request) => {
      posted += 1;
      const body = request.body as { feeVersion?: number };
      return body.feeVersion === 2
        ? transactionAnswer({
            type: 'withdrawal',
            amount: 1000,
            fee: 60,
            agentShare: 24,
            total: 1060,
            feeVersion: 2,
          })
        : {
            status: 409,
            body: {
              message: 'Les frais ont changé',
              code: 'FEES_CHANGED',
              quote: {
                type: 'withdrawal',
                amount: 1000,
                fee: 60,
                agentShare: 24,
                total: 1060,
                currency: 'HTG',
                feeVersion: newVersion,
              },
            },
          };
    });
    const { user } = await open('/transaction/withdraw', 'Retrait');
    await findAccount(user);
    await user.click(next());
    await fillDetails(user, '1000');
    await user.click(next());
    const preview = await screen.findByRole('region', { name: 'Frais et total' });
    expect(preview).toHaveTextContent('Frais40,00 HTG');
    // Discreetly, the version that priced it.
    expect(within(preview).getByText('Barème n° 1')).toBeVisible();

    await user.click(save());
    const changedAlert = () =>
      screen
        .queryAllByRole('alert')
        .find((element) => element.textContent?.startsWith('Les frais ont changé'));
    await waitFor(() => expect(changedAlert()).toBeDefined());
    expect(changedAlert()?.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'Nouveaux frais60,00 HTG (avant : 40,00 HTG)Nouveau total1 060,00 HTG (avant : 1 040,00 HTG)',
    );
    // Still the confirmation, now with the new quote and its version.
    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
    const updated = screen.getByRole('region', { name: 'Frais et total' });
    expect(updated).toHaveTextContent('Frais60,00 HTG');
    expect(updated).toHaveTextContent('Total débité du compte1 060,00 HTG');
    expect(within(updated).getByText('Barème n° 2')).toBeVisible();

    await user.click(save());
    expect(await toasts().findByText('Retrait réalisé avec succès')).toBeVisible();
    const posts = api.requests.filter((request) => request.path === '/transactions/withdraw');
    expect(posted).toBe(2);
    expect(posts.map((request) => (request.body as { feeVersion?: number }).feeVersion)).toEqual([1, 2]);
    const receipt = await screen.findByRole('complementary', { name: 'Reçu' });
    expect(receipt).toHaveTextContent('Total débité du compte1 060,00 HTG');
  });

  it('shows the refusal of a person who is not a holder, without leaving the screen', async () => {
    api.on('POST /transactions/withdraw', {
      status: 403,
      body: {
        message: "La personne au guichet n'est pas titulaire de ce compte",
        code: 'NOT_ACCOUNT_HOLDER',
      },
    });
    const { user } = await open('/transaction/withdraw', 'Retrait');
    await findAccount(user);
    await user.click(next());
    await fillDetails(user, '1000');
    await user.click(next());
    await screen.findByRole('region', { name: 'Frais et total' });
    await user.click(save());
    expect(
      (await screen.findAllByText("La personne au guichet n'est pas titulaire de ce compte")).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Accès interdit' })).not.toBeInTheDocument();
    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
  });
});

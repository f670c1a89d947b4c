import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { agent } from '../../test/network';
import { navigateTo, openAsTeller, renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import {
  feeQuoteRoute,
  historyPageRoute,
  serveEmptyDashboard,
  transactionAnswer,
  transactionOf,
} from '../../test/transactions';
import { superAdmin, teller } from '../../test/users';
import type { PayoutLookup } from '@lajan/domain';
import { pendingTransfer, typePayoutIdentity } from '../../test/transfers';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  // The wizards go back to the dashboard when done (SPEC §4): its reads, answered empty.
  serveEmptyDashboard(api);
  api.on('GET /transactions/fees/quote', feeQuoteRoute());
});
afterEach(async () => {
  await api.close();
});

const next = () => screen.getByRole('button', { name: 'Suivant' });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

/** A transfer of the teller's own agent once paid, as that agent's search answers it whole. */
const paidTransfer = transactionOf({
  transactionNumber: '738291045560',
  type: 'external_transfer',
  status: 'completed',
  amount: 2000,
  agent: { code: 'CAP01', name: 'Cap Services' },
  recipient: { firstName: 'Marie', lastName: 'Joseph', idDocumentType: 'passport', idDocumentNumber: null },
  settledAt: '2026-11-22T14:05:09.123Z',
});

describe('the receive-transfer wizard (SPEC §2, §4)', () => {
  const open = () =>
    openAsTeller(api.baseUrl, '/transaction/external-transfer/receive', 'Recevoir un transfert externe');

  /** The code as the receipt prints it and the customer reads it out: in groups. */
  async function findTransfer(user: UserEvent) {
    await user.type(screen.getByRole('textbox', { name: 'Code de retrait' }), '738 291 045 560{Enter}');
  }

  it('says when no transaction has this number', async () => {
    api.on('POST /transactions/search', {
      status: 404,
      body: { message: 'Transaction introuvable', code: 'NOT_FOUND' },
    });
    const { user } = await open();
    await findTransfer(user);
    expect(await screen.findByText('Transaction introuvable')).toBeVisible();
    expect(next()).toBeDisabled();
  });

  it('refuses a transfer that is no longer pending', async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: paidTransfer } } });
    const { user } = await open();
    await findTransfer(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ce transfert a déjà été payé le 22/11/2026 09:05',
    );
    expect(next()).toBeDisabled();
  });

  it('explains a transfer locked after five failed identifications, and goes no further', async () => {
    api.on('POST /transactions/search', {
      body: { data: { transaction: { ...pendingTransfer, locked: true } } },
    });
    const { user } = await open();
    await findTransfer(user);
    const card = await screen.findByRole('region', { name: 'Transfert trouvé' });
    expect(card).toHaveTextContent('Bloqué');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Ce transfert est bloqué après cinq identifications échouées. L'administrateur de l'agent expéditeur doit le débloquer avant tout paiement.",
    );
    expect(next()).toBeDisabled();
  });

  it('identifies the recipient, confirms the amount to hand over and pays it out', async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    api.on(
      'POST /transactions/receive-transfer',
      transactionAnswer({
        transactionNumber: '51234567890',
        type: 'external_payout',
        amount: 2000,
        relatedTransactionNumber: '738291045560',
      }),
    );
    const { user } = await open();
    await findTransfer(user);
    const card = await screen.findByRole('region', { name: 'Transfert trouvé' });
    expect(card).toHaveTextContent('2 000,00 HTG');
    expect(card).toHaveTextContent('En attente');
    expect(card).toHaveTextContent('Jacmel Cash (JAC01)');
    // Only the initials before identification: the teller types the name read from the card.
    expect(card).toHaveTextContent('M. J.');
    expect(card).not.toHaveTextContent(/Marie|Joseph/i);
    expect(api.requests.find((request) => request.path === '/transactions/search')?.body).toEqual({
      transactionNumber: '738291045560',
    });
    await user.click(next());

    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveAccessibleDescription(
      'Le prénom est requis',
    );
    expect(screen.getByRole('combobox', { name: 'Type de document' })).toHaveAccessibleDescription(
      'Le type de document est requis',
    );
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).toHaveAccessibleDescription(
      'Le numéro de document est requis',
    );

    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Marie');
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Joseph');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'passport');
    // A card number of three characters is refused here, under its field, as everywhere (decision 182): never
    // a silent Enregistrer two steps later.
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), 'PA1');
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).toHaveAccessibleDescription(
      'Le numéro de document doit contenir au moins 4 caractères',
    );
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '23456');
    await user.click(next());
    expect(screen.getByRole('region', { name: 'Montant à remettre' })).toHaveTextContent('2 000,00 HTG');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Transfert payé avec succès')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    expect(await screen.findByRole('complementary', { name: 'Reçu' })).toHaveTextContent('51234567890');
    const post = api.requests.find((request) => request.path === '/transactions/receive-transfer');
    expect(post?.body).toEqual({
      transactionNumber: '738291045560',
      amount: 2000,
      recipient: {
        firstName: 'Marie',
        lastName: 'Joseph',
        idDocumentType: 'passport',
        idDocumentNumber: 'PA123456',
      },
      party: { name: 'Marie Joseph', idDocumentType: 'passport', idDocumentNumber: 'PA123456' },
    });
    expect(post?.headers['idempotency-key']).toBeTruthy();
  });

  it("shows a refused identity in the server's French words, back on the identity with the keyboard on it", async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    api.on('POST /transactions/receive-transfer', {
      status: 422,
      body: {
        message: "L'identité présentée ne correspond pas au bénéficiaire du transfert",
        code: 'RECIPIENT_MISMATCH',
      },
    });
    const { user } = await open();
    await findTransfer(user);
    await screen.findByRole('region', { name: 'Transfert trouvé' });
    await user.click(next());
    await typePayoutIdentity(user, 'Maria');
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      (await screen.findAllByText("L'identité présentée ne correspond pas au bénéficiaire du transfert"))[0],
    ).toBeVisible();
    // The transfer can still be paid: the teller corrects the identity typed, without "Précédent".
    expect(await screen.findByText('Étape 2 sur 3')).toBeVisible();
    const firstName = screen.getByRole('textbox', { name: 'Prénom' });
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(firstName).toHaveValue('Maria');
    // Said under the first name, where the keyboard is (a screen reader reads it there), not beside the button.
    await waitFor(() =>
      expect(firstName).toHaveAccessibleDescription(
        "L'identité présentée ne correspond pas au bénéficiaire du transfert",
      ),
    );
    expect(within(screen.getByRole('main')).queryByRole('alert')).toBeNull();
    // The mistake may be in another field: the first name kept as typed does not hold the wizard back.
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'e');
    await user.click(next());
    expect(await screen.findByText('Étape 3 sur 3')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    // Corrected, it goes.
    await user.clear(screen.getByRole('textbox', { name: 'Prénom' }));
    await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Marie');
    expect(screen.getByRole('textbox', { name: 'Prénom' })).not.toHaveAccessibleDescription(
      "L'identité présentée ne correspond pas au bénéficiaire du transfert",
    );
  });

  it('shows the fallback when the server has no message', async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    // A failure with no Lajan body (a proxy's): the server's own carry a message.
    api.on('POST /transactions/receive-transfer', { status: 400, proxy: true });
    const { user } = await open();
    await findTransfer(user);
    await screen.findByRole('region', { name: 'Transfert trouvé' });
    await user.click(next());
    await typePayoutIdentity(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await toasts().findByText('Échec du paiement du transfert')).toBeVisible();
  });
});

describe('the pick-up code on the pay-out screen (decision 131)', () => {
  async function open(from = '/') {
    const rendered = renderApp({ path: from, token: makeToken(teller), apiBaseUrl: api.baseUrl });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await navigateTo(rendered.app, '/transaction/external-transfer/receive');
    await screen.findByRole(
      'heading',
      { name: 'Recevoir un transfert externe', level: 1 },
      { timeout: 5000 },
    );
    return rendered;
  }
  const codeField = () => screen.getByRole('textbox', { name: 'Code de retrait' });
  const searches = () => api.requests.filter((request) => request.path === '/transactions/search');

  async function identifyAndConfirm(user: UserEvent) {
    await screen.findByRole('region', { name: 'Transfert trouvé' });
    await user.click(next());
    await typePayoutIdentity(user);
    await user.click(next());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  }

  it('checks the check digit as the code is typed, and reads it with dashes', async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    const { user } = await open();
    await user.type(codeField(), '738 291 045 56');
    expect(codeField()).not.toHaveAccessibleDescription(/Code invalide/);
    // The twelfth digit is wrong: said at once, before any search.
    await user.type(codeField(), '1');
    expect(codeField()).toHaveAccessibleDescription(/Code invalide : vérifiez les chiffres/);
    await user.keyboard('{Enter}');
    expect(searches()).toHaveLength(0);

    await user.clear(codeField());
    await user.type(codeField(), '7382 9104{Enter}');
    expect(codeField()).toHaveAccessibleDescription(/Le code de retrait contient 12 chiffres/);
    expect(searches()).toHaveLength(0);

    await user.clear(codeField());
    await user.type(codeField(), '7382-9104-5560{Enter}');
    expect(await screen.findByRole('region', { name: 'Transfert trouvé' })).toHaveTextContent(
      '738 291 045 560',
    );
    expect(searches().map((request) => request.body)).toEqual([{ transactionNumber: '738291045560' }]);
  });

  it('clears the transfer found as soon as another code is typed, or a wrong one searched: "Suivant" never goes on with it', async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    const { user } = await open();
    await user.type(codeField(), '7382 9104 5560{Enter}');
    expect(await screen.findByRole('region', { name: 'Transfert trouvé' })).toBeVisible();
    // One digit changed (the check digit now wrong): the card goes at once, and the search is refused.
    await user.type(codeField(), '{Backspace}1');
    expect(screen.queryByRole('region', { name: 'Transfert trouvé' })).toBeNull();
    await user.keyboard('{Enter}');
    expect(codeField()).toHaveAccessibleDescription(/Code invalide : vérifiez les chiffres/);
    expect(screen.queryByRole('region', { name: 'Transfert trouvé' })).toBeNull();
    await user.click(next());
    expect(screen.queryByRole('textbox', { name: 'Prénom' })).toBeNull();
    expect(searches()).toHaveLength(1);
  });

  it("says that another agent's transfer was already paid, and when, or that it was cancelled", async () => {
    api.on('POST /transactions/search', {
      status: 409,
      body: {
        message: 'Ce transfert a déjà été payé le 22/11/2026 09:05',
        code: 'TRANSFER_ALREADY_PAID',
        paidAt: '2026-11-22T14:05:09.123Z',
      },
    });
    const { user } = await open();
    await user.type(codeField(), '738291045560{Enter}');
    expect(await screen.findByText('Ce transfert a déjà été payé le 22/11/2026 09:05')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Transfert trouvé' })).not.toBeInTheDocument();
    expect(next()).toBeDisabled();

    api.on('POST /transactions/search', {
      status: 409,
      body: {
        message: "Ce transfert a été annulé par l'agent expéditeur : il ne peut plus être payé",
        code: 'TRANSFER_CANCELLED',
      },
    });
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText("Ce transfert a été annulé par l'agent expéditeur : il ne peut plus être payé"),
    ).toBeVisible();
    expect(next()).toBeDisabled();
  });

  it('searches the transfer again after a refused identification: locked by this fifth failure, it says so', async () => {
    let found: PayoutLookup = pendingTransfer;
    api.on('POST /transactions/search', () => ({ body: { data: { transaction: found } } }));
    api.on('POST /transactions/receive-transfer', () => {
      found = { ...pendingTransfer, locked: true };
      return {
        status: 422,
        body: {
          message: "L'identité présentée ne correspond pas au bénéficiaire du transfert",
          code: 'RECIPIENT_MISMATCH',
        },
      };
    });
    const { user } = await open();
    await user.type(codeField(), '738291045560{Enter}');
    await identifyAndConfirm(user);
    expect(
      (await screen.findAllByText("L'identité présentée ne correspond pas au bénéficiaire du transfert"))[0],
    ).toBeVisible();
    // Back to the card, as it is now.
    expect(await screen.findByText('Étape 1 sur 3')).toBeVisible();
    expect(await screen.findByRole('region', { name: 'Transfert trouvé' })).toHaveTextContent('Bloqué');
    expect(searches()).toHaveLength(2);
    expect(next()).toBeDisabled();
  });

  it('never goes back to an empty form: from "Créer un compte", the pay-out ends on the dashboard', async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    api.on(
      'POST /transactions/receive-transfer',
      transactionAnswer({ transactionNumber: '512345678903', type: 'external_payout', amount: 2000 }),
    );
    const { user } = await open('/create-account');
    await user.type(codeField(), '738291045560{Enter}');
    await identifyAndConfirm(user);
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Créer un compte' })).not.toBeInTheDocument();
    const panel = await screen.findByRole('complementary', { name: 'Reçu' });
    expect(panel).toHaveTextContent('512345678903');

    // "Nouvelle opération": the same pay-out, afresh; the receipt closes with the page it belonged to.
    await user.click(within(panel).getByRole('link', { name: 'Nouvelle opération' }));
    expect(
      await screen.findByRole('heading', { name: 'Recevoir un transfert externe', level: 1 }),
    ).toBeVisible();
    expect(codeField()).toHaveValue('');
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    expect(screen.queryByRole('complementary', { name: 'Reçu' })).not.toBeInTheDocument();
  });

  it('never goes back to « Ma caisse »: from the drawer, the pay-out ends on the dashboard (decision 211)', async () => {
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    api.on(
      'POST /transactions/receive-transfer',
      transactionAnswer({ transactionNumber: '512345678903', type: 'external_payout', amount: 2000 }),
    );
    const { user } = await open('/drawer');
    await user.type(codeField(), '738291045560{Enter}');
    await identifyAndConfirm(user);
    expect(
      await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 }),
    ).toBeVisible();
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByRole('button', { name: 'Fermer la caisse' })).not.toBeInTheDocument();
    expect(await screen.findByRole('complementary', { name: 'Reçu' })).toHaveTextContent('512345678903');
  });

  it('goes back to the page it was started from, with the receipt, which closes on the next page', async () => {
    api.on(
      'GET /transactions/history',
      historyPageRoute(() => []),
    );
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    api.on(
      'POST /transactions/receive-transfer',
      transactionAnswer({ transactionNumber: '512345678903', type: 'external_payout', amount: 2000 }),
    );
    const { user, app } = await open('/transaction/history');
    await user.type(codeField(), '738291045560{Enter}');
    await identifyAndConfirm(user);
    expect(await screen.findByRole('heading', { name: 'Historique', level: 1 })).toBeVisible();
    expect(await screen.findByRole('complementary', { name: 'Reçu' })).toHaveTextContent('512345678903');
    await navigateTo(app, '/fees-list');
    await screen.findByRole('heading', { level: 1, name: /frais/i });
    expect(screen.queryByRole('complementary', { name: 'Reçu' })).not.toBeInTheDocument();
  });
});

describe('the camera on the pay-out screen (decision 131)', () => {
  const mediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
  afterEach(() => {
    if (mediaDevices) Object.defineProperty(navigator, 'mediaDevices', mediaDevices);
    else Reflect.deleteProperty(navigator, 'mediaDevices');
    Reflect.deleteProperty(globalThis, 'BarcodeDetector');
  });

  async function open() {
    renderApp({
      path: '/transaction/external-transfer/receive',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole(
      'heading',
      { name: 'Recevoir un transfert externe', level: 1 },
      { timeout: 5000 },
    );
  }

  it('is not offered where the device has no camera: the code is typed', async () => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    await open();
    expect(screen.getByRole('textbox', { name: 'Code de retrait' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Scanner le QR code' })).not.toBeInTheDocument();
  });

  it("reads the receipt's QR code, searches the transfer and releases the camera", async () => {
    const stop = vi.fn();
    const stream = Object.assign(new MediaStream(), { getTracks: () => [{ stop }] });
    const getUserMedia = vi.fn(() => Promise.resolve(stream));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    // The browser's reader sees, in turn, nothing, a QR code that is not a pick-up code, then the code.
    const seen = [[], [{ rawValue: 'https://exemple.ht' }], [{ rawValue: '738291045560' }]];
    Object.defineProperty(globalThis, 'BarcodeDetector', {
      configurable: true,
      value: class {
        static getSupportedFormats() {
          return Promise.resolve(['qr_code']);
        }
        detect() {
          return Promise.resolve(seen.shift() ?? []);
        }
      },
    });
    api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Scanner le QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scanner le code de retrait' });
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(
      await within(dialog).findByText("Ce QR code n'est pas un code de retrait : présentez celui du reçu."),
    ).toBeVisible();
    expect(
      await screen.findByRole('region', { name: 'Transfert trouvé' }, { timeout: 3000 }),
    ).toHaveTextContent('738 291 045 560');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code de retrait' })).toHaveValue('738 291 045 560');
    expect(stop).toHaveBeenCalled();
  });

  it('says so when the camera is refused, and the code is typed', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('refusé', 'NotAllowedError')));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Scanner le QR code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scanner le code de retrait' });
    expect(
      await within(dialog).findByText("L'accès à la caméra a été refusé : saisissez le code."),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the agent deposit wizard (SPEC §2, §4)', () => {
  async function open() {
    const rendered = renderApp({
      path: '/transaction/deposit-agent',
      token: makeToken(superAdmin),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Dépôt sur agent', level: 1 }, { timeout: 5000 });
    return rendered;
  }

  it('is for the super administrator only', async () => {
    renderApp({ path: '/transaction/deposit-agent', token: makeToken(teller), apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Accès interdit' }, { timeout: 5000 })).toBeVisible();
  });

  it('blocks an agent that is not active', async () => {
    api.on('POST /agents/search', {
      body: { data: { agent: agent({ status: 'suspended', suspendedAt: '2026-11-20T10:00:00.000Z' }) } },
    });
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: "Code de l'agent" }), 'CAP01{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent("L'agent n'est pas actif");
    expect(next()).toBeDisabled();
  });

  it('funds an agent found by its code, then goes to the dashboard with a French toast', async () => {
    api.on('POST /agents/search', { body: { data: { agent: agent() } } });
    api.on(
      'POST /agents/deposit',
      transactionAnswer({
        type: 'agent_deposit',
        amount: 250000,
        total: 250000,
        code: 'CAP01',
        accountNumber: null,
        account: null,
      }),
    );
    api.on('GET /agents', { body: { data: [], meta: { total: 0, page: 1, per_page: 10 } } });
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: "Code de l'agent" }), 'CAP01{Enter}');
    expect(await screen.findByRole('region', { name: 'Agent trouvé' })).toHaveTextContent('Cap Services');
    expect(api.requests.find((request) => request.path === '/agents/search')?.body).toEqual({
      code: 'CAP01',
    });
    await user.click(next());

    await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Rose Lafleur');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '001-000-001');
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '1000001');
    await user.click(next());
    expect(screen.getByRole('textbox', { name: 'Montant (HTG)' })).toHaveAccessibleDescription(
      'Le montant ne peut pas dépasser 1\u202f000\u202f000\u00a0HTG',
    );
    await user.clear(screen.getByRole('textbox', { name: 'Montant (HTG)' }));
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '250000');
    await user.click(next());

    const preview = await screen.findByRole('region', { name: 'Frais et total' });
    expect(preview).toHaveTextContent('Total crédité250 000,00 HTG');
    expect(api.requests.find((request) => request.path === '/transactions/fees/quote')?.query).toEqual({
      type: 'agent_deposit',
      amount: '250000',
    });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Dépôt sur agent effectué avec succès')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    const receipt = await screen.findByRole('complementary', { name: 'Reçu' });
    expect(receipt).toHaveTextContent('Agent créditéCAP01');
    expect(api.requests.find((request) => request.path === '/agents/deposit')?.body).toEqual({
      code: 'CAP01',
      party: { name: 'Rose Lafleur', idDocumentType: 'id_card', idDocumentNumber: '001-000-001' },
      amount: 250000,
    });
  });
});

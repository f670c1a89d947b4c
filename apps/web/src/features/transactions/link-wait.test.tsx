import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkWaitTexts, type Account } from '@lajan/domain';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean, marie, personList } from '../../test/persons';
import { openAsTeller } from '../../test/render-app';
import { feeQuoteRoute, serveEmptyDashboard, transactionAnswer } from '../../test/transactions';
import { findPendingTransfer, pendingTransfer, typePayoutIdentity } from '../../test/transfers';

/*
 * Decision 210: while a confirmation waits on the link, the words beside Enregistrer (and in the receipt
 * panel) say what to do with the cash of that operation.
 */

const jeanAccount = accountOf([jean], { accountNumber: '40912345678', balance: 9000 });
const marieAccount = accountOf([marie], {
  id: '20000000-0000-4000-8000-000000000002',
  accountNumber: '40987654321',
});
const accounts: Record<string, Account> = {
  [jeanAccount.accountNumber]: jeanAccount,
  [marieAccount.accountNumber]: marieAccount,
};

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  serveEmptyDashboard(api);
  api.on('GET /persons', { body: personList([jean]) });
  api.on('POST /accounts/search', (request) => {
    const found = accounts[(request.body as { account_number: string }).account_number];
    return found
      ? { body: { data: { account: found } } }
      : { status: 404, body: { message: 'Compte introuvable', code: 'NOT_FOUND' } };
  });
  api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
  api.on('GET /transactions/fees/quote', feeQuoteRoute());
});
afterEach(async () => {
  // Back online for whatever runs next (the query client's online state is the module's).
  vi.restoreAllMocks();
  window.dispatchEvent(new Event('online'));
  await api.close();
});

const next = () => screen.getByRole('button', { name: 'Suivant' });

const open = (path: string, heading: string) => openAsTeller(api.baseUrl, path, heading);

async function findAccount(user: UserEvent, label: string, number: string) {
  await user.type(screen.getByRole('textbox', { name: label }), `${number}{Enter}`);
  await screen.findByRole('region', { name: 'Compte trouvé' });
}

async function typeParty(user: UserEvent, amount = '1500') {
  await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean Pierre');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
  await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
  await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), amount);
}

async function pickSender(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
  await user.type(screen.getByRole('searchbox'), 'jean{Enter}');
  await user.click(await within(screen.getByRole('dialog')).findByRole('button', { name: /Jean PIERRE/ }));
}

/** The recipient of an external transfer as a sender knows her (decision 209): name, phone and passport. */
async function typeRecipient(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Prénom' }), 'Marie');
  await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Joseph');
  await user.type(screen.getByRole('textbox', { name: 'Téléphone' }), '+509 3800-0000');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'passport');
  await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), 'PA123456');
}

/** Each operation, up to its confirmation step, and what its words say of the cash (read when the test runs). */
const operations = [
  {
    kind: 'a deposit',
    path: '/transaction/deposit',
    heading: 'Dépôt',
    route: 'POST /transactions/deposit',
    cash: () => linkWaitTexts.keepAside,
    reach: async (user: UserEvent) => {
      await findAccount(user, 'Numéro de compte', jeanAccount.accountNumber);
      await user.click(next());
      await typeParty(user);
      await user.click(next());
    },
  },
  {
    kind: 'a withdrawal',
    path: '/transaction/withdraw',
    heading: 'Retrait',
    route: 'POST /transactions/withdraw',
    cash: () => linkWaitTexts.handOver(false),
    reach: async (user: UserEvent) => {
      await findAccount(user, 'Numéro de compte', jeanAccount.accountNumber);
      await user.click(next());
      await typeParty(user);
      await user.click(next());
    },
  },
  {
    kind: 'a pay-out',
    path: '/transaction/external-transfer/receive',
    heading: 'Recevoir un transfert externe',
    route: 'POST /transactions/receive-transfer',
    cash: () => linkWaitTexts.handOver(true),
    reach: async (user: UserEvent) => {
      await findPendingTransfer(user);
      await user.click(next());
      await typePayoutIdentity(user);
      await user.click(next());
    },
  },
  {
    kind: 'an external transfer paid in cash',
    path: '/transaction/external-transfer/create',
    heading: 'Effectuer un transfert externe',
    route: 'POST /transactions/transfer-extern',
    cash: () => linkWaitTexts.keepAside,
    reach: async (user: UserEvent) => {
      await pickSender(user);
      await user.click(next());
      await typeRecipient(user);
      await user.click(next());
      await typeParty(user);
      await user.click(next());
    },
  },
  {
    kind: 'an external transfer paid from an account',
    path: '/transaction/external-transfer/create',
    heading: 'Effectuer un transfert externe',
    route: 'POST /transactions/transfer-extern',
    cash: null,
    reach: async (user: UserEvent) => {
      await user.click(screen.getByRole('radio', { name: 'Depuis un compte' }));
      await pickSender(user);
      await user.click(next());
      await findAccount(user, 'Numéro de compte', jeanAccount.accountNumber);
      await user.click(next());
      await typeRecipient(user);
      await user.click(next());
      await typeParty(user);
      await user.click(next());
    },
  },
  {
    kind: 'a transfer between accounts',
    path: '/transaction/transfer',
    heading: 'Transfert',
    route: 'POST /transactions/transfer',
    cash: null,
    reach: async (user: UserEvent) => {
      await findAccount(user, 'Compte expéditeur', jeanAccount.accountNumber);
      await user.click(next());
      await findAccount(user, 'Compte bénéficiaire', marieAccount.accountNumber);
      await user.click(next());
      await typeParty(user);
      await user.click(next());
    },
  },
] as const;

/** The live region beside the button, once it says `title` (the receipt panel says it too, unannounced). */
function linkWords(title: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const status = screen
        .getAllByRole('status')
        .find((region) => region.firstElementChild?.textContent === title);
      expect(status).toBeDefined();
      return status as HTMLElement;
    },
    { timeout: 4000 },
  );
}

describe('the link’s state where the hand is (decision 210)', () => {
  it.each(operations)(
    'says beside Enregistrer what to do with the cash of $kind while its confirmation waits',
    async ({ path, heading, route, cash: cashText, reach }) => {
      const cash = cashText?.();
      api.on(route, { hang: true });
      const { user } = await open(path, heading);
      await reach(user);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

      const status = await linkWords(linkWaitTexts.sending);
      // In the button's own group: below it on a phone, at its left from 640 px.
      const button = screen.getByRole('button', { name: 'Enregistrement...' });
      expect(button.parentElement).toContainElement(status);
      if (cash) expect(status).toHaveTextContent(cash);
      else expect(status).not.toHaveTextContent(/espèces/);
      // And where the receipt will be.
      const panel = await screen.findByRole('complementary', { name: 'Reçu' });
      expect(panel).toHaveTextContent(linkWaitTexts.noReceiptYet);
      if (cash) expect(panel).toHaveTextContent(cash);
      else expect(panel).not.toHaveTextContent(/espèces/);
    },
  );

  it('gives way to the receipt once the deposit is posted', async () => {
    let answer: (() => void) | undefined;
    api.on(
      'POST /transactions/deposit',
      () => new Promise((resolve) => (answer = () => resolve(transactionAnswer()))),
    );
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await operations[0].reach(user);
    await screen.findByRole('region', { name: 'Frais et total' });
    // A quick answer says nothing: the words come only once the confirmation is slow.
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.queryByText(linkWaitTexts.sending)).toBeNull();
    await linkWords(linkWaitTexts.sending);

    answer?.();
    const receipt = await screen.findByRole('button', { name: /Imprimer/ });
    expect(screen.getByRole('complementary', { name: 'Reçu' })).toContainElement(receipt);
    expect(screen.queryByText(linkWaitTexts.noReceiptYet)).toBeNull();
    expect(screen.queryByText(linkWaitTexts.keepAside)).toBeNull();
  });

  it('says a withdrawal is not to be handed over with the network down, then while it is held', async () => {
    api.on('POST /transactions/withdraw', transactionAnswer({ type: 'withdrawal' }));
    const { user } = await open('/transaction/withdraw', 'Retrait');
    await operations[1].reach(user);
    await screen.findByRole('region', { name: 'Frais et total' });

    // The network goes down at the counter.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    const offline = await linkWords(linkWaitTexts.offline);
    expect(screen.getByRole('button', { name: 'Enregistrer' }).parentElement).toContainElement(offline);
    expect(offline).toHaveTextContent(linkWaitTexts.handOver(false));

    // Enregistrer keeps it without sending it: held, the same words say so, and what to do next.
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const held = await linkWords(linkWaitTexts.held);
    expect(screen.getByRole('button', { name: 'Enregistrer' }).parentElement).toContainElement(held);
    expect(held).toHaveTextContent(linkWaitTexts.handOver(false));
    expect(held).toHaveTextContent(linkWaitTexts.heldHint);
    expect(await screen.findByRole('complementary', { name: 'Reçu' })).toHaveTextContent(
      linkWaitTexts.handOver(false),
    );
    // The banner still lists it, for the teller's held operations.
    expect(
      await screen.findByRole('region', { name: 'Opération en attente de confirmation' }),
    ).toHaveTextContent('Retrait');
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === '/transactions/withdraw')).toBe(false),
    );
  });
});

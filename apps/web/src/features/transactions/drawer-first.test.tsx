import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawerMessages, drawerTexts, leaveOperationTexts } from '@lajan/domain';
import { openDrawerSession, startApiServer, type ApiServer } from '../../test/api-server';
import { accountOf, jean, personList } from '../../test/persons';
import { openAsTeller } from '../../test/render-app';
import { feeQuoteRoute, serveEmptyDashboard, transactionAnswer } from '../../test/transactions';
import { findPendingTransfer, pendingTransfer, typePayoutIdentity } from '../../test/transfers';

/*
 * Decision 210: a cash operation says on its first step that the teller's drawer is closed, with « Ouvrir ma
 * caisse », and what was typed survives opening it.
 */

let api: ApiServer;
let drawer: typeof openDrawerSession | null;
beforeEach(async () => {
  api = await startApiServer();
  serveEmptyDashboard(api);
  drawer = null;
  api.on('GET /drawer', () => ({ body: { data: drawer } }));
  api.on('POST /drawer/open', () => {
    drawer = openDrawerSession;
    return { status: 201, body: { data: openDrawerSession } };
  });
  api.on('GET /persons', { body: personList([jean]) });
  api.on('POST /accounts/search', { body: { data: { account: accountOf([jean], { balance: 9000 }) } } });
  api.on('POST /transactions/search', { body: { data: { transaction: pendingTransfer } } });
  api.on('GET /transactions/fees/quote', feeQuoteRoute());
});
afterEach(async () => {
  await api.close();
});

const next = () => screen.getByRole('button', { name: 'Suivant' });

const open = (path: string, heading: string) => openAsTeller(api.baseUrl, path, heading);

/** « Caisse fermée », with its « Ouvrir ma caisse »: the last one, nearest the button, when it is said twice. */
async function closedNotice() {
  const titles = await screen.findAllByText(drawerTexts.closedNotice, {}, { timeout: 5000 });
  return titles.at(-1)?.closest<HTMLElement>('[role="alert"]') as HTMLElement;
}

/** From the notice to the drawer page, the drawer opened with 2 000 HTG, and back to the operation. */
async function openTheDrawerAndComeBack(user: UserEvent, heading: string) {
  const notice = await closedNotice();
  await user.click(within(notice).getByRole('link', { name: drawerTexts.openAction }));
  // Nothing is lost: nothing to ask.
  expect(
    await screen.findByRole('heading', { name: drawerTexts.pageTitle, level: 1 }, { timeout: 5000 }),
  ).toBeVisible();
  expect(screen.queryByRole('dialog', { name: leaveOperationTexts.title })).toBeNull();
  // Kept in this tab's memory: neither the history entry nor the browser's storage holds any of it.
  const stored = JSON.stringify([window.history.state, { ...localStorage }, { ...sessionStorage }]);
  expect(stored).not.toMatch(/Marie|PA123456|40912345678|738291045560|738 291/);
  await user.type(await screen.findByLabelText('Billet de 1 000 HTG'), '2');
  await user.click(screen.getByRole('button', { name: drawerTexts.openAction }));
  await user.click(await screen.findByRole('button', { name: drawerTexts.openConfirmAction }));
  expect(await screen.findByText(drawerTexts.openedNow)).toBeVisible();
  await user.click(screen.getByRole('link', { name: drawerTexts.backToOperation }));
  expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeVisible();
  expect(screen.queryByText(drawerTexts.closedNotice)).toBeNull();
}

const kinds = [
  {
    kind: 'deposit',
    path: '/transaction/deposit',
    heading: 'Dépôt',
    typeFirstStep: async (user: UserEvent) => {
      await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '40912345678{Enter}');
      await screen.findByRole('region', { name: 'Compte trouvé' });
    },
    kept: () =>
      expect(screen.getByRole('region', { name: 'Compte trouvé' })).toHaveTextContent('40912345678'),
  },
  {
    kind: 'withdrawal',
    path: '/transaction/withdraw',
    heading: 'Retrait',
    typeFirstStep: async (user: UserEvent) => {
      await user.type(screen.getByRole('textbox', { name: 'Numéro de compte' }), '40912345678{Enter}');
      await screen.findByRole('region', { name: 'Compte trouvé' });
    },
    kept: () =>
      expect(screen.getByRole('region', { name: 'Compte trouvé' })).toHaveTextContent('40912345678'),
  },
  {
    kind: 'external transfer in cash',
    path: '/transaction/external-transfer/create',
    heading: 'Effectuer un transfert externe',
    typeFirstStep: async (user: UserEvent) => {
      await user.click(screen.getByRole('button', { name: 'Rechercher Personne' }));
      await user.type(screen.getByRole('searchbox'), 'jean{Enter}');
      await user.click(
        await within(screen.getByRole('dialog')).findByRole('button', { name: /Jean PIERRE/ }),
      );
      await screen.findByRole('region', { name: 'Expéditeur choisi' });
    },
    kept: () => {
      expect(screen.getByRole('radio', { name: 'Espèces' })).toBeChecked();
      expect(screen.getByRole('region', { name: 'Expéditeur choisi' })).toHaveTextContent('Jean PIERRE');
    },
  },
  {
    kind: 'pay-out',
    path: '/transaction/external-transfer/receive',
    heading: 'Recevoir un transfert externe',
    typeFirstStep: async (user: UserEvent) => {
      await findPendingTransfer(user);
    },
    kept: () => {
      expect(screen.getByRole('textbox', { name: 'Code de retrait' })).toHaveValue('738 291 045 560');
      expect(screen.getByRole('region', { name: 'Transfert trouvé' })).toHaveTextContent('2 000,00 HTG');
    },
  },
] as const;

describe('the drawer speaks first (decision 210)', () => {
  it.each(kinds)(
    'says on the first step of a $kind that the drawer is closed, and keeps what was typed while it opens',
    async ({ path, heading, typeFirstStep, kept }) => {
      const { user } = await open(path, heading);
      expect(screen.getByText(/^Étape 1 sur/)).toBeVisible();
      const notice = await closedNotice();
      expect(notice).toHaveTextContent(drawerTexts.closedNoticeText);
      expect(within(notice).getByRole('link', { name: drawerTexts.openAction })).toBeVisible();

      await typeFirstStep(user);
      await openTheDrawerAndComeBack(user, heading);
      expect(screen.getByText(/^Étape 1 sur/)).toBeVisible();
      kept();
      expect(next()).toBeEnabled();
    },
  );

  it('brings a pay-out back with its code and the identity typed, and pays it out', async () => {
    api.on(
      'POST /transactions/receive-transfer',
      transactionAnswer({ type: 'external_payout', amount: 2000, relatedTransactionNumber: '738291045560' }),
    );
    const { user } = await open('/transaction/external-transfer/receive', 'Recevoir un transfert externe');
    await kinds[3].typeFirstStep(user);
    await user.click(next());
    await typePayoutIdentity(user);

    await openTheDrawerAndComeBack(user, 'Recevoir un transfert externe');
    // Where the teller was, with what she typed.
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Prénom' })).toHaveValue('Marie');
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveValue('Joseph');
    expect(screen.getByRole('combobox', { name: 'Type de document' })).toHaveValue('passport');
    expect(screen.getByRole('textbox', { name: 'Numéro de document' })).toHaveValue('PA123456');
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(screen.getByRole('textbox', { name: 'Code de retrait' })).toHaveValue('738 291 045 560');

    await user.click(next());
    await user.click(next());
    expect(screen.getByRole('region', { name: 'Montant à remettre' })).toHaveTextContent('2 000,00 HTG');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(
        api.requests.find((request) => request.path === '/transactions/receive-transfer')?.body,
      ).toMatchObject({
        transactionNumber: '738291045560',
        amount: 2000,
        recipient: {
          firstName: 'Marie',
          lastName: 'Joseph',
          idDocumentType: 'passport',
          idDocumentNumber: 'PA123456',
        },
      }),
    );
  });

  it('says nothing of the drawer for an external transfer paid from an account', async () => {
    const { user } = await open('/transaction/external-transfer/create', 'Effectuer un transfert externe');
    await closedNotice();
    await user.click(screen.getByRole('radio', { name: 'Depuis un compte' }));
    expect(screen.queryByText(drawerTexts.closedNotice)).toBeNull();
  });

  it('says a drawer closed meanwhile beside the refusal, and Enregistrer goes on after opening it', async () => {
    drawer = openDrawerSession;
    api.on('POST /transactions/deposit', () => {
      if (drawer === null)
        return {
          status: 422,
          body: { message: drawerMessages.drawerClosed, code: 'DRAWER_CLOSED' },
        };
      return transactionAnswer();
    });
    const { user } = await open('/transaction/deposit', 'Dépôt');
    await kinds[0].typeFirstStep(user);
    await user.click(next());
    await user.type(screen.getByRole('textbox', { name: 'Nom complet' }), 'Jean Pierre');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'id_card');
    await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), '003-456-789');
    await user.type(screen.getByRole('textbox', { name: 'Montant (HTG)' }), '1500');
    await user.click(next());
    await screen.findByRole('region', { name: 'Frais et total' });
    expect(screen.queryByText(drawerTexts.closedNotice)).toBeNull();

    // An administrator closed it meanwhile: the refusal, and beside it the way to open the drawer.
    drawer = null;
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const beside = await closedNotice();
    expect(beside.parentElement).toHaveTextContent(drawerMessages.drawerClosed);
    expect(within(beside).getByRole('link', { name: drawerTexts.openAction })).toBeVisible();
    await openTheDrawerAndComeBack(user, 'Dépôt');
    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
    expect(screen.getByLabelText('Récapitulatif')).toHaveTextContent('Client au guichetJean Pierre');
    await screen.findByRole('region', { name: 'Frais et total' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await within(screen.getByRole('region', { name: 'Notifications' })).findByText(
        'Dépôt réalisé avec succès',
      ),
    ).toBeVisible();
    const posts = api.requests.filter((request) => request.path === '/transactions/deposit');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
  });
});

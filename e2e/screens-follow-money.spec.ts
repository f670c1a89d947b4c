import type { Locator, Page } from '@playwright/test';
import { Api, newPerson, newRecipient, setUpAgent } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { boxOf, intersect, sidebar } from './support/ui.js';

/**
 * The screens follow the money (decision 146): after each operation the dashboard and the agents' floats show
 * it WITHOUT a reload, the app moving by its own links only: page.goto would empty its cache and prove
 * nothing.
 */

/** An HTG amount as the screens write it ("3 000,00 HTG"), whatever spaces Intl puts in it. */
function htg(amount: number): RegExp {
  const [units = '0', cents = '00'] = amount.toFixed(2).split('.');
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, '[\\s\\u202f\\u00a0]?');
  return new RegExp(`^${grouped},${cents}[\\s\\u202f\\u00a0]*HTG$`);
}

/** The latest figure of one balance on the dashboard ("Float de l'agent", "Float total du réseau"). */
function dashboardFigure(page: Page, label: string): Locator {
  return page
    .locator('figcaption')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('span')
    .nth(1);
}

function latestRows(page: Page): Locator {
  return page.getByRole('table', { name: 'Dernières transactions' }).locator('tbody tr');
}

async function toDashboard(page: Page): Promise<void> {
  await sidebar(page).getByRole('link', { name: 'Tableau de Bord' }).click();
  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
}

async function next(page: Page, expectedStep: string): Promise<void> {
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText(expectedStep, { exact: true })).toBeVisible();
}

/** Counts the full loads of the page: a reload would refill every cache and prove nothing. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

test('after an agent deposit the super administrator sees the new floats without a reload', async ({
  page,
  lajan,
}) => {
  test.setTimeout(90_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Hinche', 'hinche');
  await root.useIn(page);
  await page.goto('/');
  const loads = countLoads(page);

  await expect(dashboardFigure(page, 'Float total du réseau')).toHaveText(htg(0));
  await expect(page.getByText('Aucune transaction pour le moment.')).toBeVisible();
  // The agents' list, read once (cached) with its float at 0.
  await sidebar(page).getByRole('link', { name: 'Liste des agents' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Kay Lajan Hinche' });
  await expect(row.getByText(htg(0))).toBeVisible();

  await toDashboard(page);
  await sidebar(page).getByRole('link', { name: 'Dépôt sur agent' }).click();
  await expect(page.getByRole('heading', { name: 'Dépôt sur agent' })).toBeVisible();
  const search = page.getByRole('search', { name: "Code de l'agent" });
  await search.getByRole('textbox', { name: "Code de l'agent" }).fill(agent.code);
  await search.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('region', { name: 'Agent trouvé' })).toBeVisible();
  await next(page, 'Étape 2 sur 3');
  await page.getByRole('textbox', { name: 'Nom complet' }).fill('Trésorerie Lajan');
  await page.getByRole('combobox', { name: 'Type de document' }).selectOption('id_card');
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill('TRESOR-001');
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill('50000');
  await next(page, 'Étape 3 sur 3');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Dépôt sur agent effectué avec succès')).toBeVisible();

  // Back on the dashboard: the network's float and the latest row.
  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
  await expect(dashboardFigure(page, 'Float total du réseau')).toHaveText(htg(50000));
  await expect(latestRows(page)).toHaveCount(1);
  await expect(latestRows(page).first()).toContainText('Dépôt sur agent');
  // And the agents' list shows the new float.
  await page.getByRole('complementary', { name: 'Reçu' }).getByRole('button', { name: 'Fermer' }).click();
  await sidebar(page).getByRole('link', { name: 'Liste des agents' }).click();
  await expect(row.getByText(htg(50000))).toBeVisible();
  expect(loads()).toBe(0);
});

test('a teller pays out a transfer, then takes a deposit: the dashboard follows each without a reload', async ({
  page,
  lajan,
}) => {
  test.setTimeout(120_000);
  const root = await Api.superAdmin(lajan);
  const sending = await setUpAgent(lajan, root, 'Kay Lajan Jérémie', 'jeremie');
  const paying = await setUpAgent(lajan, root, 'Kay Lajan Gonaïves', 'gonaives');
  await root.post('/api/agents/deposit', {
    code: sending.code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount: 10000,
  });
  // A cash transfer of 3 000 HTG sent by the other agent, to be paid here.
  const sender = newPerson({ firstName: 'Rosemène', lastName: 'Dorval' });
  const sentBy = await sending.teller.post<{ data: { id: string } }>('/api/persons', sender);
  const recipient = newRecipient({
    firstName: 'Wideline',
    lastName: 'Jean-Louis',
    idDocumentType: 'passport',
    idDocumentNumber: 'PP-4471203',
  });
  const sent = await sending.teller.post<{ data: { transactionNumber: string } }>(
    '/api/transactions/transfer-extern',
    {
      senderId: sentBy.data.id,
      paymentMode: 'cash',
      recipient,
      party: {
        name: 'Rosemène Dorval',
        idDocumentType: sender.idDocumentType,
        idDocumentNumber: sender.idDocumentNumber,
      },
      amount: 3000,
      currency: 'HTG',
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
  const pickUp = sent.data.transactionNumber;
  // A customer of the paying agent, for the deposit.
  const holder = newPerson({ firstName: 'Nadège', lastName: 'Pierre' });
  const person = await paying.teller.post<{ data: { id: string } }>('/api/persons', holder);
  const account = await paying.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
    type: 'current',
    currency: 'HTG',
    personIds: [person.data.id],
  });

  await paying.teller.useIn(page);
  await page.goto('/');
  const loads = countLoads(page);
  // The screen: a float of 0 and no transaction, read once and cached.
  await expect(dashboardFigure(page, "Float de l'agent")).toHaveText(htg(0));
  await expect(page.getByText('Aucune transaction pour le moment.')).toBeVisible();

  // The pay-out of 3 000 HTG, started from the dashboard's quick action.
  await page.getByRole('link', { name: /^Recevoir un transfert/ }).click();
  const find = page.getByRole('search', { name: 'Code de retrait' });
  await find.getByRole('textbox', { name: 'Code de retrait' }).fill(pickUp);
  await find.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('region', { name: 'Transfert trouvé' })).toBeVisible();
  await next(page, 'Étape 2 sur 3');
  await page.getByRole('textbox', { name: 'Prénom' }).fill(recipient.firstName);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(recipient.lastName);
  await page.getByRole('combobox', { name: 'Type de document' }).selectOption(recipient.idDocumentType);
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill(recipient.idDocumentNumber);
  await next(page, 'Étape 3 sur 3');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Transfert payé avec succès')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
  await expect(dashboardFigure(page, "Float de l'agent")).toHaveText(htg(3000));
  await expect(latestRows(page)).toHaveCount(1);
  await expect(latestRows(page).first()).toContainText('Paiement de transfert');

  // A deposit of 1 000 HTG: the cash comes in, the float (the agent's e-money) goes down.
  await page.getByRole('complementary', { name: 'Reçu' }).getByRole('button', { name: 'Fermer' }).click();
  await page
    .getByRole('link', { name: /^Dépôt/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Dépôt', exact: true })).toBeVisible();
  const lookup = page.getByRole('search', { name: 'Numéro de compte' });
  await lookup.getByRole('textbox', { name: 'Numéro de compte' }).fill(account.data.accountNumber);
  await lookup.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('region', { name: 'Compte trouvé' })).toBeVisible();
  await next(page, 'Étape 2 sur 3');
  await page.getByRole('textbox', { name: 'Nom complet' }).fill('Nadège Pierre');
  await page.getByRole('combobox', { name: 'Type de document' }).selectOption(holder.idDocumentType);
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill(holder.idDocumentNumber);
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill('1000');
  await next(page, 'Étape 3 sur 3');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Dépôt réalisé avec succès')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Tableau de Bord' })).toBeVisible();
  await expect(dashboardFigure(page, "Float de l'agent")).toHaveText(htg(2000));
  await expect(latestRows(page)).toHaveCount(2);
  await expect(latestRows(page).first()).toContainText('Dépôt');
  await expect(latestRows(page).nth(1)).toContainText('Paiement de transfert');
  expect(loads()).toBe(0);
});

test('the success toast covers neither the user menu nor the receipt title, on a phone and wide', async ({
  page,
  lajan,
}) => {
  test.setTimeout(120_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Miragoâne', 'miragoane');
  await root.post('/api/agents/deposit', {
    code: agent.code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount: 10000,
  });
  const holder = newPerson({ firstName: 'Nadège', lastName: 'Pierre' });
  const person = await agent.teller.post<{ data: { id: string } }>('/api/persons', holder);
  const account = await agent.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
    type: 'current',
    currency: 'HTG',
    personIds: [person.data.id],
  });
  await agent.teller.useIn(page);

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/transaction/deposit');
    await expect(page.getByRole('heading', { name: 'Dépôt', exact: true })).toBeVisible();
    const menu = await boxOf(page.getByRole('button', { name: 'Menu utilisateur' }));
    const lookup = page.getByRole('search', { name: 'Numéro de compte' });
    await lookup.getByRole('textbox', { name: 'Numéro de compte' }).fill(account.data.accountNumber);
    await lookup.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByRole('region', { name: 'Compte trouvé' })).toBeVisible();
    await next(page, 'Étape 2 sur 3');
    await page.getByRole('textbox', { name: 'Nom complet' }).fill('Nadège Pierre');
    await page.getByRole('combobox', { name: 'Type de document' }).selectOption(holder.idDocumentType);
    await page.getByRole('textbox', { name: 'Numéro de document' }).fill(holder.idDocumentNumber);
    await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill('500');
    await next(page, 'Étape 3 sur 3');
    await page.getByRole('button', { name: 'Enregistrer' }).click();

    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({
      hasText: 'Dépôt réalisé avec succès',
    });
    await expect(toast).toBeVisible();
    const panel = page.getByRole('complementary', { name: 'Reçu' });
    await expect(panel).toBeVisible();
    const toastBox = await boxOf(toast);
    const titles = [
      panel.getByRole('heading', { name: 'Reçu', exact: true }),
      panel.getByRole('article').locator('header'),
    ];
    for (const title of titles) {
      expect(
        intersect(toastBox, await boxOf(title)),
        `toast over the receipt's title at ${viewport.width} px`,
      ).toBe(false);
    }
    expect(intersect(toastBox, menu), `toast over the user menu at ${viewport.width} px`).toBe(false);
    // The toast is on the screen, whole.
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(viewport.width);
  }
});

import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { Api, newPerson, setUpAgent, type AgentSetUp } from './support/api.js';
import { expect, test, type Lajan } from './support/lajan.js';
import { expectNoSpecForbiddenTexts } from './support/texts.js';
import { overflowPx } from './support/ui.js';

/**
 * Every screen of each role checked by axe-core at 1280 and 360 px (decision 099), each role's dashboard,
 * paging, the CSV against the screen, and the fee editor refusing an overlapping band.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };
const PARTY = { name: 'Jean Baptiste', idDocumentType: 'id_card', idDocumentNumber: 'CIN-E2E-0001' };

async function fundAgent(root: Api, code: string, amount: number) {
  await root.post('/api/agents/deposit', {
    code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount,
  });
}

/** A customer of the teller's agent with a current account; answers its number. */
async function openAccount(teller: Api): Promise<string> {
  const person = await teller.post<{ data: { id: string } }>('/api/persons', newPerson());
  const account = await teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
    type: 'current',
    currency: 'HTG',
    personIds: [person.data.id],
  });
  return account.data.accountNumber;
}

/** `count` deposits of 1 001, 1 002, … HTG, one after the other (the history orders them newest first). */
async function deposits(teller: Api, accountNumber: string, count: number) {
  for (let index = 1; index <= count; index += 1) {
    await teller.post('/api/transactions/deposit', { accountNumber, party: PARTY, amount: 1000 + index });
  }
}

/** Waits until a screen has settled: its heading is there and nothing is loading any more. */
async function settled(page: Page) {
  await expect(page.locator('main h1, body h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Chargement/)).toHaveCount(0);
}

/** axe-core on the page as it is; only serious and critical findings fail, with their details. */
async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  // Soft: one run lists every screen's findings, not only the first.
  expect.soft(
    blocking.map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    })),
  ).toEqual([]);
}

/** Every screen of a list, at 1280 px then 360 px: axe, and nothing wider than the phone. */
async function checkScreens(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.setViewportSize(DESKTOP);
    await page.goto(path);
    await settled(page);
    expect(new URL(page.url()).pathname, `${path} ouvre sans redirection`).toBe(path.split('?')[0]);
    await expectAccessible(page, `${path} @1280`);
    await expectNoSpecForbiddenTexts(page);
    await page.setViewportSize(PHONE);
    await settled(page);
    await expectAccessible(page, `${path} @360`);
    const overflow = await overflowPx(page);
    expect.soft(overflow, `${path} tient dans 360 px`).toBeLessThanOrEqual(0);
  }
}

async function network(lajan: Lajan): Promise<{ root: Api; agent: AgentSetUp; accountNumber: string }> {
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Delmas', 'delmas');
  await fundAgent(root, agent.code, 500_000);
  const accountNumber = await openAccount(agent.teller);
  return { root, agent, accountNumber };
}

test('the public screens pass axe-core at 1280 px and 360 px and fit a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await checkScreens(page, ['/login', '/register', '/forgot-password', '/reset-password/jeton-inconnu?username=x', '/403', '/500', '/page-inconnue']);
});

test("every screen of the super administrator passes axe-core at 1280 px and 360 px and fits a phone", async ({ page, lajan }) => {
  test.setTimeout(240_000);
  const { root, agent, accountNumber } = await network(lajan);
  await deposits(agent.teller, accountNumber, 2);
  await root.useIn(page);
  await checkScreens(page, [
    '/',
    '/profile',
    '/update-password',
    '/agents',
    `/agents/${agent.code}`,
    '/users',
    '/administrators',
    '/create-agent',
    '/create-user',
    '/transaction/deposit-agent',
    '/transaction/history',
    '/fees-list',
    '/audit',
    '/person',
    '/persons',
    '/reports/commissions',
    '/reports/network',
    `/reports/account-statement?account=${accountNumber}`,
  ]);
});

test("every screen of an agent's administrator and of a teller passes axe-core at 1280 px and 360 px and fits a phone", async ({
  page,
  lajan,
}) => {
  test.setTimeout(300_000);
  const { agent, accountNumber } = await network(lajan);
  await deposits(agent.teller, accountNumber, 2);

  await agent.admin.useIn(page);
  await checkScreens(page, ['/', '/profile', '/account', '/setting', '/users', `/users/${agent.tellerUsername}`, '/create-user', '/transaction/history', '/fees-list', '/audit', '/reports/commissions', `/reports/account-statement?account=${accountNumber}`]);

  await agent.teller.useIn(page);
  await checkScreens(page, [
    '/',
    '/account',
    '/transaction/deposit',
    '/transaction/withdraw',
    '/transaction/transfer',
    '/transaction/external-transfer/create',
    '/transaction/external-transfer/receive',
    '/transaction/history',
    '/create-account',
    '/account-requests',
    '/person',
    '/persons',
    `/persons/${await ownCustomerId(agent.teller)}/edit`,
    '/fees-list',
    `/reports/account-statement?account=${accountNumber}`,
  ]);
});

/** A customer the teller's agent registered: its edit screen is open to that teller. */
async function ownCustomerId(teller: Api): Promise<string> {
  const persons = await teller.get<{ data: { id: string; canEdit: boolean }[] }>('/api/persons?per_page=100');
  const own = persons.data.find((person) => person.canEdit);
  if (!own) throw new Error('no customer of its own for the teller');
  return own.id;
}

test('the dashboard of each role: quick actions, balance chart, latest transactions; menu drawer and screenshots', async ({
  page,
  lajan,
}, testInfo: TestInfo) => {
  test.setTimeout(120_000);
  const { root, agent, accountNumber } = await network(lajan);
  await deposits(agent.teller, accountNumber, 3);

  // The teller: its quick actions, its agent's float (500 000 funded, 3 006 deposited to the customer).
  await page.setViewportSize(DESKTOP);
  await agent.teller.useIn(page);
  await page.goto('/');
  await settled(page);
  const actions = page.getByRole('region', { name: 'Actions rapides' });
  for (const name of ['Dépôt', 'Retrait', 'Créer un compte', 'Transfert', 'Recevoir un transfert']) {
    await expect(actions.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(actions.getByRole('link', { name: /^Créer un agent/ })).toHaveCount(0);
  const float = page.getByRole('img', { name: /^Float de l'agent : 496[\s\u202f]994,00/ });
  await expect(float).toBeVisible();
  await expect(page.getByRole('table', { name: "Float de l'agent, solde de clôture par jour" }).locator('tbody tr')).toHaveCount(7);
  const latest = page.getByRole('table', { name: 'Dernières transactions' });
  // The agent deposit that funded the float, then the three deposits.
  await expect(latest.locator('tbody tr')).toHaveCount(4);
  await expect(latest.locator('tbody tr').first()).toContainText('Dépôt');

  await page.getByLabel('Période').selectOption({ label: '30 jours' });
  await expect(page.getByRole('table', { name: "Float de l'agent, solde de clôture par jour" }).locator('tbody tr')).toHaveCount(30);
  await page.getByLabel('Période').selectOption({ label: '3 mois' });
  await expect(page.getByRole('table', { name: "Float de l'agent, solde de clôture par jour" }).locator('tbody tr')).toHaveCount(90);
  await page.getByLabel('Période').selectOption({ label: '7 jours' });
  await settled(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard-caissier-1280.png'), fullPage: true });

  // On a phone: the sidebar is a drawer behind the menu button, and the dashboard still fits.
  await page.setViewportSize(PHONE);
  await settled(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard-caissier-360.png'), fullPage: true });
  expect(await overflowPx(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Historique' }).click();
  await expect(page).toHaveURL(/\/transaction\/history$/);
  await expect(drawer).toHaveCount(0);

  // The administrator: create user, its agent's float.
  await page.setViewportSize(DESKTOP);
  await agent.admin.useIn(page);
  await page.goto('/');
  await settled(page);
  await expect(page.getByRole('region', { name: 'Actions rapides' }).getByRole('link', { name: /^Créer un utilisateur/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Dépôt/ })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^Float de l'agent : 496[\s\u202f]994,00/ })).toBeVisible();

  // The super administrator: create administrator and create agent; network float and treasury.
  await root.useIn(page);
  await page.goto('/');
  await settled(page);
  const rootActions = page.getByRole('region', { name: 'Actions rapides' });
  await expect(rootActions.getByRole('link', { name: /^Créer un administrateur/ })).toBeVisible();
  await expect(rootActions.getByRole('link', { name: /^Créer un agent/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Float total du réseau : 496[\s\u202f]994,00/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Trésorerie : -500[\s\u202f]000,00/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Dernières transactions' }).locator('tbody tr')).toHaveCount(4);
  await page.screenshot({ path: testInfo.outputPath('dashboard-super-admin-1280.png'), fullPage: true });
  await page.setViewportSize(PHONE);
  await settled(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard-super-admin-360.png'), fullPage: true });
  expect(await overflowPx(page)).toBeLessThanOrEqual(0);
});

/** The cells of the history rows on screen: number, type, amount (as the CSV writes it), status, user, date. */
async function screenRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table', { name: "Transactions, les plus récentes d'abord" }).locator('tbody tr');
  const out: string[][] = [];
  for (const row of await rows.all()) {
    const cells = (await row.locator('td').allTextContents()).map((text) => text.replace(/[\s\u202f\u00a0]+/g, ' ').trim());
    const [number = '', typeCell = '', amount = '', status = '', user = '', date = ''] = cells;
    // The type cell's own text, without the line under it that says whose the transaction is.
    const whose = (await row.locator('td').nth(1).locator('span').allTextContents()).join('').replace(/[\s\u202f\u00a0]+/g, ' ').trim();
    const type = typeCell.replace(whose, '').trim();
    out.push([number, type, amount.replace(/ HTG$/, '').replace(/ /g, ''), status, user, date]);
  }
  return out;
}

/** Whether every cell of a table's first row is in sight: not beyond its scrolling box, not under `cover`. */
async function firstRowInSight(page: Page, table: ReturnType<Page['getByRole']>, cover: ReturnType<Page['getByRole']>) {
  const coverLeft = (await cover.boundingBox())?.x ?? Number.POSITIVE_INFINITY;
  const scrolls = await table.evaluate((element) => {
    const box = element.parentElement!;
    return box.scrollWidth > box.clientWidth + 1;
  });
  const date = table.locator('tbody tr').first().locator('td[data-label="Date"]');
  const dateBox = await date.boundingBox();
  expect(dateBox, 'la date de la première ligne est affichée').not.toBeNull();
  return { scrolls, dateRight: Math.round(dateBox!.x + dateBox!.width), coverLeft: Math.round(coverLeft) };
}

test('with the receipt open beside them, the latest transactions and the history keep every column in sight', async ({
  page,
  lajan,
}) => {
  test.setTimeout(120_000);
  const { agent, accountNumber } = await network(lajan);
  await deposits(agent.teller, accountNumber, 2);
  await agent.teller.useIn(page);
  for (const size of [DESKTOP, { width: 1024, height: 800 }]) {
    for (const [path, caption] of [
      ['/', 'Dernières transactions'],
      ['/transaction/history', "Transactions, les plus récentes d'abord"],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(path);
      await settled(page);
      const table = page.getByRole('table', { name: caption });
      await table.getByRole('button', { name: /^Réimprimer le reçu/ }).first().click();
      const receipt = page.getByRole('complementary', { name: 'Reçu' });
      await expect(receipt).toBeVisible();
      const sight = await firstRowInSight(page, table, receipt);
      const where = `${path} @${size.width}`;
      expect.soft(sight.scrolls, `${where} : le tableau ne défile pas de côté`).toBe(false);
      expect.soft(sight.dateRight, `${where} : la date n'est pas sous le reçu`).toBeLessThanOrEqual(sight.coverLeft);
      await receipt.getByRole('button', { name: 'Fermer' }).click();
      await expect(receipt).toHaveCount(0);
    }
  }
});

test('the history pages through 25 transactions 10 at a time, and its CSV holds the same rows', async ({ page, lajan }) => {
  test.setTimeout(120_000);
  const { agent, accountNumber } = await network(lajan);
  await deposits(agent.teller, accountNumber, 25);

  await page.setViewportSize(DESKTOP);
  await agent.teller.useIn(page);
  await page.goto('/transaction/history');
  await settled(page);
  const table = page.getByRole('table', { name: "Transactions, les plus récentes d'abord" });
  // 26 transactions: the agent deposit that funded the float and the 25 deposits; the filter keeps the deposits.
  await expect(page.getByText('1 – 10 sur 26')).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: 'Dépôt' });
  await expect(page.getByText('1 – 10 sur 25')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Précédent' })).toBeDisabled();
  const shown = await screenRows(page);
  expect(shown[0]?.slice(1, 4)).toEqual(['Dépôt', '1025,00', 'Complété']);
  // Under the type, whose it is: the account, its holder (decision 186) and the person at the counter.
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(
    new RegExp(`^Dépôtcompte\\s${accountNumber} \\(Marie JOSEPH\\d+\\) · par ${PARTY.name}$`),
  );

  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('11 – 20 sur 25')).toBeVisible();
  await expect(table.locator('tbody tr').first()).toContainText('1 015,00');
  shown.push(...(await screenRows(page)));
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('21 – 25 sur 25')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  shown.push(...(await screenRows(page)));
  await page.getByRole('button', { name: 'Précédent' }).click();
  await expect(page.getByText('11 – 20 sur 25')).toBeVisible();
  expect(shown.map((row) => row[2])).toEqual(Array.from({ length: 25 }, (_, index) => `${1025 - index},00`));

  // The CSV of the same filter: every row, in the screen's order, with the same values.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter en CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^historique-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Numéro;Type;Montant;Frais;Statut;Créé par;Agent;Date;Version du barème');
  const csvRows = lines.slice(1).map((line) => line.split(';'));
  expect(csvRows).toHaveLength(25);
  expect(csvRows.map(([number, type, amount, , status, user, , date]) => [number, type, amount, status, user, date])).toEqual(shown);

  // Filtered and searched: the export follows the filters.
  await page.getByLabel('Type').selectOption({ label: 'Retrait' });
  await expect(page.getByText('Aucune transaction ne correspond à ces critères.')).toBeVisible();
  await page.getByLabel('Type').selectOption({ label: 'Tous les types' });
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(shown[3]?.[0] ?? '');
  await expect(page.getByText('1 – 1 sur 1')).toBeVisible();
  const [filtered] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter en CSV' }).click()]);
  const filteredLines = (await readFile(await filtered.path())).toString('utf8').split('\r\n').filter(Boolean);
  expect(filteredLines).toHaveLength(2);
  expect(filteredLines[1]?.split(';')[0]).toBe(shown[3]?.[0]);
});

test('the fee editor refuses an overlapping band, and saves a schedule that follows on', async ({ page, lajan }) => {
  test.setTimeout(90_000);
  const root = await Api.superAdmin(lajan);
  await page.setViewportSize(PHONE);
  await root.useIn(page);
  await page.goto('/fees-list');
  await settled(page);
  await page.getByRole('button', { name: 'Modifier les frais : Retrait' }).click();
  const form = page.getByRole('form', { name: 'Modifier les frais : Retrait' });
  // The bands' fieldsets, not the one of "Entrée en vigueur" (decision 153).
  const bands = form.getByRole('group', { name: /^Tranche \d+$/ });
  const count = await bands.count();
  expect(count).toBeGreaterThan(1);

  // The last band again, from the lower bound of the one before it: an overlap.
  const previousMin = await form.getByLabel(`Montant minimum, tranche ${count - 1}`, { exact: true }).inputValue();
  await form.getByRole('button', { name: 'Ajouter une tranche' }).click();
  const added = count + 1;
  await form.getByLabel(`Montant minimum, tranche ${added}`, { exact: true }).fill(previousMin);
  await form.getByLabel(`Montant maximum, tranche ${added}`, { exact: true }).fill('100000');
  await form.getByLabel(`Frais, tranche ${added}`, { exact: true }).fill('100');
  await form.getByLabel(`Part de l'agent, tranche ${added}`, { exact: true }).fill('40');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  const minimum = form.getByLabel(`Montant minimum, tranche ${added}`, { exact: true });
  await expect(minimum).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/^Cette tranche chevauche la tranche de/).first()).toBeVisible();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page, '/fees-list, éditeur en erreur @360');

  // Removing it leaves the schedule as it was: it saves after the confirmation.
  await form.getByRole('button', { name: `Supprimer la tranche ${added}` }).click();
  const firstMin = Number(await form.getByLabel('Montant minimum, tranche 1', { exact: true }).inputValue());
  await form.getByLabel('Frais, tranche 1', { exact: true }).fill('12');
  await form.getByLabel("Part de l'agent, tranche 1", { exact: true }).fill('4.8');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enregistrer le barème ?' });
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Barème des frais enregistré')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Frais : Retrait' }).locator('tbody tr').first()).toContainText('12,00');
  // The next quote uses the new band.
  const quote = await root.get<{ data: { fee: number } }>(`/api/transactions/fees/quote?type=withdrawal&amount=${firstMin}`);
  expect(quote.data.fee).toBe(12);
});

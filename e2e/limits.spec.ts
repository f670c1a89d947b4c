import type { Page } from '@playwright/test';
import { formatHtg } from '@lajan/domain';
import { Api, setUpAgent, setUpAgentWithCustomer } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { expectAccessible, htg, overflowPx, valueOf } from './support/ui.js';

/*
 * A customer's limits end to end (decision 227): a cash-out day limit lowered on « Limites des clients » is said
 * and held at the amount step, and held by the posting for a teller at another agent overtaken meanwhile.
 */

const PHONE = { width: 360, height: 740 };

type Party = { name: string; idDocumentType: string; idDocumentNumber: string };

/** The withdrawal's first two steps: the account found, the person at the counter and the amount typed. */
async function withdrawalAmountStep(page: Page, accountNumber: string, party: Party, amount: number) {
  await page.goto('/transaction/withdraw');
  await expect(page.getByRole('heading', { name: 'Retrait', exact: true })).toBeVisible();
  const search = page.getByRole('search', { name: 'Numéro de compte' });
  await search.getByRole('textbox', { name: 'Numéro de compte' }).fill(accountNumber);
  await search.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('region', { name: 'Compte trouvé' })).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Étape 2 sur 3', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nom complet' }).fill(party.name);
  await page.getByRole('combobox', { name: 'Type de document' }).selectOption(party.idDocumentType);
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill(party.idDocumentNumber);
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill(String(amount));
}

/** « Ce client peut encore retirer 700,00 HTG aujourd'hui (…) », whatever spaces Intl puts in the figures. */
function leftLine(page: Page, leftHtg: number) {
  const figure = htg(leftHtg).source.replace('(^|[^\\d])', '');
  return page
    .getByRole('status')
    .filter({ hasText: new RegExp(`^Ce client peut encore retirer ${figure} aujourd'hui \\(`) });
}

test('a cash-out day limit lowered by the super administrator is said at the amount step, held there and by the posting', async ({
  page,
  browser,
  lajan,
}) => {
  test.setTimeout(60_000);
  const root = await Api.superAdmin(lajan);
  const { agent, accountNumber, party } = await setUpAgentWithCustomer(
    lajan,
    root,
    'Kay Lajan Gonaïves',
    'gonaives',
    { firstName: 'Guerline', lastName: 'Baptiste' },
  );
  const other = await setUpAgent(lajan, root, 'Kay Lajan Saint-Marc', 'saintmarc');
  await root.post('/api/agents/deposit', {
    code: other.code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount: 5000,
  });
  // Her day so far: 5 000 HTG in, 300 HTG out.
  await agent.teller.post('/api/transactions/deposit', { accountNumber, party, amount: 5000 });
  await agent.teller.post('/api/transactions/withdraw', { accountNumber, party, amount: 300 });

  // The super administrator: withdrawals at most 1 000 HTG an operation and a day, from now.
  await root.useIn(page);
  await page.goto('/limits');
  await expect(page.getByRole('heading', { name: 'Limites des clients', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Limites en vigueur' })).toContainText(/150\s000,00\sHTG/);
  const form = page.getByRole('form', { name: 'Nouvelle version' });
  await form.getByLabel('Par opération (HTG), Retraits en espèces', { exact: true }).fill('1000');
  await form.getByLabel('Par jour (HTG), Retraits en espèces', { exact: true }).fill('1000');
  await expect(form.getByRole('radio', { name: 'Maintenant' })).toBeChecked();
  await expectAccessible(page, '/limits');
  await page.setViewportSize(PHONE);
  expect.soft(await overflowPx(page), '/limits tient dans 360 px').toBeLessThanOrEqual(0);
  await form.getByRole('button', { name: 'Enregistrer la nouvelle version' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enregistrer ces limites ?' });
  await expect(dialog.getByRole('listitem')).toHaveText([
    `Retraits en espèces, par opération : ${formatHtg(100_000)} → ${formatHtg(1000)}`,
    `Retraits en espèces, par jour : ${formatHtg(150_000)} → ${formatHtg(1000)}`,
  ]);
  await expect(dialog).toContainText('Elles s’appliqueront à tous les clients dès maintenant.');
  expect.soft(await overflowPx(page), 'la confirmation tient dans 360 px').toBeLessThanOrEqual(0);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Version n° 2 enregistrée')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Version n° 2, en vigueur depuis le / })).toBeVisible();
  const cashOut = page.getByRole('table', { name: 'Limites en vigueur' }).getByRole('row', {
    name: /Retraits en espèces/,
  });
  await expect(cashOut).toContainText(htg(1000));
  await expect(cashOut).not.toContainText(/150\s000/);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The teller, on a phone: 700 HTG left today; 800 refused before Enregistrer, 500 recorded.
  await agent.teller.useIn(page);
  await page.setViewportSize(PHONE);
  await withdrawalAmountStep(page, accountNumber, party, 800);
  await expect(leftLine(page, 700)).toBeVisible();
  const amount = page.getByRole('textbox', { name: 'Montant (HTG)' });
  await expect(amount).toHaveAccessibleDescription(
    `Limite journalière atteinte pour ce client : reste ${formatHtg(700)} aujourd'hui`,
  );
  await expect(
    page.getByText('Changez le montant : il dépasse ce que ce client peut encore faire.'),
  ).toBeVisible();
  await expectAccessible(page, '/transaction/withdraw, montant refusé @360');
  expect.soft(await overflowPx(page), 'le refus tient dans 360 px').toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  await amount.fill('500');
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Étape 3 sur 3', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Retrait réalisé avec succès')).toBeVisible();
  const receipt = page.getByRole('article', { name: /^Reçu de la transaction \d+$/ });
  await expect(valueOf(receipt, 'Montant')).toHaveText(htg(500));
  expect.soft(await overflowPx(page), 'le reçu tient dans 360 px').toBeLessThanOrEqual(0);

  // A teller at another agent confirms 150 HTG of the 200 left; the first one pays 100 first.
  const otherContext = await browser.newContext({ baseURL: lajan.url });
  const otherPage = await otherContext.newPage();
  await other.teller.useIn(otherPage);
  await withdrawalAmountStep(otherPage, accountNumber, party, 150);
  await otherPage.getByRole('button', { name: 'Suivant' }).click();
  await expect(otherPage.getByText('Étape 3 sur 3', { exact: true })).toBeVisible();
  await agent.teller.post('/api/transactions/withdraw', { accountNumber, party, amount: 100 });
  await otherPage.getByRole('button', { name: 'Enregistrer' }).click();
  const refusal = `Limite journalière atteinte pour ce client : reste ${formatHtg(100)} aujourd'hui`;
  await expect(otherPage.getByText(refusal).first()).toBeVisible();
  await expect(otherPage.getByText('Retrait réalisé avec succès')).toHaveCount(0);
  await otherContext.close();

  const left = await agent.teller.get<{ data: { leftToday: number } }>(
    `/api/limits/left?type=withdrawal&accountNumber=${accountNumber}`,
  );
  expect(left.data.leftToday).toBe(100);
});

import { Api, setUpAgentWithCustomer } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { signIn } from './support/ui.js';

/**
 * A correction (issue 42, decision 226): the teller asks from the history with a reason, the agent's
 * administrator approves, the teller carries it out at the counter and prints the reversal's slip.
 */
test('a deposit into the wrong account is corrected: asked, approved by another, carried out and printed', async ({
  page,
  browser,
  lajan,
}) => {
  test.setTimeout(180_000);
  const root = await Api.superAdmin(lajan);
  const { agent, accountNumber, party } = await setUpAgentWithCustomer(
    lajan,
    root,
    'Kay Lajan Hinche',
    'hinche',
    { firstName: 'Rose', lastName: 'Pierre' },
  );
  const deposit = await agent.teller.post<{ data: { transactionNumber: string } }>(
    '/api/transactions/deposit',
    { accountNumber, party, amount: 1500 },
  );
  const number = deposit.data.transactionNumber;

  // The teller asks from the history, with a reason.
  await signIn(page, agent.tellerUsername, agent.tellerPassword);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/transaction/history');
  await page.getByRole('button', { name: `Demander la correction de l'opération ${number}` }).click();
  const ask = page.getByRole('dialog', { name: 'Demander une correction' });
  await ask.getByLabel('Motif').fill('Mauvais compte : le client voulait le compte de sa sœur');
  await ask.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByText('Demande de correction envoyée pour validation')).toBeVisible();

  // Her agent's administrator approves it.
  const adminContext = await browser.newContext({ baseURL: lajan.url });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, 'gerant.hinche', 'Gerant-Lajan-2026');
  await expect(adminPage).toHaveURL(/\/$/);
  await adminPage.goto('/corrections');
  const toValidate = adminPage.getByRole('region', { name: 'Corrections à valider' });
  await toValidate.getByRole('button', { name: `Approuver la correction de l'opération ${number}` }).click();
  await adminPage
    .getByRole('dialog', { name: 'Approuver la correction' })
    .getByRole('button', { name: 'Approuver' })
    .click();
  await expect(adminPage.getByText('Correction approuvée')).toBeVisible();
  await adminContext.close();

  // The teller carries it out at the counter and prints the slip.
  await page.goto('/corrections');
  const toExecute = page.getByRole('region', { name: 'Corrections à exécuter' });
  await toExecute.getByRole('button', { name: `Exécuter la correction de l'opération ${number}` }).click();
  await page
    .getByRole('dialog', { name: 'Exécuter la correction au guichet' })
    .getByRole('button', { name: 'Exécuter' })
    .click();
  await expect(page.getByText('Correction exécutée')).toBeVisible();
  const slip = page.getByRole('article', { name: /^Reçu de la transaction / });
  await expect(slip).toContainText('Bordereau de correction');
  await expect(slip).toContainText(number);
  await page.evaluate(() => {
    const scope = globalThis as unknown as { printed: number; print: () => void };
    scope.printed = 0;
    scope.print = () => {
      scope.printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Imprimer', exact: true }).click();
  expect(await page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);

  // The history shows the deposit corrected.
  await page.goto('/transaction/history');
  await expect(page.getByRole('row', { name: new RegExp(number) }).first()).toContainText('Corrigé');
});

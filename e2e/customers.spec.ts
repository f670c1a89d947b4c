import { Api, newPerson, setUpAgent } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { fillPersonForm, pickPerson, signIn } from './support/ui.js';

test('a teller registers two customers and opens a joint account for them', async ({ page, lajan }) => {
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Carrefour', 'carrefour');
  await signIn(page, agent.tellerUsername, agent.tellerPassword);
  await expect(page).toHaveURL(/\/$/);

  const first = newPerson({ firstName: 'Nadège', lastName: 'Pierre' });
  const second = newPerson({ firstName: 'Joël', lastName: 'Pierre' });
  for (const person of [first, second]) {
    await page.goto('/');
    await page.goto('/person');
    await expect(page.getByRole('heading', { name: 'Enregistrer Client' })).toBeVisible();
    await fillPersonForm(page, person);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Personne enregistrée avec succès')).toBeVisible();
    // Success goes back one page.
    await expect(page).toHaveURL(/\/$/);
  }

  await page.goto('/create-account');
  await expect(page.getByText('Étape 1 sur 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  await pickPerson(page, 'Nadège', /Nadège PIERRE/);
  await pickPerson(page, 'Joël', /Joël PIERRE/);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Étape 2 sur 3')).toBeVisible();
  await page.getByText('Épargne', { exact: true }).click();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Étape 3 sur 3')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page.getByRole('heading', { name: 'Compte créé avec succès !' })).toBeVisible();
  await expect(
    page.getByText('Conservez précieusement ce numéro pour accéder à votre compte.'),
  ).toBeVisible();
  // Shown in groups of three, as it is read aloud.
  const number = (await page.getByLabel(/^Numéro de compte \d+/).innerText()).replace(/\s/g, '');
  expect(number).toMatch(/^\d{8,}$/);

  // The account exists, with both holders, the first one principal.
  const found = await agent.teller.post<{
    data: {
      account: { status: string; type: string; customers: { firstName: string; principal: boolean }[] };
    };
  }>('/api/accounts/search', { account_number: number });
  expect(found.data.account.status).toBe('active');
  expect(found.data.account.type).toBe('savings');
  expect(found.data.account.customers.map((c) => [c.firstName, c.principal])).toEqual([
    ['Nadège', true],
    ['Joël', false],
  ]);

  // The account-opening slip (decision 133): on screen, then printed alone on the counter's roll.
  const slip = page.getByRole('article', { name: "Fiche d'ouverture de compte" });
  await expect(slip).toContainText(number);
  await expect(slip).toContainText('Épargne');
  await expect(slip.getByRole('region', { name: 'Titulaires' })).toContainText('Nadège PIERRE');
  await expect(slip.getByRole('region', { name: 'Titulaires' })).toContainText('Joël PIERRE');
  await page.evaluate(() => {
    // The browser's window (this file is typed without the DOM library).
    const scope = globalThis as unknown as { printed: number; print: () => void };
    scope.printed = 0;
    scope.print = () => {
      scope.printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Imprimer la fiche' }).click();
  expect(await page.evaluate(() => (globalThis as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(slip).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Compte créé avec succès !' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimer la fiche' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: /menu principal/i })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a visitor asks for an account on /register and a teller activates it', async ({
  page,
  browser,
  lajan,
}) => {
  const visitor = newPerson({ firstName: 'Guerline', lastName: 'Augustin' });
  await page.goto('/register');
  await expect(page.getByText('Étape 1 sur 3')).toBeVisible();
  await page.getByText('Courant', { exact: true }).click();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Étape 2 sur 3')).toBeVisible();
  await fillPersonForm(page, visitor);
  await page
    .getByRole('button', { name: /ajouter/i })
    .first()
    .click();
  await expect(page.getByText(/Guerline AUGUSTIN/)).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Étape 3 sur 3')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/24 heures/)).toBeVisible();
  // What happens next, at a cash point with the document given; the sign-in is the staff's (decision 213).
  const nextSteps = page.getByRole('region', { name: 'Pour ouvrir votre compte' });
  await expect(nextSteps).toContainText('point de service');
  await expect(nextSteps).toContainText(visitor.idDocumentNumber);
  await expect(page.getByRole('link', { name: 'Connexion du personnel' })).toBeVisible();
  // The draft and the step are gone once the request is sent.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /register/i.test(k)))).toEqual([]);
  await lajan.mailbox.waitFor(visitor.email);

  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Jacmel', 'jacmel');
  const tellerContext = await browser.newContext({ baseURL: lajan.url });
  const teller = await tellerContext.newPage();
  await signIn(teller, agent.tellerUsername, agent.tellerPassword);
  await expect(teller).toHaveURL(/\/$/);
  await teller.goto('/account-requests');
  await expect(teller.getByText(/Guerline AUGUSTIN/).first()).toBeVisible();
  await expect(teller.getByText(visitor.idDocumentNumber).first()).toBeVisible();
  await teller
    .getByRole('button', { name: /^Activer/ })
    .first()
    .click();
  const dialog = teller.getByRole('dialog');
  // The teller must say it compared the original identity document with the request.
  await expect(dialog.getByRole('button', { name: /activer|confirmer/i })).toBeDisabled();
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: /activer|confirmer/i }).click();
  await expect(teller.getByText(/Guerline AUGUSTIN/)).toHaveCount(0);

  const decision = await lajan.mailbox.waitFor(visitor.email, /compte Lajan est ouvert/);
  expect(decision.text).toMatch(/\d{8,}/);
  await tellerContext.close();
});

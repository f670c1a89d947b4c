import type { Page } from '@playwright/test';
import { Api, newPerson, newRecipient, setUpAgent } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { expectNoSpecForbiddenTexts } from './support/texts.js';
import { fillRecipient, htg, sidebar, signIn, valueOf } from './support/ui.js';

/**
 * A teller's day through the screens only, without a reload: the set-up goes through the API, then each step
 * is reached with the app's own links and buttons, and no screen shows a text the spec misspells
 * (decision 134).
 */

async function next(page: Page, expectedStep: string): Promise<void> {
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText(expectedStep, { exact: true })).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
}

async function floatBalance(root: Api, code: string): Promise<number> {
  const answer = await root.get<{ data: { balance: number | null } }>(`/api/agents/${code}`);
  return Number(answer.data.balance);
}

async function fundAgent(root: Api, code: string, amount: number): Promise<void> {
  await root.post('/api/agents/deposit', {
    code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount,
  });
}

test('a teller’s day at the counter, through the screens only and without a reload', async ({
  page,
  browser,
  lajan,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();

  // Set-up through the API: two agents with a teller each, the first funded, one of its customers.
  const root = await Api.superAdmin(lajan);
  const counter = await setUpAgent(lajan, root, 'Kay Lajan Gonaïves', 'gonaives');
  const paying = await setUpAgent(lajan, root, 'Kay Lajan Hinche', 'hinche');
  await fundAgent(root, counter.code, 10000);
  const holder = newPerson({ firstName: 'Rose-merline', lastName: 'Valcourt' });
  const holderPerson = await counter.teller.post<{ data: { id: string } }>('/api/persons', holder);
  const account = await counter.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
    type: 'current',
    currency: 'HTG',
    personIds: [holderPerson.data.id],
  });
  await counter.teller.post('/api/transactions/deposit', {
    accountNumber: account.data.accountNumber,
    party: {
      name: 'Rose-Merline Valcourt',
      idDocumentType: 'id_card',
      idDocumentNumber: holder.idDocumentNumber,
    },
    amount: 3000,
  });
  const walkIn = newPerson({
    firstName: 'Wilner',
    lastName: 'Dorvilus',
    gender: 'male',
    occupation: 'Mécanicien',
  });
  const recipient = newRecipient({
    firstName: 'Wideline',
    lastName: 'Jean-Louis',
    idDocumentType: 'passport',
    idDocumentNumber: 'PP-5582314',
  });

  // From here on, the screens only: one sign-in, then the app's own links.
  await signIn(page, counter.tellerUsername, counter.tellerPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  // No step may load a document again: the app is one page from the sign-in to the end.
  let documentLoads = 0;
  page.on('load', () => (documentLoads += 1));

  // 1. A walk-in sender whom the person search does not find is registered from there.
  await sidebar(page).getByRole('link', { name: 'Effectuer' }).click();
  await expect(page.getByRole('heading', { name: 'Effectuer un transfert externe' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Espèces' })).toBeChecked();
  await expect(page.getByText('Étape 1 sur 4', { exact: true })).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await page.getByRole('button', { name: 'Rechercher Personne' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox').fill(walkIn.lastName);
  await dialog.getByRole('searchbox').press('Enter');
  await expect(dialog.getByText(`Pas de résultat pour ${walkIn.lastName}`)).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await dialog.getByRole('button', { name: 'Enregistrer un nouveau client' }).click();
  await expect(page.getByRole('heading', { name: 'Enregistrer Client', level: 1 })).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await page.getByLabel('Prénom', { exact: true }).fill(walkIn.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(walkIn.lastName);
  await page.getByLabel('Date de naissance', { exact: true }).fill(walkIn.dob);
  await page.getByLabel('Homme').check();
  await page.getByLabel('Statut matrimonial', { exact: true }).selectOption('single');
  await page.getByLabel('Profession', { exact: true }).fill(walkIn.occupation);
  await page.getByLabel('Type de document').selectOption(walkIn.idDocumentType);
  await page.getByLabel('Numéro du document', { exact: true }).fill(walkIn.idDocumentNumber);
  await page.getByLabel("Date d'émission", { exact: true }).fill(walkIn.dateIssued);
  await page.getByLabel("Date d'expiration", { exact: true }).fill(walkIn.expirationDate);
  await page.getByLabel('Département', { exact: true }).fill('Artibonite');
  await page.getByLabel('Commune', { exact: true }).fill('Gonaïves');
  await page.getByLabel('Adresse', { exact: true }).fill('7 rue Egalité');
  await page.getByLabel('Téléphone', { exact: true }).fill(walkIn.phoneNumber.replace('+509 ', ''));
  await page.getByLabel('Email', { exact: true }).fill(walkIn.email);
  await page.getByLabel('Moyen de contact préféré', { exact: true }).selectOption('sms');
  await expectNoSpecForbiddenTexts(page);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();

  // 2. Back on the transfer with the new customer chosen as sender: a cash transfer.
  await expect(page).toHaveURL(/\/transaction\/external-transfer\/create$/);
  await expect(page.getByRole('region', { name: 'Expéditeur choisi' })).toContainText('Wilner DORVILUS');
  await expectNoSpecForbiddenTexts(page);
  await next(page, 'Étape 2 sur 4');
  await fillRecipient(page, recipient);
  await next(page, 'Étape 3 sur 4');
  // The sender's card, typed at the counter.
  await page.getByRole('textbox', { name: 'Nom complet' }).fill(`${walkIn.firstName} ${walkIn.lastName}`);
  await page.getByRole('combobox', { name: 'Type de document' }).selectOption(walkIn.idDocumentType);
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill(walkIn.idDocumentNumber);
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill('2000');
  // 2 000 HTG: fee 115 (agent share 46), paid in cash on top.
  const transferPreview = page.getByRole('region', { name: 'Frais et total' });
  await expect(valueOf(transferPreview, 'Frais')).toHaveText(htg(115));
  await next(page, 'Étape 4 sur 4');
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  // 3. Its pick-up code, in groups, on the success screen and the receipt.
  await expect(page.getByRole('heading', { name: 'Transfert envoyé' })).toBeVisible();
  await expect(page.getByText('Transfert externe réalisé avec succès')).toBeVisible();
  const shown = page.getByRole('group', { name: /^Code de retrait \d{12}$/ });
  const pickUp = ((await shown.getAttribute('aria-label')) ?? '').replace('Code de retrait ', '');
  expect(pickUp).toMatch(/^\d{12}$/);
  const grouped = pickUp.replace(/(\d{3})(?=\d)/g, '$1 ');
  const receipt = page.getByRole('complementary', { name: 'Reçu' });
  await expect(valueOf(receipt, 'Code de retrait')).toHaveText(grouped);
  await expect(valueOf(receipt, 'Montant')).toHaveText(htg(2000));
  await expect(valueOf(receipt, 'Frais')).toHaveText(htg(115));
  await expect(page.getByText('N° transaction')).toHaveCount(0);
  await expectNoSpecForbiddenTexts(page);

  // 4. Another agent's teller, in their own browser, pays it out, the code typed with its spaces.
  const payingContext = await browser.newContext({ baseURL: lajan.url });
  const payingPage = await payingContext.newPage();
  await signIn(payingPage, paying.tellerUsername, paying.tellerPassword);
  await expect(payingPage).toHaveURL(/\/$/);
  await expectNoSpecForbiddenTexts(payingPage);
  await sidebar(payingPage).getByRole('link', { name: 'Recevoir' }).click();
  await expect(payingPage.getByRole('heading', { name: 'Recevoir un transfert externe' })).toBeVisible();
  await expectNoSpecForbiddenTexts(payingPage);
  const find = payingPage.getByRole('search', { name: 'Code de retrait' });
  await find.getByRole('textbox', { name: 'Code de retrait' }).pressSequentially(grouped);
  await expect(find.getByRole('textbox', { name: 'Code de retrait' })).toHaveValue(grouped);
  await expect(payingPage.getByText('Code invalide : vérifiez les chiffres')).toHaveCount(0);
  await find.getByRole('button', { name: 'Rechercher' }).click();
  const card = payingPage.getByRole('region', { name: 'Transfert trouvé' });
  await expect(card.getByText(grouped)).toBeVisible();
  await expect(card.getByText(htg(2000))).toBeVisible();
  await expect(card).toContainText('Kay Lajan Gonaïves');
  await expect(card.getByText('W. J.', { exact: true })).toBeVisible();
  await expectNoSpecForbiddenTexts(payingPage);
  await payingPage.getByRole('button', { name: 'Suivant' }).click();
  await expect(payingPage.getByText('Étape 2 sur 3', { exact: true })).toBeVisible();
  await expectNoSpecForbiddenTexts(payingPage);
  await payingPage.getByRole('textbox', { name: 'Prénom' }).fill(recipient.firstName);
  await payingPage.getByRole('textbox', { name: 'Nom', exact: true }).fill(recipient.lastName);
  await payingPage.getByRole('combobox', { name: 'Type de document' }).selectOption(recipient.idDocumentType);
  await payingPage.getByRole('textbox', { name: 'Numéro de document' }).fill(recipient.idDocumentNumber);
  await payingPage.getByRole('button', { name: 'Suivant' }).click();
  await expect(payingPage.getByText('Étape 3 sur 3', { exact: true })).toBeVisible();
  await expect(
    payingPage.getByRole('region', { name: 'Montant à remettre' }).getByText(htg(2000)),
  ).toBeVisible();
  await expectNoSpecForbiddenTexts(payingPage);
  await payingPage.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(payingPage.getByText('Transfert payé avec succès')).toBeVisible();
  await expect(payingPage.getByRole('complementary', { name: 'Reçu' })).toBeVisible();
  await expectNoSpecForbiddenTexts(payingPage);
  await payingContext.close();

  // 5. Back at the first agent: a withdrawal from an account found by its holder's name.
  await sidebar(page).getByRole('link', { name: 'Retrait', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Retrait', exact: true, level: 1 })).toBeVisible();
  // The receipt of the transfer stayed with its own page.
  await expect(page.getByRole('complementary', { name: 'Reçu' })).toHaveCount(0);
  await expectNoSpecForbiddenTexts(page);
  const search = page.getByRole('search', { name: 'Numéro de compte' });
  await search.getByRole('textbox', { name: 'Numéro de compte' }).fill('Valcourt');
  await search.getByRole('button', { name: 'Rechercher' }).click();
  const found = page.getByRole('region', { name: 'Compte trouvé' });
  await expect(found).toContainText(account.data.accountNumber);
  await expect(found).toContainText('Rose-Merline VALCOURT');
  await expectNoSpecForbiddenTexts(page);
  await next(page, 'Étape 2 sur 3');
  await page
    .getByRole('region', { name: 'Titulaires du compte' })
    .getByRole('button', { name: /VALCOURT/ })
    .click();
  await expect(page.getByRole('textbox', { name: 'Nom complet' })).toHaveValue('Rose-Merline VALCOURT');
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill(holder.idDocumentNumber);
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill('1000');
  // The fee and the total at the amount step, before any Suivant: 1 000 HTG, fee 40 (agent share 16).
  const preview = page.getByRole('region', { name: 'Frais et total' });
  await expect(valueOf(preview, 'Frais')).toHaveText(htg(40));
  await expect(valueOf(preview, 'Total débité du compte')).toHaveText(htg(1040));
  await expect(page.getByText('Étape 2 sur 3', { exact: true })).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await next(page, 'Étape 3 sur 3');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Retrait réalisé avec succès')).toBeVisible();
  const withdrawalReceipt = page.getByRole('complementary', { name: 'Reçu' });
  await expect(valueOf(withdrawalReceipt, 'Montant')).toHaveText(htg(1000));
  await expect(valueOf(withdrawalReceipt, 'Frais')).toHaveText(htg(40));
  await expect(valueOf(withdrawalReceipt, 'Total débité du compte')).toHaveText(htg(1040));
  await expect(withdrawalReceipt.getByRole('link', { name: 'Nouvelle opération' })).toBeVisible();
  await expectNoSpecForbiddenTexts(page);

  // 6. "Mon Compte": the agent's float, every movement of the day in it.
  const float = 10000 - 3000 - 2115 + 46 + 1000 + 16;
  expect(await floatBalance(root, counter.code)).toBe(float);
  await sidebar(page).getByRole('link', { name: 'Mon Compte' }).click();
  await expect(page.getByRole('heading', { name: 'Mon Compte', level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Reçu' })).toHaveCount(0);
  await expect(valueOf(page.locator('main'), 'Agent')).toHaveText(`Kay Lajan Gonaïves (${counter.code})`);
  await expect(valueOf(page.locator('main'), 'Solde disponible')).toContainText(htg(float));
  await expect(valueOf(page.locator('main'), 'Statut')).toHaveText('Actif');
  await expect(page.getByText('Échec du chargement du compte')).toHaveCount(0);
  await expectNoSpecForbiddenTexts(page);

  // The whole walk happened in the one page the sign-in loaded.
  expect(documentLoads).toBe(0);
  test.info().annotations.push({ type: 'walk', description: `${Date.now() - started} ms` });
});

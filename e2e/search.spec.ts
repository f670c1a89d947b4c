import { Api, newPerson, setUpAgent } from './support/api.js';
import { expect, test } from './support/lajan.js';

/*
 * Issue 12, items 4 and 5 (decision 132), in Chromium against the real server: an account found by its
 * holder's name, its holders offered at the counter, the fee at the amount step; a walk-in sender
 * registered from a search that found no one and selected on return; the date rules on the first submit.
 */

async function fund(root: Api, code: string, amount: number) {
  await root.post('/api/agents/deposit', {
    code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount,
  });
}

test('a withdrawal from an account found by its holder’s name, the fee shown at the amount step', async ({
  page,
  lajan,
}) => {
  test.setTimeout(90_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Carrefour', 'carrefour');
  await fund(root, agent.code, 10000);
  const holder = newPerson({ firstName: 'Rose-merline', lastName: 'Valcourt' });
  const person = await agent.teller.post<{ data: { id: string } }>('/api/persons', holder);
  const account = await agent.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
    type: 'current',
    currency: 'HTG',
    personIds: [person.data.id],
  });
  await agent.teller.post('/api/transactions/deposit', {
    accountNumber: account.data.accountNumber,
    party: { name: 'Rose Valcourt', idDocumentType: 'id_card', idDocumentNumber: holder.idDocumentNumber },
    amount: 3000,
  });

  await agent.teller.useIn(page);
  await page.goto('/transaction/withdraw');
  await expect(page.getByRole('heading', { name: 'Retrait', exact: true })).toBeVisible();
  const search = page.getByRole('search', { name: 'Numéro de compte' });
  await search.getByRole('textbox', { name: 'Numéro de compte' }).fill('valcourt');
  await search.getByRole('button', { name: 'Rechercher' }).click();
  const found = page.getByRole('region', { name: 'Compte trouvé' });
  await expect(found).toContainText(account.data.accountNumber);
  await expect(found).toContainText('VALCOURT');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Étape 2 sur 3', { exact: true })).toBeVisible();

  await page.getByRole('region', { name: 'Titulaires du compte' }).getByRole('button').first().click();
  await expect(page.getByRole('textbox', { name: 'Nom complet' })).toHaveValue(/VALCOURT/);
  await expect(page.getByRole('combobox', { name: 'Type de document' })).toHaveValue('id_card');
  await expect(page.getByRole('textbox', { name: 'Numéro de document' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill(holder.idDocumentNumber);
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill('70000');
  await expect(page.getByText(/^Montant hors barème/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill('1000');
  const preview = page.getByRole('region', { name: 'Frais et total' });
  await expect(preview).toContainText(/Frais\s*40,00/);
  await expect(preview).toContainText(/Total débité du compte\s*1[\s\u202f\u00a0]?040,00/);

  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Étape 3 sur 3', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  // 1 000 HTG and its fee of 40 left the account.
  await expect
    .poll(async () => {
      const answer = await agent.teller.post<{ data: { account: { balance: number } } }>(
        '/api/accounts/search',
        { account_number: account.data.accountNumber },
      );
      return answer.data.account.balance;
    })
    .toBe(1960);
});

test('a walk-in sender registered from the search comes back selected; the dates are judged on the first submit', async ({
  page,
  lajan,
}) => {
  test.setTimeout(90_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Léogâne', 'leogane');
  await agent.teller.useIn(page);

  await page.goto('/');
  await page
    .getByRole('navigation', { name: /menu principal/i })
    .getByRole('link', { name: 'Effectuer' })
    .click();
  await page.getByRole('button', { name: 'Rechercher Personne' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox').fill('Inconnu');
  await dialog.getByRole('searchbox').press('Enter');
  await expect(dialog.getByText('Pas de résultat pour Inconnu')).toBeVisible();
  await dialog.getByRole('button', { name: 'Enregistrer un nouveau client' }).click();
  await expect(page.getByRole('heading', { name: 'Enregistrer Client', level: 1 })).toBeVisible();

  // A minor, with nothing else typed: the age error comes with the others, on the first submit.
  await page.getByLabel('Date de naissance', { exact: true }).fill('2015-03-01');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Le prénom est requis')).toBeVisible();
  await expect(page.getByText('Vous devez avoir au moins 18 ans')).toBeVisible();

  const walkIn = newPerson({ firstName: 'Wilner', lastName: 'Dorvil' });
  await page.getByLabel('Prénom', { exact: true }).fill(walkIn.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(walkIn.lastName);
  await page.getByLabel('Date de naissance', { exact: true }).fill(walkIn.dob);
  await page.getByLabel('Homme').check();
  await page.getByLabel('Statut matrimonial', { exact: true }).selectOption('single');
  await page.getByLabel('Profession', { exact: true }).fill('Mécanicien');
  await page.getByLabel('Type de document').selectOption('id_card');
  await page.getByLabel('Numéro du document', { exact: true }).fill(walkIn.idDocumentNumber);
  await page.getByLabel("Date d'émission", { exact: true }).fill(walkIn.dateIssued);
  await page.getByLabel("Date d'expiration", { exact: true }).fill(walkIn.expirationDate);
  await page.getByLabel('Département', { exact: true }).fill('Ouest');
  await page.getByLabel('Commune', { exact: true }).fill('Léogâne');
  await page.getByLabel('Adresse', { exact: true }).fill('3 rue Geffrard');
  await page.getByLabel('Téléphone', { exact: true }).fill(walkIn.phoneNumber.replace('+509 ', ''));
  await page.getByLabel('Email', { exact: true }).fill(walkIn.email);
  await page.getByLabel('Moyen de contact préféré', { exact: true }).selectOption('sms');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();

  await expect(page).toHaveURL(/\/transaction\/external-transfer\/create$/);
  await expect(page.getByRole('region', { name: 'Expéditeur choisi' })).toContainText('Wilner DORVIL');
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeEnabled();
});

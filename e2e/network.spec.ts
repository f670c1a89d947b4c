import { Api, newPerson, temporaryPassword } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { expectNoSpecForbiddenTexts } from './support/texts.js';
import { firstSignIn, pickPerson, sidebar } from './support/ui.js';

test('from super administrator to teller: an agent, its administrator, its first teller', async ({
  page,
  browser,
  lajan,
}) => {
  const root = await Api.superAdmin(lajan);
  const owner = newPerson({ firstName: 'Roseline', lastName: 'Estimé' });
  await root.post('/api/persons', owner);

  // The super administrator creates the agent through the three-step wizard.
  await root.useIn(page);
  await page.goto('/create-agent');
  // From this first page on, the app's own links only: no step loads a document again.
  let documentLoads = 0;
  page.on('load', () => (documentLoads += 1));
  await expect(page.getByText('Étape 1 sur 3')).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await pickPerson(page, 'Estimé', /Roseline ESTIMÉ/);
  await expect(page.getByText('Roseline ESTIMÉ')).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await page.getByRole('button', { name: 'Suivant' }).click();

  await expect(page.getByText('Étape 2 sur 3')).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await page.getByLabel('Nom', { exact: true }).fill('Kay Lajan Delmas');
  await page.getByLabel('Adresse').fill('45 route de Delmas');
  await page.getByLabel('Email').fill('delmas@kaylajan.ht');
  await page.getByLabel('Téléphone').fill('37001122');
  await page.getByLabel('Type').selectOption('Business');
  await page.getByLabel("Nom d'utilisateur").fill('gerant.delmas');
  await expectNoSpecForbiddenTexts(page);
  await page.getByRole('button', { name: 'Suivant' }).click();

  await expect(page.getByText('Étape 3 sur 3')).toBeVisible();
  await expect(page.getByText('gerant.delmas')).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Agent enregistré avec succès')).toBeVisible();

  // The new agent's code and the next steps (decision 133), then, without a reload: its page, its
  // funding from there, and the audit trail filtered to it.
  await expect(page.getByRole('heading', { name: 'Agent créé : Kay Lajan Delmas', level: 1 })).toBeVisible();
  const code = ((await page.getByLabel("Code de l'agent").textContent()) ?? '').trim();
  expect(code).toMatch(/^\S+$/);
  await expect(page.getByText(/Son administrateur «\sgerant\.delmas\s» a été créé/)).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await page.getByRole('link', { name: "Voir la fiche de l'agent" }).click();
  await expect(page.getByRole('heading', { name: 'Kay Lajan Delmas', level: 1 })).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await page.getByRole('link', { name: 'Approvisionner' }).click();
  await expect(page.getByRole('heading', { name: 'Dépôt sur agent', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Agent trouvé' }).getByText('Kay Lajan Delmas')).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Étape 2 sur 3', { exact: true })).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await page.getByRole('textbox', { name: 'Nom complet' }).fill('Trésorerie Lajan');
  await page.getByRole('combobox', { name: 'Type de document' }).selectOption('id_card');
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill('TRESOR-002');
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill('25000');
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Étape 3 sur 3', { exact: true })).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Dépôt sur agent effectué avec succès')).toBeVisible();
  await expectNoSpecForbiddenTexts(page);

  await sidebar(page).getByRole('link', { name: "Journal d'audit" }).click();
  const filters = page.getByRole('search', { name: 'Filtrer le journal' });
  await filters.getByLabel("Code de l'agent").fill(code);
  await filters.getByRole('button', { name: 'Filtrer' }).click();
  const trail = page.getByRole('table', { name: "Journal d'audit" });
  const funding = trail.getByRole('row').filter({ hasText: 'Dépôt sur agent' });
  await expect(funding).toHaveCount(1);
  await expect(funding).toContainText(/25\s000,00\sHTG/);
  await expect(funding).toContainText(`${code} · Kay Lajan Delmas`);
  await expect(trail.getByRole('row').filter({ hasText: 'Agent créé' })).toContainText(`${code} · Kay Lajan Delmas`);
  await expectNoSpecForbiddenTexts(page);
  for (const cell of await trail.getByRole('cell').allTextContents()) {
    // Names and numbers, never a raw id.
    expect(cell).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
  }

  await sidebar(page).getByRole('link', { name: 'Liste des agents', exact: true }).click();
  await expect(page.getByText('Kay Lajan Delmas').first()).toBeVisible();
  await expectNoSpecForbiddenTexts(page);
  expect(documentLoads).toBe(0);

  // Its administrator receives the temporary password at the first owner's address.
  const adminPassword = await temporaryPassword(lajan, owner.email, 'gerant.delmas');
  const adminContext = await browser.newContext({ baseURL: lajan.url });
  const adminPage = await adminContext.newPage();
  await firstSignIn(adminPage, 'gerant.delmas', adminPassword, 'Kay-Lakou-Gerant-2026');
  await expect(sidebar(adminPage).getByRole('link', { name: 'Créer un utilisateur' })).toBeVisible();
  await expectNoSpecForbiddenTexts(adminPage);

  // The administrator creates a teller for a person it registered.
  const admin = await Api.signIn(lajan, 'gerant.delmas', 'Kay-Lakou-Gerant-2026');
  const tellerPerson = newPerson({ firstName: 'Wilner', lastName: 'Charles' });
  await admin.post('/api/persons', tellerPerson);
  await sidebar(adminPage).getByRole('link', { name: 'Créer un utilisateur' }).click();
  await pickPerson(adminPage, 'Charles', /Wilner CHARLES/);
  await adminPage.getByRole('button', { name: 'Suivant' }).click();
  await adminPage.getByLabel('Rôle').selectOption('user');
  await adminPage.getByLabel("Nom d'utilisateur").fill('caisse.delmas1');
  await adminPage.getByRole('button', { name: 'Suivant' }).click();
  await adminPage.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(adminPage.getByText('Utilisateur créé avec succès')).toBeVisible();
  await expect(adminPage).toHaveURL(/\/users$/);
  await expect(adminPage.getByText('caisse.delmas1').first()).toBeVisible();
  // The teller's role is « Caissier »; « Agent » is the cash point's column (decision 213).
  await expect(adminPage.getByRole('row').filter({ hasText: 'caisse.delmas1' })).toContainText('Caissier');
  await expectNoSpecForbiddenTexts(adminPage);

  // The teller signs in, changes its password and sees the teller's menu.
  const tellerPassword = await temporaryPassword(lajan, tellerPerson.email, 'caisse.delmas1');
  const tellerContext = await browser.newContext({ baseURL: lajan.url });
  const tellerPage = await tellerContext.newPage();
  await firstSignIn(tellerPage, 'caisse.delmas1', tellerPassword, 'Kalbas-Dlo-Caisse-2026');
  const menu = sidebar(tellerPage);
  for (const item of ['Tableau de Bord', 'Retrait', 'Dépôt', 'Transfert', 'Historique', 'Créer un compte', 'Mon Compte']) {
    await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  for (const item of ['Liste des agents', 'Créer un agent', 'Créer un utilisateur', 'Lister les administrateurs']) {
    await expect(menu.getByRole('link', { name: item, exact: true })).toHaveCount(0);
  }
  await expectNoSpecForbiddenTexts(tellerPage);
  await adminContext.close();
  await tellerContext.close();
});

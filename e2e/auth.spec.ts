import type { Page } from '@playwright/test';
import { expect, SUPERADMIN, test } from './support/lajan.js';

const NEW_PASSWORD = 'Lajan-Nouveau-2026';

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: /connexion|se connecter/i }).click();
}

async function changeFirstPassword(page: Page, current: string, next: string) {
  await expect(page).toHaveURL(/\/first-update-password$/);
  await page.getByLabel(/mot de passe actuel/i).fill(current);
  await page.getByLabel(/^nouveau mot de passe/i).fill(next);
  await page.getByLabel(/confirm/i).fill(next);
  await page.getByRole('button', { name: /enregistrer|mettre à jour|changer/i }).click();
}

test('the super administrator signs in, must change the first password, sees the shell and signs out', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, SUPERADMIN.username, SUPERADMIN.password);
  await changeFirstPassword(page, SUPERADMIN.password, NEW_PASSWORD);

  // The first password change keeps the user signed in, with the fresh token (decision 133).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Mot de passe mis à jour avec succès')).toBeVisible();

  const sidebar = page.getByRole('navigation', { name: /menu principal/i });
  for (const item of [
    'Tableau de Bord',
    'Liste des agents',
    'Dépôt sur agent',
    'Créer un agent',
    'Lister les administrateurs',
    'Créer un administrateur',
    'Tableau des Frais',
  ]) {
    await expect(sidebar.getByRole('link', { name: item })).toBeVisible();
  }
  for (const item of ['Retrait', 'Dépôt', 'Historique', 'Mon Compte', 'Créer un utilisateur']) {
    await expect(sidebar.getByRole('link', { name: item, exact: true })).toHaveCount(0);
  }

  // A teller's screen is forbidden to the super administrator.
  await page.goto('/transaction/deposit');
  await expect(page.getByRole('heading', { name: 'Accès interdit' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: /menu utilisateur|super administrateur/i }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(SUPERADMIN.email)).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Compte', exact: true })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Déconnexion réussie')).toBeVisible();

  // The old session is over: the protected page sends back to sign-in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong password is refused with the French message', async ({ page }) => {
  await signIn(page, SUPERADMIN.username, 'pas-le-bon-mot');
  await expect(page.getByText("Nom d'utilisateur ou mot de passe incorrect")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the sign-in form says which field is missing', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /connexion|se connecter/i }).click();
  await expect(page.getByText("Nom d'utilisateur requis")).toBeVisible();
  await expect(page.getByText('Mot de passe requis')).toBeVisible();
});

test('an unknown path shows the 404 page with its two buttons', async ({ page }) => {
  await page.goto('/nulle-part/ici');
  await expect(page.getByRole('heading', { name: 'Page non trouvée' })).toBeVisible();
  await expect(page.getByRole('button', { name: /retour/i })).toBeVisible();
  await page.getByRole('link', { name: /accueil/i }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgotten password: the e-mailed link sets a new password that signs in', async ({ page, lajan }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: /mot de passe oublié/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The URL changes before the page's code has loaded: until its heading shows, the field is the sign-in
  // page's, and what is typed there is lost with it.
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  await page.getByLabel("Nom d'utilisateur").fill(SUPERADMIN.username);
  await page.getByRole('button', { name: /envoyer/i }).click();
  await expect(page.getByText('Un lien de réinitialisation a été envoyé à votre adresse email.').first()).toBeVisible();

  const mail = await lajan.mailbox.waitFor(SUPERADMIN.email, /réinitialis/i);
  const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(link).toContain(`username=${SUPERADMIN.username}`);

  await page.goto(link!);
  await page.getByLabel(/^nouveau mot de passe/i).fill(NEW_PASSWORD);
  await page.getByLabel(/confirm/i).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /réinitialiser|enregistrer/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Mot de passe réinitialisé avec succès')).toBeVisible();

  // The old password no longer works; the new one does, and the link cannot be used twice.
  await signIn(page, SUPERADMIN.username, SUPERADMIN.password);
  await expect(page.getByText("Nom d'utilisateur ou mot de passe incorrect")).toBeVisible();
  await signIn(page, SUPERADMIN.username, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  const reuse = await page.request.post('/api/reset-password', {
    data: {
      username: SUPERADMIN.username,
      token: new URL(link!).pathname.split('/').pop(),
      password: 'Encore-un-autre-1',
      password_confirmation: 'Encore-un-autre-1',
    },
  });
  expect(reuse.status()).toBe(422);
});

import type { Page } from '@playwright/test';
import { expect } from './lajan.js';

/** Signs in through the login screen. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: /connexion|se connecter/i }).click();
}

/** The forced first change of a new user's password; the user goes on signed in (decision 133). */
export async function firstSignIn(page: Page, username: string, temporary: string, next: string): Promise<void> {
  await signIn(page, username, temporary);
  await expect(page).toHaveURL(/\/first-update-password$/);
  await page.getByLabel(/mot de passe actuel/i).fill(temporary);
  await page.getByLabel(/^nouveau mot de passe/i).fill(next);
  await page.getByLabel(/confirm/i).fill(next);
  await page.getByRole('button', { name: /enregistrer|mettre à jour|changer/i }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Picks a person through the "Rechercher Personne" modal (SPEC §2). */
export async function pickPerson(page: Page, term: string, resultText: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Rechercher Personne' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox').or(dialog.getByRole('textbox')).first().fill(term);
  await dialog.getByRole('searchbox').or(dialog.getByRole('textbox')).first().press('Enter');
  await expect(dialog.getByText('Résultat de la recherche')).toBeVisible();
  await dialog.getByRole('button', { name: resultText }).first().click();
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: /menu principal/i });
}

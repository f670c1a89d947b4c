import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { drawerDenominations, htgToCentimes, translate } from '@lajan/domain';
import type { newPerson, RecipientInput } from './api.js';
import { expect } from './lajan.js';

/** A box a locator occupies on the screen now. */
export async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('pas de boîte : élément absent ou caché');
  return box;
}

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes on the screen overlap. */
export function intersect(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** How far the page is wider than the window, in CSS pixels (0 when nothing scrolls sideways). */
export async function overflowPx(page: Page): Promise<number> {
  return Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
}

/** Signs in through the login screen. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: /connexion|se connecter/i }).click();
}

/** The forced first change of a new user's password; the user goes on signed in (decision 133). */
export async function firstSignIn(
  page: Page,
  username: string,
  temporary: string,
  next: string,
): Promise<void> {
  await signIn(page, username, temporary);
  await expect(page).toHaveURL(/\/first-update-password$/);
  await page.getByLabel(/mot de passe actuel/i).fill(temporary);
  await page.getByLabel(/^nouveau mot de passe/i).fill(next);
  await page.getByLabel(/confirm/i).fill(next);
  await page.getByRole('button', { name: /enregistrer|mettre à jour|changer/i }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Picks a person through the "Rechercher Personne" modal. */
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

/**
 * The recipient form of a cash transfer (decision 209): first name, last name and phone, then the optional
 * document, chosen and typed only when the recipient has one.
 */
export async function fillRecipient(page: Page, recipient: RecipientInput): Promise<void> {
  await page.getByRole('textbox', { name: 'Prénom' }).fill(recipient.firstName);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(recipient.lastName);
  await page.getByRole('textbox', { name: 'Téléphone' }).fill(recipient.phoneNumber);
  if (recipient.idDocumentType && recipient.idDocumentNumber) {
    await page.getByRole('combobox', { name: 'Type de document' }).selectOption(recipient.idDocumentType);
    await page.getByRole('textbox', { name: 'Numéro de document' }).fill(recipient.idDocumentNumber);
  }
}

/** axe-core's serious and critical findings on the page as it stands, none expected (soft: every screen is listed). */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      blocking.map((v) => ({
        where,
        rule: v.id,
        targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      })),
    )
    .toEqual([]);
}

/** Signs out through the user menu (« Se déconnecter »). */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /menu utilisateur/i }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Se déconnecter' }).click();
}

/**
 * Types in the drawer's count form the fewest notes and coins that make `amountHtg`, every coin down to
 * 5 centimes (decision 212), and answers the count typed. An amount of odd centimes is counted to the
 * 5 centimes below it.
 */
export async function fillDrawerCount(
  scope: Page | Locator,
  amountHtg: number,
): Promise<Record<string, number>> {
  let left = htgToCentimes(amountHtg);
  const counts: Record<string, number> = {};
  for (const denomination of drawerDenominations) {
    const pieces = Math.floor(left / denomination.centimes);
    left -= pieces * denomination.centimes;
    if (pieces === 0) continue;
    counts[denomination.key] = pieces;
    await scope.getByLabel(translate(denomination.label), { exact: true }).fill(String(pieces));
  }
  return counts;
}

/** An HTG amount as the screens write it ("1 000,00 HTG"), whatever spaces Intl puts in it. */
export function htg(amount: number): RegExp {
  const [units = '0', cents = '00'] = amount.toFixed(2).split('.');
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, '[\\s\\u202f\\u00a0]?');
  return new RegExp(`(^|[^\\d])${grouped},${cents}[\\s\\u202f\\u00a0]*HTG`);
}

/** The value beside a label in a `<dt>`/`<dd>` list. */
export function valueOf(scope: Locator, label: string): Locator {
  return scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The shared person form, filled from a customer's card. */
export async function fillPersonForm(page: Page, person: ReturnType<typeof newPerson>) {
  await page.getByLabel('Prénom').fill(person.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(person.lastName);
  await page.getByLabel('Date de naissance').fill(person.dob);
  await page.getByRole('radio', { name: 'Femme' }).check();
  await page.getByLabel('Statut matrimonial').selectOption(person.maritalStatus);
  await page.getByLabel('Profession').fill(person.occupation);
  await page.getByLabel('Type de document').selectOption(person.idDocumentType);
  await page.getByLabel('Numéro du document').fill(person.idDocumentNumber);
  await page.getByLabel("Date d'émission").fill(person.dateIssued);
  await page.getByLabel("Date d'expiration").fill(person.expirationDate);
  await page.getByLabel('Pays').fill(person.country);
  await page.getByLabel('Département').fill(person.state);
  await page.getByLabel('Commune').fill(person.city);
  await page.getByLabel('Adresse').fill(person.address);
  await page.getByLabel('Téléphone').fill(person.phoneNumber.replace('+509 ', ''));
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Moyen de contact préféré').selectOption(person.preferredContactMethod);
}

import { Secret, TOTP } from 'otpauth';
import { Api, setUpAgent } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { expectAccessible, overflowPx, signIn, signOut } from './support/ui.js';

/*
 * Issue 39, part 7 (decision 203): an agent's administrator enrols a second factor on « Sécurité du
 * compte », reading the key from the page and computing the code as her application would; signs in again
 * with a code (a wrong one refused in French), then with a recovery code, which serves only once.
 */

const PHONE = { width: 360, height: 740 };
const PASSWORD = 'Gerant-Lajan-2026';

function totpOf(secret: string): TOTP {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

test('an agent administrator enrols a second factor, signs in with a code, then with a recovery code once', async ({
  page,
  lajan,
}) => {
  test.setTimeout(180_000);
  const root = await Api.superAdmin(lajan);
  await setUpAgent(lajan, root, 'Kay Lajan Léogâne', 'leogane', { openDrawer: false });

  await signIn(page, 'gerant.leogane', PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/security');
  await expect(page.getByRole('heading', { name: 'Sécurité du compte', level: 1 })).toBeVisible();
  await expect(page.getByText('Aucun second facteur n’est activé.')).toBeVisible();
  await page.getByRole('button', { name: 'Activer le second facteur' }).click();
  await expect(page.getByRole('img', { name: 'QR code du second facteur' })).toBeVisible();
  // The key typed by hand into an application, read from the page.
  const secret = ((await page.locator('code').first().textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const totp = totpOf(secret);

  // At 360 px the enrolment fits, and axe finds nothing serious.
  await page.setViewportSize(PHONE);
  expect(await overflowPx(page), '/security (activation) tient dans 360 px').toBeLessThanOrEqual(0);
  await expectAccessible(page, '/security (activation) @360');
  await page.setViewportSize({ width: 1280, height: 900 });

  const enrolledAt = Date.now();
  await page.getByLabel('Code de vérification').fill(totp.generate({ timestamp: enrolledAt }));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Second facteur activé')).toBeVisible();
  const codes = page.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = ((await codes.first().textContent()) ?? '').trim();
  expect(recovery).not.toBe('');
  await expectAccessible(page, '/security (codes de secours)');
  await page.getByRole('button', { name: 'J’ai noté mes codes de secours' }).click();
  await expect(page.getByText('Codes de secours restants :')).toContainText('10');
  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);

  // The password alone no longer opens the session: the second step asks the code.
  await signIn(page, 'gerant.leogane', PASSWORD);
  await expect(
    page.getByText('Saisissez le code à 6 chiffres de votre application d’authentification.'),
  ).toBeVisible();
  await expectAccessible(page, '/login (second facteur)');
  // A step after the enrolment's (a code serves once, decision 203), now or the next one: within the drift.
  const right = totp.generate({ timestamp: Math.max(Date.now(), enrolledAt + 30_000) });
  const wrong = right === '000000' ? '111111' : '000000';
  await page.getByLabel('Code de vérification').fill(wrong);
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(
    page.getByText(
      'Code incorrect. Saisissez le code à 6 chiffres de votre application, ou un code de secours.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Code de vérification').fill(right);
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /menu utilisateur/i })).toBeVisible();
  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);

  // A recovery code, once.
  await signIn(page, 'gerant.leogane', PASSWORD);
  await page.getByLabel('Code de vérification').fill(recovery);
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/security');
  await expect(page.getByText('Codes de secours restants :')).toContainText('9');
  await signOut(page);
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, 'gerant.leogane', PASSWORD);
  await page.getByLabel('Code de vérification').fill(recovery);
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(
    page.getByText(
      'Code incorrect. Saisissez le code à 6 chiffres de votre application, ou un code de secours.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /menu utilisateur/i })).toHaveCount(0);
});

import { Api, setUpAgent } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { overflowPx, signIn } from './support/ui.js';

/**
 * Money that left a drawer between a close and the next opening is said to the teller at once and
 * acknowledged by her administrator, who then closes the drawer with her own count for the super
 * administrator (decision 201).
 */

const PHONE = { width: 360, height: 740 };
const space = '[\\s\\u202f\\u00a0]?';

test('the 50 000 HTG that left between two sessions are seen, acknowledged, and the drawer closed by the administrator', async ({
  page,
  browser,
  lajan,
}) => {
  test.setTimeout(120_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Hinche', 'hinche', { openDrawer: false });
  // Yesterday's session: opened and closed with 100 000 HTG.
  await agent.teller.post('/api/drawer/open', { counts: { '1000': 100 } });
  await agent.teller.post('/api/drawer/close', { counts: { '1000': 100 } });

  // Today she opens with half of it: said at once.
  await signIn(page, agent.tellerUsername, agent.tellerPassword);
  await page.getByRole('link', { name: 'Ma caisse' }).click();
  await page.getByLabel('Billet de 1 000 HTG').fill('50');
  await page.getByRole('button', { name: 'Ouvrir ma caisse' }).click();
  await page
    .getByRole('dialog', { name: 'Ouvrir la caisse ?' })
    .getByRole('button', { name: 'Ouvrir avec ce comptage' })
    .click();
  await expect(
    page.getByText(new RegExp(`Caisse ouverte avec un manquant de 50${space}000,00`)),
  ).toBeVisible();
  await expect(page.getByText(/par rapport à votre dernière clôture/)).toBeVisible();
  await expect(page.getByText('Écart à l’ouverture au-delà du seuil', { exact: false })).toBeVisible();

  // Her administrator sees it in the day's drawers and acknowledges it.
  const adminContext = await browser.newContext({ baseURL: lajan.url });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, 'gerant.hinche', 'Gerant-Lajan-2026');
  await adminPage.getByRole('link', { name: 'Caisses' }).click();
  await expect(adminPage.getByText(new RegExp(`Écart à l’ouverture : −50${space}000,00`))).toBeVisible();
  await adminPage.getByRole('button', { name: 'Valider l’écart d’ouverture' }).click();
  await expect(adminPage.getByText(/Écart à l’ouverture validé par gerant\.hinche/)).toBeVisible();

  // The teller has gone home with the drawer open: the administrator closes it with her own count, at 360 px.
  await adminPage.setViewportSize(PHONE);
  await adminPage.getByRole('button', { name: 'Fermer cette caisse' }).click();
  await adminPage.getByLabel('Billet de 1 000 HTG').fill('3');
  expect(
    await overflowPx(adminPage),
    '/drawers (fermeture par l’administrateur) tient dans 360 px',
  ).toBeLessThanOrEqual(0);
  await adminPage
    .getByRole('form', { name: 'Fermer cette caisse' })
    .getByRole('button', { name: 'Fermer cette caisse' })
    .click();
  const confirm = adminPage.getByRole('dialog', { name: 'Fermer la caisse de ce caissier ?' });
  await expect(confirm).toContainText(new RegExp(`3${space}000,00${space}HTG comptés par vous`));
  await confirm.getByRole('button', { name: 'Fermer avec ce comptage' }).click();
  await expect(adminPage.getByText(/Caisse de .* fermée/)).toBeVisible();
  await expect(adminPage.getByText(new RegExp(`Écart : −47${space}000,00`)).first()).toBeVisible();
  await expect(
    adminPage.getByText('à valider par le super administrateur', { exact: false }).first(),
  ).toBeVisible();
  await expect(adminPage.getByText(/Fermée par gerant\.hinche/)).toBeVisible();
  await adminContext.close();
});

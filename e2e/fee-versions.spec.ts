import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Api, newPerson, setUpAgent } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { expectNoSpecForbiddenTexts } from './support/texts.js';
import { htg, valueOf } from './support/ui.js';

/**
 * A fee change scheduled for tomorrow leaves today's quote unchanged; one in force now makes a confirmation
 * that holds the old quote say « Les frais ont changé », and confirming again posts with the new fee
 * (decision 150).
 */

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };
const HAITI = 'America/Port-au-Prince';

interface Quote {
  fee: number;
  total: number;
  feeVersion: { number: number; effectiveFrom: string } | null;
}

/** "1 040,00 HTG" whatever spaces Intl puts between the thousands and before HTG. */
/** Haiti's calendar date `days` from now (YYYY-MM-DD). */
function haitiDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: HAITI,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
}

/** "25 novembre 2026" for a YYYY-MM-DD. */
function frenchDate(day: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

async function expectAccessible(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect
      .soft(
        blocking.map((v) => ({
          where: `${where} @${size.width}`,
          rule: v.id,
          targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
        })),
      )
      .toEqual([]);
    const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
    expect.soft(overflow, `${where} tient dans ${size.width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(DESKTOP);
}

test('a fee change scheduled for tomorrow leaves today’s quote unchanged; one in force now refuses the old quote with the new fee', async ({
  page,
  browser,
  lajan,
}) => {
  test.setTimeout(150_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Hinche', 'hinche');
  // The float pays the deposit below (the customer's cash becomes its e-money).
  await root.post('/api/agents/deposit', {
    code: agent.code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount: 20000,
  });
  const holder = newPerson({ firstName: 'Rose', lastName: 'Desir' });
  const person = await agent.teller.post<{ data: { id: string } }>('/api/persons', holder);
  const account = await agent.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
    type: 'current',
    currency: 'HTG',
    personIds: [person.data.id],
  });
  const accountNumber = account.data.accountNumber;
  const party = { name: 'Rose Desir', idDocumentType: 'id_card', idDocumentNumber: holder.idDocumentNumber };
  await agent.teller.post('/api/transactions/deposit', { accountNumber, party, amount: 5000 });

  const quoteOf = async (type: string, amount: number) =>
    (await agent.teller.get<{ data: Quote }>(`/api/transactions/fees/quote?type=${type}&amount=${amount}`))
      .data;
  const withdrawalToday = await quoteOf('withdrawal', 1000);
  const transferToday = await quoteOf('transfer', 1000);
  expect(withdrawalToday).toMatchObject({ fee: 40, total: 1040, feeVersion: { number: 1 } });
  expect(transferToday).toMatchObject({ fee: 25, feeVersion: { number: 1 } });

  // The super administrator schedules withdrawals of 1 000 – 1 999,99 HTG at 55 HTG from tomorrow 08:00 (Haiti).
  await root.useIn(page);
  await page.goto('/fees-list');
  const withdrawal = page.getByRole('region', { name: 'Retrait', exact: true });
  await expect(withdrawal.getByText(/^Version n° 1, en vigueur depuis/)).toBeVisible();
  await page.getByRole('button', { name: 'Modifier les frais : Retrait' }).click();
  const form = page.getByRole('form', { name: 'Modifier les frais : Retrait' });
  await expect(form.getByLabel('Montant minimum, tranche 5', { exact: true })).toHaveValue('1000');
  await form.getByLabel('Frais, tranche 5', { exact: true }).fill('55');
  await form.getByLabel("Part de l'agent, tranche 5", { exact: true }).fill('22');
  const effective = form.getByRole('group', { name: 'Entrée en vigueur' });
  await expect(effective.getByRole('radio', { name: 'Maintenant' })).toBeChecked();
  await effective.getByRole('radio', { name: 'À une date et heure' }).check();
  const tomorrow = haitiDate(1);
  await form.getByLabel("Date et heure (heure d'Haïti)").fill(`${tomorrow}T08:00`);
  await expectAccessible(page, '/fees-list, éditeur avec date');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enregistrer le barème ?' });
  const when = `${frenchDate(tomorrow)} à 08:00`;
  await expect(dialog).toContainText(`à partir du ${when} (heure d'Haïti)`);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText(`Nouveau barème programmé pour le ${when}`)).toBeVisible();

  // The table: version 1 still in force (40 HTG), version 2 coming with its 55 HTG.
  await expect(withdrawal.getByText(/^Version n° 1, en vigueur depuis/)).toBeVisible();
  const inForce = page.getByRole('table', { name: 'Frais : Retrait' });
  await expect(inForce.locator('tbody tr').nth(4)).toContainText(htg(40));
  const coming = withdrawal.getByRole('region', { name: `Version n° 2, à partir du ${when}` });
  await expect(
    coming.getByRole('table', { name: 'Frais à venir : Retrait, version n° 2' }).locator('tbody tr').nth(4),
  ).toContainText(htg(55));
  await page.getByRole('button', { name: 'Versions du barème : Retrait' }).click();
  const versions = page.getByRole('table', { name: 'Versions du barème : Retrait' });
  await expect(versions.locator('tbody tr').nth(0)).toContainText('n° 2');
  await expect(versions.locator('tbody tr').nth(0)).toContainText('superadmin');
  await expect(versions.locator('tbody tr').nth(0)).toContainText('À venir');
  await expect(versions.locator('tbody tr').nth(1)).toContainText('En vigueur');
  await expectAccessible(page, '/fees-list, version à venir et versions');
  await expectNoSpecForbiddenTexts(page);

  // Today's quotes are unchanged, fee and version.
  expect(await quoteOf('withdrawal', 1000)).toEqual(withdrawalToday);
  expect(await quoteOf('transfer', 1000)).toEqual(transferToday);

  // The teller's confirmation of a withdrawal of 1 000 HTG quotes 40 HTG, version 1.
  const tellerContext = await browser.newContext({ baseURL: lajan.url });
  const teller = await tellerContext.newPage();
  await agent.teller.useIn(teller);
  await teller.goto('/transaction/withdraw');
  await expect(teller.getByRole('heading', { name: 'Retrait', exact: true })).toBeVisible();
  const search = teller.getByRole('search', { name: 'Numéro de compte' });
  await search.getByRole('textbox', { name: 'Numéro de compte' }).fill(accountNumber);
  await search.getByRole('button', { name: 'Rechercher' }).click();
  await expect(teller.getByRole('region', { name: 'Compte trouvé' })).toBeVisible();
  await teller.getByRole('button', { name: 'Suivant' }).click();
  await teller.getByRole('textbox', { name: 'Nom complet' }).fill(party.name);
  await teller.getByRole('combobox', { name: 'Type de document' }).selectOption(party.idDocumentType);
  await teller.getByRole('textbox', { name: 'Numéro de document' }).fill(party.idDocumentNumber);
  await teller.getByRole('textbox', { name: 'Montant (HTG)' }).fill('1000');
  await teller.getByRole('button', { name: 'Suivant' }).click();
  await expect(teller.getByText('Étape 3 sur 3', { exact: true })).toBeVisible();
  const preview = teller.getByRole('region', { name: 'Frais et total' });
  await expect(valueOf(preview, 'Frais')).toHaveText(htg(40));
  await expect(preview.getByText('Barème n° 1')).toBeVisible();

  // Meanwhile a change in force now: 70 HTG for the same band (version 3).
  const group = await root.get<{ data: Array<{ type: string; rows: Array<Record<string, unknown>> }> }>(
    '/api/transactions/fees',
  );
  const rows = group.data
    .find((entry) => entry.type === 'withdrawal')!
    .rows.map(({ min_amount, max_amount, fee, agent_share }) =>
      min_amount === 1000
        ? { min_amount, max_amount, fee: 70, agent_share: 28 }
        : { min_amount, max_amount, fee, agent_share },
    );
  await root.put('/api/transactions/fees/withdrawal', { rows });
  expect(await quoteOf('withdrawal', 1000)).toMatchObject({ fee: 70, feeVersion: { number: 3 } });

  // The confirmation still holds version 1: refused, the new fee and total shown, the teller stays.
  await teller.getByRole('button', { name: 'Enregistrer' }).click();
  const changed = teller.getByRole('alert').filter({ hasText: 'Les frais ont changé' }).first();
  await expect(changed).toBeVisible();
  await expect(valueOf(changed, 'Nouveaux frais')).toContainText(htg(70));
  await expect(valueOf(changed, 'Nouveau total')).toContainText(htg(1070));
  await expect(teller.getByText('Étape 3 sur 3', { exact: true })).toBeVisible();
  await expect(valueOf(preview, 'Frais')).toHaveText(htg(70));
  await expect(preview.getByText('Barème n° 3')).toBeVisible();
  await expectAccessible(teller, '/transaction/withdraw, frais changés');

  // Confirmed again: posted with the new fee and version.
  await teller.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(teller.getByText('Retrait réalisé avec succès')).toBeVisible();
  const history = await agent.teller.get<{
    data: Array<{ type: string; fee: number; feeVersion: number | null }>;
  }>('/api/transactions/history?type=withdrawal');
  expect(history.data).toHaveLength(1);
  expect(history.data[0]).toMatchObject({ type: 'withdrawal', fee: 70, feeVersion: 3 });
  await tellerContext.close();

  // The coming version is cancelled through its dialog: tomorrow's schedule stays that of version 3.
  await page.reload();
  await page.getByRole('button', { name: 'Annuler la version n° 2 : Retrait' }).click();
  const cancel = page.getByRole('dialog', { name: 'Annuler la version n° 2 ?' });
  await expect(cancel).toContainText(`Le barème prévu pour le ${when} ne s'appliquera pas`);
  await cancel.getByRole('button', { name: 'Annuler la version' }).click();
  await expect(page.getByText('Version du barème annulée')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Version n° 2, à partir du/ })).toHaveCount(0);
  await expect(withdrawal.getByText(/^Version n° 3, en vigueur depuis/)).toBeVisible();
});

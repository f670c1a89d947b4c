import AxeBuilder from '@axe-core/playwright';
import { declarationCsvHeaders, formatHtg, todayIso } from '@lajan/domain';
import { readFile } from 'node:fs/promises';
import { setUpAgentWithCustomer, Api } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { overflowPx } from './support/ui.js';

/**
 * « Déclarations UCREF » (issue 43 part 2, decision 228): a customer's cash deposits at a teller add up over
 * the threshold; the super administrator sees her with her identification and operations, the split flags
 * where due, downloads the CSV, and both readings are in the audit trail.
 */

type Audit = { data: { action: string; actorUsername: string; target: string }[] };

test('the super administrator declares a customer whose cash of the day reaches the threshold, and downloads the CSV', async ({
  page,
  lajan,
}) => {
  test.setTimeout(60_000);
  const root = await Api.superAdmin(lajan);
  const { agent, holder, accountNumber, party } = await setUpAgentWithCustomer(
    lajan,
    root,
    'Kay Lajan Léogâne',
    'leogane',
    { firstName: 'Nadège', lastName: 'Fleurant' },
  );
  // The float pays the deposits (the customer's cash becomes her e-money).
  await root.post('/api/agents/deposit', {
    code: agent.code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount: 250_000,
  });
  // Two deposits just under 110 000 (split under the threshold), one plain, two withdrawals under the 250 band.
  const numbers: Record<string, string> = {};
  for (const [path, amount] of [
    ['deposit', 99_500],
    ['deposit', 5_000],
    ['deposit', 99_800],
    ['withdraw', 249.99],
    ['withdraw', 249.5],
  ] as const) {
    const posted = await agent.teller.post<{ data: { transactionNumber: string } }>(
      `/api/transactions/${path}`,
      { accountNumber, party, amount },
    );
    numbers[`${path} ${amount}`] = posted.data.transactionNumber;
  }
  const today = todayIso();
  const [year, month, day] = today.split('-');

  // From the menu: yesterday by default, then today through the day picker, with the keyboard.
  await root.useIn(page);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Déclarations UCREF' })
    .click();
  await expect(page.getByRole('heading', { name: 'Déclarations UCREF', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Journée du /)).toBeVisible();
  await page.getByLabel('Jour', { exact: true }).fill(today);
  await page.getByLabel('Jour', { exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`day=${today}`));
  await expect(page.getByText(`Journée du ${day}/${month}/${year}`)).toBeVisible();

  const declared = page.getByRole('region', { name: 'À déclarer (1)' });
  await expect(declared).toBeVisible();
  const name = `${holder.firstName} ${holder.lastName}`;
  const person = declared
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(name) }) });
  await expect(person.getByRole('heading')).toContainText('Personne enregistrée');
  await expect(person.getByRole('heading')).toContainText('Fractionné sous le seuil');
  await expect(person.getByRole('heading')).toContainText('Fractionné sous une tranche de frais');
  await expect(person).toContainText(`Carte d'identité ${holder.idDocumentNumber}`);
  await expect(person).toContainText('12/04/1988');
  await expect(person).toContainText('14 rue Lamarre, Pétion-Ville, Ouest, Haïti');
  await expect(person).toContainText(`Total du jour : ${formatHtg(204_799.49)}`);

  const rows = person.getByRole('table', { name }).getByRole('row');
  await expect(rows).toHaveCount(1 + 5);
  const cells = async (index: number) =>
    (await rows.nth(index).locator('td').allTextContents()).map((text) => text.trim());
  const shown = await Promise.all([1, 2, 3, 4, 5].map(cells));
  expect(shown.map((row) => [row[1], row[2], row[3], row[4], row[5], row[8]])).toEqual([
    [
      numbers['deposit 99500'],
      'Dépôt',
      'Espèces reçues',
      formatHtg(99_500),
      accountNumber,
      'Fractionné sous le seuil',
    ],
    [numbers['deposit 5000'], 'Dépôt', 'Espèces reçues', formatHtg(5_000), accountNumber, '—'],
    [
      numbers['deposit 99800'],
      'Dépôt',
      'Espèces reçues',
      formatHtg(99_800),
      accountNumber,
      'Fractionné sous le seuil',
    ],
    ...(['withdraw 249.99', 'withdraw 249.5'] as const).map((key) => [
      numbers[key],
      'Retrait',
      'Espèces remises',
      formatHtg(Number(key.split(' ')[1])),
      accountNumber,
      `Fractionné sous une tranche de frais (sous ${formatHtg(250)})`,
    ]),
  ]);
  expect(shown[0]?.[6]).toBe(`Kay Lajan Léogâne (${agent.code})`);
  expect(shown[0]?.[7]).toContain(`(${agent.tellerUsername})`);

  // The CSV: the same person and operations, one row each.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter en CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`declarations-ucref-${today}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(declarationCsvHeaders.join(';'));
  const csv = lines.slice(1).map((line) => line.split(';'));
  expect(csv).toHaveLength(5);
  for (const row of csv) {
    expect(row.slice(0, 12)).toEqual([
      'À déclarer',
      today,
      holder.lastName,
      holder.firstName,
      name,
      "Carte d'identité",
      holder.idDocumentNumber,
      '1988-04-12',
      '14 rue Lamarre, Pétion-Ville, Ouest, Haïti',
      // A leading + is a formula to a spreadsheet: csvText writes it as text (decision 090).
      expect.stringMatching(/^'\+509/) as unknown as string,
      'Oui',
      '204799,49',
    ]);
  }
  expect(csv.map((row) => [row[12], row[14], row[15], row[16], row[17], row[20]])).toEqual([
    [
      numbers['deposit 99500'],
      'Dépôt',
      'Espèces reçues',
      '99500,00',
      accountNumber,
      'Fractionné sous le seuil',
    ],
    [numbers['deposit 5000'], 'Dépôt', 'Espèces reçues', '5000,00', accountNumber, ''],
    [
      numbers['deposit 99800'],
      'Dépôt',
      'Espèces reçues',
      '99800,00',
      accountNumber,
      'Fractionné sous le seuil',
    ],
    [
      numbers['withdraw 249.99'],
      'Retrait',
      'Espèces remises',
      '249,99',
      accountNumber,
      'Fractionné sous une tranche de frais (sous 250,00)',
    ],
    [
      numbers['withdraw 249.5'],
      'Retrait',
      'Espèces remises',
      '249,50',
      accountNumber,
      'Fractionné sous une tranche de frais (sous 250,00)',
    ],
  ]);
  expect(csv[0]?.[13]).toMatch(new RegExp(`^${day}/${month}/${year} \\d{2}:\\d{2}$`));

  // At 1280 and 360 px: nothing serious for assistive technology, nothing scrolls sideways.
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(person.getByRole('table', { name })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${width}: ${v.id}`),
    ).toEqual([]);
    expect(await overflowPx(page)).toBeLessThanOrEqual(0);
  }

  // Both readings of the identity files are in the audit trail (the first of yesterday, then today's, and the CSV).
  const trail = await root.get<Audit>('/api/audit?action=reports&per_page=10');
  expect(trail.data.map((line) => [line.action, line.actorUsername, line.target])).toEqual([
    ['reports.declarations_exported', 'superadmin', today],
    ['reports.declarations_read', 'superadmin', today],
    ['reports.declarations_read', 'superadmin', expect.any(String) as unknown as string],
  ]);
});

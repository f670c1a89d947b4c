import { Api, newPerson, setUpAgent } from './support/api.js';
import { expect, test } from './support/lajan.js';

/**
 * A month's commission statement on screen matches what the ledger moved on the float and the fee income
 * (decision 148), and the float's statement closes on the float's balance (decision 191).
 */

type Trial = { data: { rows: { key: string; balance: number }[] } };

test("an administrator's commission statement shows what the ledger posted to its float and to fee income", async ({
  page,
  lajan,
}) => {
  test.setTimeout(120_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Jacmel', 'jacmel');
  await root.post('/api/agents/deposit', {
    code: agent.code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount: 100_000,
  });
  const holder = newPerson();
  const person = await agent.teller.post<{ data: { id: string } }>('/api/persons', holder);
  const account = await agent.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
    type: 'current',
    currency: 'HTG',
    personIds: [person.data.id],
  });
  const accountNumber = account.data.accountNumber;
  const party = {
    name: `${String(holder.firstName)} ${String(holder.lastName)}`,
    idDocumentType: holder.idDocumentType,
    idDocumentNumber: holder.idDocumentNumber,
  };
  await agent.teller.post('/api/transactions/deposit', { accountNumber, party, amount: 20_000 });

  const float = async () =>
    (await root.get<{ data: { balance: number } }>(`/api/agents/${agent.code}`)).data.balance;
  const feeIncome = async () =>
    (await root.get<Trial>('/api/reports/trial-balance')).data.rows.find((row) => row.key === 'fee_income')!
      .balance;
  const floatBefore = await float();
  const incomeBefore = await feeIncome();
  const amounts = [1500, 3000, 750.5];
  for (const amount of amounts)
    await agent.teller.post('/api/transactions/withdraw', { accountNumber, party, amount });
  // A withdrawal credits the float with the amount and the agent's share; the rest of the fee is fee income.
  const shareFromLedger =
    Math.round((await float()) * 100 - floatBefore * 100 - amounts.reduce((a, b) => a + b, 0) * 100) / 100;
  const incomeFromLedger = Math.round((await feeIncome()) * 100 - incomeBefore * 100) / 100;
  expect(shareFromLedger).toBeGreaterThan(0);

  const htg = (value: number) =>
    new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      .format(value)
      .replace(/\s/g, ' ');
  await agent.admin.useIn(page);
  await page.goto('/reports/commissions');
  const byType = page.getByRole('table', { name: "Par type d'opération" });
  const withdrawals = byType.getByRole('row', { name: /^Retrait/ });
  await expect(withdrawals).toBeVisible();
  const cells = (await withdrawals.locator('th, td').allTextContents()).map((text) =>
    text.replace(/\s/g, ' '),
  );
  expect(cells[0]).toBe('Retrait');
  expect(cells[1]).toBe('3');
  expect(cells[4]).toContain(htg(shareFromLedger));
  expect(cells[5]).toContain(htg(incomeFromLedger));
  await expect(page.getByRole('table', { name: 'Opérations' }).getByRole('row')).toHaveCount(1 + 4);

  // The float's statement (decision 191), from « Mon Compte »: each movement with the balance after it,
  // the closing balance the ledger's.
  await page.goto('/account');
  await page.getByRole('main').getByRole('link', { name: 'Relevé du float' }).click();
  await expect(page.getByRole('heading', { name: 'Relevé du float' })).toBeVisible();
  const movements = page.getByRole('table', { name: 'Mouvements' });
  // The super administrator's deposit, the customer's deposit, the three withdrawals.
  await expect(movements.getByRole('row')).toHaveCount(1 + 5);
  const closing = page.getByText('Solde de clôture', { exact: true }).locator('xpath=following-sibling::dd');
  expect((await closing.textContent())?.replace(/\s/g, ' ')).toContain(htg(await float()));
  const lastBalance = (await movements.getByRole('row').last().locator('td').last().textContent()) ?? '';
  expect(lastBalance.replace(/\s/g, ' ')).toContain(htg(await float()));
});

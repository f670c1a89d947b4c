import type { Locator, Page } from '@playwright/test';
import { Api, newPerson, newRecipient, setUpAgent } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { boxOf, fillRecipient, htg, intersect, overflowPx, pickPerson, valueOf } from './support/ui.js';

/*
 * Issue 5, end to end: every money movement driven through the screens in real Chromium against the
 * real server, each receipt printed (window.print intercepted), balances checked through the API.
 * Fees are the seeded defaults of DESIGN §4b (agent share 40 % of the fee).
 */

interface Posted {
  transactionNumber: string;
  type: string;
  amount: number;
  fee: number;
  agentShare: number;
  total: number;
  status: string;
}

type PersonValues = ReturnType<typeof newPerson>;

/** The print windows each page asked for, counted in the test process (page loads do not reset it). */
const prints = new WeakMap<Page, number>();

/** Replaces the print window by a call into the test, before any script of the app runs. */
async function interceptPrint(page: Page): Promise<void> {
  prints.set(page, 0);
  await page.exposeFunction('lajanTestPrinted', () => {
    prints.set(page, (prints.get(page) ?? 0) + 1);
  });
  await page.addInitScript(() => {
    // The browser's window (this file is typed without the DOM library).
    const scope = globalThis as unknown as { print: () => void; lajanTestPrinted: () => Promise<void> };
    scope.print = () => {
      void scope.lajanTestPrinted();
    };
  });
}

function printCount(page: Page): number {
  return prints.get(page) ?? 0;
}

function receiptPanel(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Reçu' });
}

/**
 * The receipt in the right-hand panel: number, amount, fee, and the total only when there is a fee
 * (SPEC §2 "Receipt"). Answers the transaction number it shows.
 */
async function expectReceipt(page: Page, expected: { amount: number; fee: number }): Promise<string> {
  const panel = receiptPanel(page);
  await expect(panel).toBeVisible();
  const receipt = panel.getByRole('article', { name: /^Reçu de la transaction \d+$/ });
  await expect(receipt).toBeVisible();
  // An external transfer's number is printed as its pick-up code, in groups of three (decision 131).
  const pickUp = receipt.locator('dt').filter({ hasText: /^\s*Code de retrait\s*$/ });
  const label = (await pickUp.count()) > 0 ? 'Code de retrait' : 'N° transaction';
  const printed = (await valueOf(receipt, label).innerText()).trim();
  if (label === 'Code de retrait') expect(printed).toMatch(/^\d{3}( \d{3}){3}$/);
  const number = printed.replace(/ /g, '');
  expect(number).toMatch(/^\d{6,}$/);
  await expect(receipt).toHaveAccessibleName(`Reçu de la transaction ${number}`);
  await expect(valueOf(receipt, 'Montant')).toHaveText(htg(expected.amount));
  await expect(valueOf(receipt, 'Frais')).toHaveText(htg(expected.fee));
  // « Total débité du compte » or « Total payé en espèces »: where it came from (decision 214).
  const total = receipt.locator('dt').filter({ hasText: /^\s*Total\b/ });
  if (expected.fee > 0) {
    await expect(total.locator('xpath=following-sibling::dd[1]')).toHaveText(
      htg(expected.amount + expected.fee),
    );
  } else {
    await expect(total).toHaveCount(0);
  }
  await expect(receipt.getByText('Conservez ce reçu comme preuve de votre transaction.')).toBeVisible();
  return number;
}

/** Imprimer: the print window is asked for once more, then the panel closes. */
async function printReceipt(page: Page): Promise<void> {
  const before = printCount(page);
  await receiptPanel(page).getByRole('button', { name: 'Imprimer' }).click();
  await expect(receiptPanel(page)).toHaveCount(0);
  await expect.poll(() => printCount(page)).toBe(before + 1);
}

/** The confirmation step's fee preview (before Enregistrer). */
async function expectFeePreview(page: Page, amount: number, fee: number, totalLabel: string): Promise<void> {
  const preview = page.getByRole('region', { name: 'Frais et total' });
  await expect(preview).toBeVisible();
  await expect(valueOf(preview, 'Montant')).toHaveText(htg(amount));
  await expect(valueOf(preview, 'Frais')).toHaveText(htg(fee));
  await expect(valueOf(preview, totalLabel)).toHaveText(htg(amount + fee));
}

async function next(page: Page, expectedStep: string): Promise<void> {
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText(expectedStep, { exact: true })).toBeVisible();
}

/** An account lookup step: types the number and presses Rechercher. */
async function findAccount(page: Page, label: string, accountNumber: string): Promise<void> {
  const form = page.getByRole('search', { name: label });
  await form.getByRole('textbox', { name: label }).fill(accountNumber);
  await form.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText(accountNumber, { exact: true }).first()).toBeVisible();
}

async function fillParty(page: Page, person: PersonValues, amount: number): Promise<void> {
  await page.getByRole('textbox', { name: 'Nom complet' }).fill(`${person.firstName} ${person.lastName}`);
  await page.getByRole('combobox', { name: 'Type de document' }).selectOption(person.idDocumentType);
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill(person.idDocumentNumber);
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill(String(amount));
}

async function floatBalance(root: Api, code: string): Promise<number> {
  const answer = await root.get<{ data: { balance: number | null } }>(`/api/agents/${code}`);
  return Number(answer.data.balance);
}

async function accountBalance(api: Api, accountNumber: string): Promise<number> {
  const answer = await api.post<{ data: { account: { balance: number } } }>('/api/accounts/search', {
    account_number: accountNumber,
  });
  return answer.data.account.balance;
}

async function findTransaction(api: Api, transactionNumber: string): Promise<Posted> {
  const answer = await api.post<{ data: { transaction: Posted } }>('/api/transactions/search', {
    transactionNumber,
  });
  return answer.data.transaction;
}

/** A registered customer and an account it holds, opened by the teller through the API. */
async function openAccount(teller: Api, person: PersonValues): Promise<string> {
  const created = await teller.post<{ data: { id: string } }>('/api/persons', person);
  const account = await teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
    type: 'current',
    currency: 'HTG',
    personIds: [created.data.id],
  });
  return account.data.accountNumber;
}

async function fundAgent(root: Api, code: string, amount: number): Promise<void> {
  await root.post('/api/agents/deposit', {
    code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount,
  });
}

/** Opens the app as this API session's user, with printing intercepted. */
async function signedInPage(page: Page, api: Api): Promise<void> {
  await interceptPrint(page);
  await api.useIn(page);
}

test('the super administrator funds an agent through "Dépôt sur agent" and the float shows it', async ({
  page,
  lajan,
}) => {
  test.setTimeout(90_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Pétion-Ville', 'petionville');
  expect(await floatBalance(root, agent.code)).toBe(0);

  await signedInPage(page, root);
  await page.goto('/transaction/deposit-agent');
  await expect(page.getByRole('heading', { name: 'Dépôt sur agent' })).toBeVisible();
  await expect(page.getByText('Étape 1 sur 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();
  const search = page.getByRole('search', { name: "Code de l'agent" });
  await search.getByRole('textbox', { name: "Code de l'agent" }).fill(agent.code);
  await search.getByRole('button', { name: 'Rechercher' }).click();
  const found = page.getByRole('region', { name: 'Agent trouvé' });
  await expect(found.getByText('Kay Lajan Pétion-Ville')).toBeVisible();
  await next(page, 'Étape 2 sur 3');

  await page.getByRole('textbox', { name: 'Nom complet' }).fill('Trésorerie Lajan');
  await page.getByRole('combobox', { name: 'Type de document' }).selectOption('id_card');
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill('TRESOR-001');
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill('50000');
  await next(page, 'Étape 3 sur 3');
  await expect(valueOf(page.getByRole('region', { name: 'Récapitulatif' }), 'Agent')).toHaveText(
    `Kay Lajan Pétion-Ville (${agent.code})`,
  );
  // No fee on an agent deposit: the total credited is the amount.
  await expectFeePreview(page, 50000, 0, 'Total crédité');
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page.getByText('Dépôt sur agent effectué avec succès')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const number = await expectReceipt(page, { amount: 50000, fee: 0 });
  await printReceipt(page);

  const posted = await findTransaction(root, number);
  expect(posted).toMatchObject({ type: 'agent_deposit', amount: 50000, fee: 0, status: 'completed' });
  expect(await floatBalance(root, agent.code)).toBe(50000);

  // The agent's page shows the float.
  await page.goto(`/agents/${agent.code}`);
  const float = page.getByRole('region', { name: 'Compte de float' });
  await expect(valueOf(float, 'Solde')).toHaveText(htg(50000));
});

test('a teller takes a deposit, pays a withdrawal and moves money between two accounts, each with its receipt', async ({
  page,
  lajan,
}) => {
  test.setTimeout(90_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Delmas', 'delmas');
  await fundAgent(root, agent.code, 20000);

  const holder = newPerson({ firstName: 'Nadège', lastName: 'Pierre' });
  const other = newPerson({ firstName: 'Joël', lastName: 'Cadet' });
  const first = await openAccount(agent.teller, holder);
  const second = await openAccount(agent.teller, other);

  await signedInPage(page, agent.teller);

  // Deposit of 5 000 HTG: no fee, no total on the receipt.
  await page.goto('/transaction/deposit');
  await expect(page.getByRole('heading', { name: 'Dépôt', exact: true })).toBeVisible();
  await expect(page.getByText('Étape 1 sur 3')).toBeVisible();
  await findAccount(page, 'Numéro de compte', first);
  await expect(page.getByRole('region', { name: 'Compte trouvé' }).getByText(/Nadège PIERRE/)).toBeVisible();
  await next(page, 'Étape 2 sur 3');
  await fillParty(page, holder, 5000);
  await next(page, 'Étape 3 sur 3');
  await expectFeePreview(page, 5000, 0, 'Total à encaisser');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Dépôt réalisé avec succès')).toBeVisible();
  const depositNumber = await expectReceipt(page, { amount: 5000, fee: 0 });
  await printReceipt(page);
  expect(await findTransaction(agent.teller, depositNumber)).toMatchObject({
    type: 'deposit',
    amount: 5000,
    fee: 0,
  });

  // Withdrawal of 1 000 HTG by the holder: fee 40 (agent share 16), 1 040 taken from the account.
  await page.goto('/transaction/withdraw');
  await expect(page.getByRole('heading', { name: 'Retrait', exact: true })).toBeVisible();
  await findAccount(page, 'Numéro de compte', first);
  await next(page, 'Étape 2 sur 3');
  await fillParty(page, holder, 1000);
  await next(page, 'Étape 3 sur 3');
  await expectFeePreview(page, 1000, 40, 'Total débité du compte');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Retrait réalisé avec succès')).toBeVisible();
  const withdrawalNumber = await expectReceipt(page, { amount: 1000, fee: 40 });
  await printReceipt(page);
  expect(await findTransaction(agent.teller, withdrawalNumber)).toMatchObject({
    type: 'withdrawal',
    amount: 1000,
    fee: 40,
    agentShare: 16,
    total: 1040,
  });

  // Internal transfer of 500 HTG to the second account: fee 10 (agent share 4).
  await page.goto('/transaction/transfer');
  await expect(page.getByRole('heading', { name: 'Transfert', exact: true })).toBeVisible();
  await expect(page.getByText('Étape 1 sur 4')).toBeVisible();
  await findAccount(page, 'Compte expéditeur', first);
  await next(page, 'Étape 2 sur 4');
  await findAccount(page, 'Compte bénéficiaire', second);
  await next(page, 'Étape 3 sur 4');
  await fillParty(page, holder, 500);
  await next(page, 'Étape 4 sur 4');
  await expectFeePreview(page, 500, 10, 'Total débité du compte');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Transfert réalisé avec succès')).toBeVisible();
  const transferNumber = await expectReceipt(page, { amount: 500, fee: 10 });
  await printReceipt(page);
  expect(await findTransaction(agent.teller, transferNumber)).toMatchObject({
    type: 'transfer',
    amount: 500,
    fee: 10,
    agentShare: 4,
    total: 510,
  });

  // Every touched account, through the API.
  expect(await accountBalance(agent.teller, first)).toBe(5000 - 1040 - 510);
  expect(await accountBalance(agent.teller, second)).toBe(500);
  expect(await floatBalance(root, agent.code)).toBe(20000 - 5000 + 1000 + 16 + 4);
  expect(printCount(page)).toBe(3);
});

test('a cash transfer sent by one agent is paid out by another', async ({ page, browser, lajan }) => {
  test.setTimeout(90_000);
  const root = await Api.superAdmin(lajan);
  const sending = await setUpAgent(lajan, root, 'Kay Lajan Jacmel', 'jacmel');
  const paying = await setUpAgent(lajan, root, 'Kay Lajan Cap-Haïtien', 'caphaitien');
  await fundAgent(root, sending.code, 10000);
  const sender = newPerson({ firstName: 'Rosemène', lastName: 'Dorval' });
  await sending.teller.post('/api/persons', sender);
  const recipient = newRecipient({
    firstName: 'Wideline',
    lastName: 'Jean-Louis',
    idDocumentType: 'passport',
    idDocumentNumber: 'PP-4471203',
    phoneNumber: '+509 3411 2233',
  });

  await signedInPage(page, sending.teller);
  await page.goto('/transaction/external-transfer/create');
  await expect(page.getByRole('heading', { name: 'Effectuer un transfert externe' })).toBeVisible();
  // Cash is the default mode: four steps, no account step.
  await expect(page.getByRole('radio', { name: 'Espèces' })).toBeChecked();
  await expect(page.getByText('Étape 1 sur 4')).toBeVisible();
  await pickPerson(page, 'Dorval', /Rosemène DORVAL/);
  await expect(page.getByRole('region', { name: 'Expéditeur choisi' })).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByText('Étape 2 sur 4')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bénéficiaire', exact: true })).toBeVisible();
  // Backwards too, the account step is skipped.
  await page.getByRole('button', { name: 'Précédent' }).click();
  await expect(page.getByText('Étape 1 sur 4')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Expéditeur', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByRole('heading', { name: 'Bénéficiaire', exact: true })).toBeVisible();
  // What a sender knows, nothing more (decision 209): first name, last name and phone; the document optional.
  await expect(page.locator('[aria-required="true"]:visible')).toHaveCount(3);
  for (const field of ['Prénom', 'Nom', 'Téléphone']) {
    await expect(page.getByRole('textbox', { name: field, exact: true })).toHaveAttribute(
      'aria-required',
      'true',
    );
  }
  await expect(
    page.getByRole('group', { name: "Pièce d'identité du bénéficiaire (facultatif)" }),
  ).toBeVisible();
  // On a phone the beneficiary's telephone fits (a fieldset's min-content width made it 411 px).
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await overflowPx(page)).toBeLessThanOrEqual(0);
  if (wide) await page.setViewportSize(wide);

  await fillRecipient(page, recipient);
  await next(page, 'Étape 3 sur 4');

  // The sender stands at the counter: nothing is filled from the search, the teller types the card.
  await expect(page.getByRole('textbox', { name: 'Nom complet' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Numéro de document' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Nom complet' }).fill(`${sender.firstName} ${sender.lastName}`);
  await page.getByRole('combobox', { name: 'Type de document' }).selectOption(sender.idDocumentType);
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill(sender.idDocumentNumber);
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill('2000');
  await expect(page.getByRole('combobox', { name: 'Devise' })).toHaveValue('HTG');
  await next(page, 'Étape 4 sur 4');
  // 2 000 HTG: fee 115 (agent share 46), paid in cash on top.
  await expectFeePreview(page, 2000, 115, 'Total à encaisser');
  // And the account step stays skipped on the way back from the confirmation.
  await page.getByRole('button', { name: 'Précédent' }).click();
  await expect(page.getByText('Étape 3 sur 4')).toBeVisible();
  await next(page, 'Étape 4 sur 4');
  await expectFeePreview(page, 2000, 115, 'Total à encaisser');
  await page.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(page.getByRole('heading', { name: 'Transfert envoyé' })).toBeVisible();
  const code = page.getByLabel(/^Code de retrait \d+$/);
  const pickUp = ((await code.getAttribute('aria-label')) ?? '').replace('Code de retrait ', '');
  const sentNumber = await expectReceipt(page, { amount: 2000, fee: 115 });
  // The pick-up code is the transaction number.
  expect(pickUp).toBe(sentNumber);
  await printReceipt(page);
  // A pending transfer's search answers the pay-out look-up (decision 112), to its own agent too.
  const sent = await findTransaction(sending.teller, sentNumber);
  expect(sent).toMatchObject({
    type: 'external_transfer',
    status: 'pending',
    amount: 2000,
    fee: 115,
    recipientMaskedName: 'W. J.',
    locked: false,
  });
  expect(JSON.stringify(sent)).not.toContain(recipient.idDocumentNumber);
  expect(await floatBalance(root, sending.code)).toBe(10000 - 2115 + 46);

  // Agent B's teller pays it out with the pick-up code and the document the sender gave.
  const payingContext = await browser.newContext({ baseURL: lajan.url });
  const payingPage = await payingContext.newPage();
  await signedInPage(payingPage, paying.teller);
  await payingPage.goto('/transaction/external-transfer/receive');
  await expect(payingPage.getByRole('heading', { name: 'Recevoir un transfert externe' })).toBeVisible();
  await expect(payingPage.getByText('Étape 1 sur 3')).toBeVisible();
  const find = payingPage.getByRole('search', { name: 'Code de retrait' });
  // Typed as printed, in groups (decision 131).
  await find.getByRole('textbox', { name: 'Code de retrait' }).fill(pickUp.replace(/(\d{3})(?=\d)/g, '$1 '));
  await find.getByRole('button', { name: 'Rechercher' }).click();
  const card = payingPage.getByRole('region', { name: 'Transfert trouvé' });
  await expect(card.getByText(pickUp.replace(/(\d{3})(?=\d)/g, '$1 '))).toBeVisible();
  await expect(card.getByText(htg(2000))).toBeVisible();
  await expect(card.getByText('Kay Lajan Jacmel', { exact: false })).toBeVisible();
  // Before identification, only the recipient's initials (decision 112).
  await expect(card.getByText('W. J.', { exact: true })).toBeVisible();
  await expect(card).not.toContainText(recipient.lastName);
  await next(payingPage, 'Étape 2 sur 3');
  // A first try with a wrong name is refused, without saying what differs, and moves no money.
  await payingPage.getByRole('textbox', { name: 'Prénom' }).fill('Widelyne');
  await payingPage.getByRole('textbox', { name: 'Nom', exact: true }).fill(recipient.lastName);
  await payingPage.getByRole('combobox', { name: 'Type de document' }).selectOption(recipient.idDocumentType);
  await payingPage.getByRole('textbox', { name: 'Numéro de document' }).fill(recipient.idDocumentNumber);
  await next(payingPage, 'Étape 3 sur 3');
  await payingPage.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    payingPage
      .getByText(
        "L'identité présentée ne correspond pas au bénéficiaire du transfert : encore 4 essais avant le blocage du transfert",
      )
      .first(),
  ).toBeVisible();
  expect(await floatBalance(root, paying.code)).toBe(0);
  // Back on the identity by itself, the keyboard on the first name.
  await expect(payingPage.getByText('Étape 2 sur 3')).toBeVisible();
  await expect(payingPage.getByRole('textbox', { name: 'Prénom' })).toBeFocused();
  // The card prints the family name first: the order of the words does not count.
  await payingPage.getByRole('textbox', { name: 'Prénom' }).fill(recipient.lastName.toUpperCase());
  await payingPage.getByRole('textbox', { name: 'Nom', exact: true }).fill(recipient.firstName);
  await next(payingPage, 'Étape 3 sur 3');
  await expect(
    payingPage.getByRole('region', { name: 'Montant à remettre' }).getByText(htg(2000)),
  ).toBeVisible();
  await payingPage.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(payingPage.getByText('Transfert payé avec succès')).toBeVisible();
  const payoutNumber = await expectReceipt(payingPage, { amount: 2000, fee: 0 });
  await printReceipt(payingPage);

  const payout = await findTransaction(paying.teller, payoutNumber);
  expect(payout).toMatchObject({ type: 'external_payout', amount: 2000, fee: 0, status: 'completed' });
  expect(await findTransaction(sending.teller, sentNumber)).toMatchObject({ status: 'completed' });
  expect(await floatBalance(root, paying.code)).toBe(2000);
  expect(await floatBalance(root, sending.code)).toBe(10000 - 2115 + 46);
  await payingContext.close();
});

test('on a phone, a refusal’s notification leaves Enregistrer to the finger (decision 196)', async ({
  page,
  lajan,
}) => {
  test.setTimeout(60_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Jacmel', 'jacmel');
  await fundAgent(root, agent.code, 20000);
  // Another agent's teller, who reads the holder masked: the card's number is checked by the server.
  const other = await setUpAgent(lajan, root, 'Kay Lajan Léogâne', 'leogane');
  const holder = newPerson({ firstName: 'Micheline', lastName: 'Alexis' });
  const account = await openAccount(agent.teller, holder);
  await agent.teller.post('/api/transactions/deposit', {
    accountNumber: account,
    party: {
      name: 'Micheline Alexis',
      idDocumentType: holder.idDocumentType,
      idDocumentNumber: holder.idDocumentNumber,
    },
    amount: 5000,
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await signedInPage(page, other.teller);
  await page.goto('/transaction/withdraw');
  await findAccount(page, 'Numéro de compte', account);
  await next(page, 'Étape 2 sur 3');
  // Not the holder's card: refused (403), said by a notification and beside the button.
  await fillParty(page, { ...holder, idDocumentNumber: 'FAUX-0001' }, 1000);
  await next(page, 'Étape 3 sur 3');
  const save = page.getByRole('button', { name: 'Enregistrer' });
  await save.click();
  const notification = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
  await expect(notification).toBeVisible();
  await save.scrollIntoViewIfNeeded();
  const overlaps = intersect(await boxOf(save), await boxOf(notification));
  expect(overlaps, 'la notification ne couvre pas Enregistrer').toBe(false);
});

test('a double click on Enregistrer posts the deposit once', async ({ page, lajan }) => {
  test.setTimeout(90_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Les Cayes', 'lescayes');
  await fundAgent(root, agent.code, 10000);
  const holder = newPerson({ firstName: 'Fritzner', lastName: 'Michel' });
  const account = await openAccount(agent.teller, holder);

  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/transactions/deposit')) {
      posts.push(request.headers()['idempotency-key'] ?? '');
    }
  });
  await signedInPage(page, agent.teller);
  await page.goto('/transaction/deposit');
  await findAccount(page, 'Numéro de compte', account);
  await next(page, 'Étape 2 sur 3');
  await fillParty(page, holder, 2500);
  await next(page, 'Étape 3 sur 3');
  await expectFeePreview(page, 2500, 0, 'Total à encaisser');
  await page.getByRole('button', { name: 'Enregistrer' }).dblclick();

  const number = await expectReceipt(page, { amount: 2500, fee: 0 });
  await printReceipt(page);
  // Whatever reached the server carried one key, and the ledger holds one deposit.
  expect(posts.length).toBeGreaterThanOrEqual(1);
  expect(new Set(posts).size).toBe(1);
  const history = await agent.teller.get<{ data: Posted[]; pagination: { total: number } }>(
    '/api/transactions/history?type=deposit',
  );
  expect(history.pagination.total).toBe(1);
  expect(history.data.map((row) => row.transactionNumber)).toEqual([number]);
  expect(await accountBalance(agent.teller, account)).toBe(2500);
  expect(await floatBalance(root, agent.code)).toBe(10000 - 2500);

  // Harder still: two clicks within one task of the page, before React can disable the button.
  await page.goto('/transaction/deposit');
  await findAccount(page, 'Numéro de compte', account);
  await next(page, 'Étape 2 sur 3');
  await fillParty(page, holder, 1500);
  await next(page, 'Étape 3 sur 3');
  await expectFeePreview(page, 1500, 0, 'Total à encaisser');
  await page.getByRole('button', { name: 'Enregistrer' }).evaluate((button) => {
    const target = button as unknown as { click: () => void };
    target.click();
    target.click();
  });
  const second = await expectReceipt(page, { amount: 1500, fee: 0 });
  await printReceipt(page);
  // A fresh key for the new confirmation, and one more deposit only.
  expect(new Set(posts).size).toBe(2);
  const after = await agent.teller.get<{ data: Posted[]; pagination: { total: number } }>(
    '/api/transactions/history?type=deposit',
  );
  expect(after.pagination.total).toBe(2);
  expect(after.data.map((row) => row.transactionNumber)).toEqual([second, number]);
  expect(await accountBalance(agent.teller, account)).toBe(4000);
  expect(await floatBalance(root, agent.code)).toBe(10000 - 4000);
});

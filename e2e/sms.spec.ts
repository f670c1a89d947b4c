import { Api, newRecipient, setUpAgent, setUpAgentWithCustomer } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { signIn } from './support/ui.js';

/*
 * Issue 46 through a real SMPP server: a cash send's recipient is paid out with the code her phone received;
 * the super administrator, on a phone, switches receipts off, sees the one held back, and sends it again.
 */

async function until(read: () => string, pattern: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect.poll(() => (found = pattern.exec(read())), { timeout: 15_000 }).not.toBeNull();
  return found!;
}

test('a cash send’s recipient is paid out with the code of her SMS', async ({ page, lajan }) => {
  test.setTimeout(120_000);
  const root = await Api.superAdmin(lajan);
  const sending = await setUpAgentWithCustomer(lajan, root, 'Kay Lajan Jacmel', 'jacmel', {
    firstName: 'Nadine',
    lastName: 'Joseph',
  });
  const paying = await setUpAgent(lajan, root, 'Kay Lajan Hinche', 'hinche');
  const recipient = newRecipient({ firstName: 'Paul', lastName: 'Délice' });
  await sending.agent.teller.post('/api/transactions/transfer-extern', {
    senderId: sending.personId,
    recipient,
    party: sending.party,
    amount: 1000,
    currency: 'HTG',
  });

  const [, code = ''] = await until(
    () => lajan.smsc.textTo(recipient.phoneNumber),
    /Code de retrait : (\d+)\./,
  );
  await signIn(page, paying.tellerUsername, paying.tellerPassword);
  await page.goto('/transaction/external-transfer/receive');
  const search = page.getByRole('search', { name: 'Code de retrait' });
  await search.getByRole('textbox', { name: 'Code de retrait' }).pressSequentially(code);
  await search.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('region', { name: 'Transfert trouvé' })).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('textbox', { name: 'Prénom' }).fill(recipient.firstName);
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(recipient.lastName);
  await page.getByRole('combobox', { name: 'Type de document' }).selectOption(recipient.idDocumentType);
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill(recipient.idDocumentNumber);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Transfert payé avec succès')).toBeVisible();
  // The sender, who prefers SMS, is told it was paid.
  await until(
    () => lajan.smsc.textTo(sending.holder.phoneNumber),
    new RegExp(`votre transfert ${code} de 1 000,00 HTG a été payé`),
  );
});

test('on a phone, the super administrator holds back receipts and sends one again', async ({
  page,
  lajan,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const root = await Api.superAdmin(lajan);
  const { agent, holder, accountNumber, party } = await setUpAgentWithCustomer(
    lajan,
    root,
    'Kay Lajan Gonaïves',
    'gonaives',
    { firstName: 'Rose', lastName: 'Michel' },
  );
  await root.useIn(page);
  await page.goto('/sms');
  await expect(page.getByRole('heading', { name: 'SMS', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Désactiver « Reçu d’opération au client »' }).click();
  const dialog = page.getByRole('dialog', { name: 'Désactiver « Reçu d’opération au client » ?' });
  await dialog.getByRole('button', { name: 'Désactiver' }).click();
  await expect(page.getByRole('button', { name: 'Activer « Reçu d’opération au client »' })).toBeVisible();

  const before = lajan.smsc.received.length;
  await agent.teller.post('/api/transactions/deposit', { accountNumber, party, amount: 1500 });
  const held = page.getByRole('row').filter({ hasText: `${holder.phoneNumber.slice(0, 4)}****` });
  await expect(async () => {
    await page.reload();
    await expect(held).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(held).toContainText('Type de message désactivé au moment de l’envoi');
  expect(lajan.smsc.received.length).toBe(before);
  // Nothing overflows the phone's width.
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

  await page.getByRole('button', { name: 'Activer « Reçu d’opération au client »' }).click();
  await page
    .getByRole('dialog', { name: 'Activer « Reçu d’opération au client » ?' })
    .getByRole('button', { name: 'Activer' })
    .click();
  await held.getByRole('button', { name: /^Renvoyer/ }).click();
  await page
    .getByRole('dialog', { name: 'Renvoyer ce SMS ?' })
    .getByRole('button', { name: 'Renvoyer' })
    .click();
  await expect(page.getByText('Aucun SMS en échec.')).toBeVisible();
  await until(() => lajan.smsc.textTo(holder.phoneNumber), /Dépôt 1 500,00 HTG/);
});

import type { Locator } from '@playwright/test';
import { Api, newRecipient, setUpAgentWithCustomer } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { expectAccessible, overflowPx, signIn } from './support/ui.js';

/**
 * A cash transfer is cancelled only with its sender (decisions 200, 205): a wrong document is refused with
 * the tries left, the right one cancels and the drawer pays the refund; a send from an account needs the
 * administrator's approval, whose reason the receipt prints.
 */

const PHONE = { width: 360, height: 740 };
const space = '[\\s\\u202f\\u00a0]?';

/** "3 065,00" as a pattern, whatever space the locale puts between thousands. */
function amountPattern(htg: number): RegExp {
  const [units = '', cents = ''] = htg.toFixed(2).split('.');
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return new RegExp(`${grouped.split(' ').join(space)},${cents}`);
}

async function fillSender(
  dialog: Locator,
  sender: { firstName: string; lastName: string; document: string },
) {
  await dialog.getByRole('textbox', { name: 'Prénom' }).fill(sender.firstName);
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill(sender.lastName);
  await dialog.getByRole('combobox', { name: 'Type de document' }).selectOption('id_card');
  await dialog.getByRole('textbox', { name: 'Numéro de document' }).fill(sender.document);
}

test('a cash transfer is cancelled with its sender identified; a send from an account on the administrator’s approval', async ({
  page,
  browser,
  lajan,
}) => {
  test.setTimeout(180_000);
  const root = await Api.superAdmin(lajan);
  // The teller's drawer is open with nothing in it: every note in it comes from the day's operations.
  const { agent, holder, personId, accountNumber, party } = await setUpAgentWithCustomer(
    lajan,
    root,
    'Kay Lajan Gonaïves',
    'gonaives',
    { firstName: 'Nadine', lastName: 'Joseph' },
  );
  await agent.teller.post('/api/transactions/deposit', { accountNumber, party, amount: 3000 });
  const transfer = {
    senderId: personId,
    recipient: newRecipient({ firstName: 'Paul', lastName: 'Délice' }),
    party,
    amount: 1000,
  };
  const cash = await agent.teller.post<{ data: { transactionNumber: string; fee: number } }>(
    '/api/transactions/transfer-extern',
    { ...transfer, currency: 'HTG' },
  );
  const fromAccount = await agent.teller.post<{ data: { transactionNumber: string } }>(
    '/api/transactions/transfer-extern',
    { ...transfer, accountNumber, currency: null },
  );
  const cashNumber = cash.data.transactionNumber;
  const accountSendNumber = fromAccount.data.transactionNumber;

  // The teller cancels the cash send from the history: the dialog asks the sender's name and document.
  await signIn(page, agent.tellerUsername, agent.tellerPassword);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/transaction/history');
  await page.getByRole('button', { name: `Annuler le transfert ${cashNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Annuler le transfert externe' });
  await expect(dialog).toContainText(
    "Saisissez le nom complet et la pièce d'identité tels qu'ils figurent sur la pièce présentée par l'expéditeur.",
  );
  // A teller cannot approve: no reason to give.
  await expect(dialog.getByLabel(/Motif de l'annulation/)).toHaveCount(0);
  await fillSender(dialog, { firstName: 'Nadine', lastName: 'Joseph', document: 'CIN-0000000' });

  // At 360 px the dialog fits, and axe finds nothing serious in it.
  await page.setViewportSize(PHONE);
  expect(await overflowPx(page), 'le dialogue d’annulation tient dans 360 px').toBeLessThanOrEqual(0);
  await expectAccessible(page, 'annulation (dialogue) @360');
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(dialog).toContainText(
    "L'identité présentée ne correspond pas à l'expéditeur du transfert : encore 4 essais avant le blocage du transfert",
  );
  expect(
    (
      await agent.teller.post<{ data: { transaction: { status: string } } }>('/api/transactions/search', {
        transactionNumber: cashNumber,
      })
    ).data.transaction.status,
  ).toBe('pending');

  await dialog.getByRole('textbox', { name: 'Numéro de document' }).fill(holder.idDocumentNumber);
  await dialog.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(page.getByText('Transfert annulé : le montant a été rendu')).toBeVisible();
  const receipt = page.getByRole('article', { name: /^Reçu de la transaction / });
  const identified = receipt.getByRole('region', { name: 'Expéditeur identifié' });
  await expect(identified).toContainText('Nadine Joseph');
  await expect(identified).toContainText(holder.idDocumentNumber);
  await expect(page.getByRole('button', { name: `Annuler le transfert ${cashNumber}` })).toHaveCount(0);
  await page.setViewportSize(PHONE);
  expect(await overflowPx(page), 'le reçu d’annulation tient dans 360 px').toBeLessThanOrEqual(0);
  await expectAccessible(page, 'annulation (reçu) @360');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The drawer paid the 1 000 HTG back: expected 3 000 + (1 000 + fee) − 1 000; she counts 3 000.
  const expected = 3000 + cash.data.fee;
  await page.getByRole('link', { name: 'Ma caisse' }).click();
  await expect(page.getByRole('button', { name: 'Fermer la caisse' })).toBeVisible();
  await page.getByLabel('Billet de 1 000 HTG').fill('3');
  await page.getByRole('button', { name: 'Fermer la caisse' }).click();
  await page
    .getByRole('dialog', { name: 'Fermer la caisse ?' })
    .getByRole('button', { name: 'Fermer avec ce comptage' })
    .click();
  const ticket = page.getByRole('region', { name: 'Ticket de caisse' });
  await expect(ticket).toContainText('Attendu');
  await expect(ticket).toContainText(amountPattern(expected));
  await expect(ticket).toContainText(
    new RegExp(`−${amountPattern(cash.data.fee).source}${space}HTG \\(manquant\\)`),
  );

  // The administrator approves the cancellation of the send from the account, with a reason.
  const adminContext = await browser.newContext({ baseURL: lajan.url });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, 'gerant.gonaives', 'Gerant-Lajan-2026');
  await expect(adminPage).toHaveURL(/\/$/);
  await adminPage.goto('/transaction/history');
  await adminPage.getByRole('button', { name: `Annuler le transfert ${accountSendNumber}` }).click();
  const approval = adminPage.getByRole('dialog', { name: "Approuver l'annulation du transfert externe" });
  await expect(approval).toContainText('aucune espèce ne sort de caisse');
  await approval.getByRole('button', { name: "Approuver l'annulation" }).click();
  await expect(approval).toContainText("Le motif de l'annulation est requis");
  await approval.getByLabel(/Motif de l'annulation/).fill('Bénéficiaire erroné, la cliente renvoie demain');
  await adminPage.setViewportSize(PHONE);
  expect(await overflowPx(adminPage), 'le dialogue d’approbation tient dans 360 px').toBeLessThanOrEqual(0);
  await expectAccessible(adminPage, 'approbation (dialogue) @360');
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await approval.getByRole('button', { name: "Approuver l'annulation" }).click();
  await expect(adminPage.getByText('Transfert annulé : le montant a été rendu')).toBeVisible();
  const approvedReceipt = adminPage.getByRole('article', { name: /^Reçu de la transaction / });
  const approvedBy = approvedReceipt.getByRole('region', { name: 'Approuvée par' });
  await expect(approvedBy).toContainText('gerant.gonaives');
  await expect(approvedBy).toContainText('Motif');
  await expect(approvedBy).toContainText('Bénéficiaire erroné, la cliente renvoie demain');
  await expect(approvedReceipt.getByRole('region', { name: 'Expéditeur identifié' })).toHaveCount(0);
  await adminContext.close();
});

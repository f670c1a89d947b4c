import type { Browser, Locator, Page, Response } from '@playwright/test';
import { Api, newPerson, setUpAgent, type AgentSetUp } from './support/api.js';
import {
  expectNoForeignText,
  tr,
  trPattern,
  type Allowed,
  type ScreenLanguage,
} from './support/languages.js';
import { expect, test, type Lajan } from './support/lajan.js';

/*
 * Issue 45's "Done when" (decision 236): a teller's and an administrator's journeys in Kreyòl and pseudo,
 * names through `tr` (the same journey runs in French), each screen checked; receipts in the customer's language.
 */

type PersonValues = ReturnType<typeof newPerson>;

/**
 * An HTG amount as the screens write it (« 1 000,00 HTG »), as ui.ts's `htg`: ui.ts imports `@lajan/domain`,
 * whose Lingui macros Playwright's loader does not compile.
 */
function htg(amount: number): RegExp {
  const [units = '0', cents = '00'] = amount.toFixed(2).split('.');
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, '[\\s\\u202f\\u00a0]?');
  return new RegExp(`(^|[^\\d])${grouped},${cents}[\\s\\u202f\\u00a0]*HTG`);
}

/** What the tests type or set up, shown as it is in any language. */
function dataOf(person: PersonValues): string[] {
  const { firstName, lastName } = person;
  return [
    firstName,
    lastName,
    lastName.toUpperCase(),
    `${firstName} ${lastName}`,
    `${firstName} ${lastName.toUpperCase()}`,
    `${lastName.toUpperCase()} ${firstName}`,
    person.city,
    person.state,
    person.country,
    person.address,
    person.occupation,
    person.email,
  ];
}

const TREASURY = { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' };
/** The agents' names, the people `setUpAgent` registers (Marie Joseph…), the super administrator. */
const setUpData: Allowed[] = [
  /Kay Lajan [\p{L}-]+/u,
  TREASURY.name,
  /Marie (Joseph|JOSEPH)\d+/u,
  'superadmin',
];

/** The screens in `language`: this browser's choice, and the users' profiles but for the pseudo-language. */
async function speak(page: Page, language: ScreenLanguage, users: Api[] = []): Promise<void> {
  await page.addInitScript((chosen) => {
    (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
      'lajan.language',
      chosen,
    );
  }, language);
  // A user's profile wins over the browser's choice, but for the pseudo-language (decision 236).
  if (language !== 'pseudo')
    for (const user of users) await user.put('/api/auth/user/language', { language });
}

/** Printing intercepted: a teller prints each receipt, the test counts them. */
async function catchPrints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const scope = globalThis as unknown as { printed: number; print: () => void };
    scope.printed = 0;
    scope.print = () => {
      scope.printed += 1;
    };
  });
}

/** What a receipt prints, in the customer's language (issue 45), checked apart from the screen around it. */
const PRINTED = '.receipt-print';

/**
 * One person at work in `language`: the names she looks for, the check after each screen. Her customers'
 * receipts print in theirs: Kreyòl in the Kreyòl journey, French in the pseudo one (no customer's language).
 */
class Screens {
  constructor(
    readonly page: Page,
    readonly language: ScreenLanguage,
    readonly allow: Allowed[],
    readonly receiptLanguage: ScreenLanguage = language === 'ht' ? 'ht' : 'fr',
  ) {}

  t(french: string, values?: Record<string, unknown>): string {
    return tr(french, this.language, values);
  }

  /** The screen settled, then nothing on it in another language. */
  async check(where: string): Promise<void> {
    await this.page.waitForLoadState('networkidle');
    await expectNoForeignText(this.page, this.language, { allow: this.allow, where, skip: PRINTED });
  }

  async signIn(username: string, password: string): Promise<void> {
    const { page } = this;
    await page.goto('/login');
    // Checked before any name is looked for: a text missing from the catalogues is listed, not only thrown.
    await expect(page.locator('input').first()).toBeVisible();
    await this.check('/login');
    await page.getByLabel(this.t("Nom d'utilisateur")).fill(username);
    await page.getByLabel(this.t('Mot de passe'), { exact: true }).fill(password);
    await page.getByRole('button', { name: this.t('Se connecter') }).click();
    await expect(page.getByRole('heading', { name: this.t('Tableau de Bord'), level: 1 })).toBeVisible();
    await this.check('/ (tableau de bord)');
  }

  async menu(label: string): Promise<void> {
    const nav = this.page.getByRole('navigation', { name: this.t('Menu principal') });
    await nav.getByRole('link', { name: this.t(label), exact: true }).click();
  }

  async heading(french: string, values?: Record<string, unknown>): Promise<void> {
    await expect(
      this.page.getByRole('heading', { name: this.t(french, values), exact: true, level: 1 }),
    ).toBeVisible();
  }

  async next(stepNumber: number, total: number): Promise<void> {
    await this.page.getByRole('button', { name: this.t('Suivant') }).click();
    await expect(
      this.page.getByText(this.t('Étape {stepNumber} sur {total}', { stepNumber, total }), { exact: true }),
    ).toBeVisible();
  }

  async findAccount(label: string, accountNumber: string): Promise<void> {
    const form = this.page.getByRole('search', { name: this.t(label) });
    await form.getByRole('textbox', { name: this.t(label) }).fill(accountNumber);
    await form.getByRole('button', { name: this.t('Rechercher') }).click();
    await expect(this.page.getByText(accountNumber, { exact: true }).first()).toBeVisible();
  }

  /** The person at the counter, from her card, and the amount as typed at the counter. */
  async fillParty(person: PersonValues, amount: string): Promise<void> {
    const { page } = this;
    await page
      .getByRole('textbox', { name: this.t('Nom complet') })
      .fill(`${person.firstName} ${person.lastName}`);
    await page
      .getByRole('combobox', { name: this.t('Type de document') })
      .selectOption(person.idDocumentType);
    await page.getByRole('textbox', { name: this.t('Numéro de document') }).fill(person.idDocumentNumber);
    await page.getByRole('textbox', { name: this.t('Montant (HTG)') }).fill(amount);
  }

  receipt() {
    return this.page.getByRole('complementary', { name: this.t('Reçu') });
  }

  /** The value beside a label of a `<dt>`/`<dd>` list, a receipt's in its language. */
  valueIn(scope: Locator, label: string, language = this.language) {
    const name = tr(label, language).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return scope
      .locator('dt')
      .filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** The receipt beside the screen, checked, printed; its panel closes. */
  async printReceipt(where: string): Promise<void> {
    const panel = this.receipt();
    await expect(panel).toBeVisible();
    await this.check(`${where} (reçu)`);
    await expectNoForeignText(this.page.locator(PRINTED).first(), this.receiptLanguage, {
      allow: this.allow,
      where: `${where} (reçu imprimé, ${this.receiptLanguage})`,
    });
    const before = await this.printed();
    await panel.getByRole('button', { name: this.t('Imprimer') }).click();
    await expect(panel).toHaveCount(0);
    expect(await this.printed()).toBe(before + 1);
  }

  async printed(): Promise<number> {
    return Number(await this.page.evaluate('globalThis.printed'));
  }

  /** Picks a person through the « Rechercher Personne » dialog. */
  async pickPerson(term: string, result: RegExp): Promise<void> {
    const { page } = this;
    await page.getByRole('button', { name: this.t('Rechercher Personne') }).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByRole('searchbox').or(dialog.getByRole('textbox')).first();
    await field.fill(term);
    await field.press('Enter');
    await expect(dialog.getByText(this.t('Résultat de la recherche'))).toBeVisible();
    await this.check('dialogue Rechercher Personne');
    await dialog.getByRole('button', { name: result }).first().click();
  }

  /** « Ma caisse »: the drawer counted by denomination and opened. */
  async openDrawer(counts: Record<string, number>, total: number): Promise<void> {
    const { page } = this;
    await this.heading('Ma caisse');
    await this.check('/drawer (ouverture)');
    for (const [label, pieces] of Object.entries(counts)) {
      await page.getByLabel(this.t(label), { exact: true }).fill(String(pieces));
    }
    await page.getByRole('button', { name: this.t('Ouvrir ma caisse') }).click();
    const confirm = page.getByRole('dialog', { name: this.t('Ouvrir la caisse ?') });
    await expect(confirm).toContainText(htg(total));
    await this.check('/drawer (confirmation d’ouverture)');
    await confirm.getByRole('button', { name: this.t('Ouvrir avec ce comptage') }).click();
    await expect(page.getByRole('button', { name: this.t('Fermer la caisse') })).toBeVisible();
    await this.check('/drawer (caisse ouverte)');
  }

  /** The shared person form, filled from a customer's card. */
  async fillPersonForm(person: PersonValues & { preferredLanguage?: string }): Promise<void> {
    const { page } = this;
    const fields: [string, string][] = [
      ['Prénom', person.firstName],
      ['Date de naissance', person.dob],
      ['Profession', person.occupation],
      ['Numéro du document', person.idDocumentNumber],
      ["Date d'émission", person.dateIssued],
      ["Date d'expiration", person.expirationDate],
      ['Pays', person.country],
      ['Département', person.state],
      ['Commune', person.city],
      ['Adresse', person.address],
      ['Téléphone', person.phoneNumber.replace('+509 ', '')],
      ['Email', person.email],
    ];
    for (const [label, value] of fields) await page.getByLabel(this.t(label), { exact: true }).fill(value);
    await page.getByLabel(this.t('Nom'), { exact: true }).fill(person.lastName);
    await page.getByRole('radio', { name: this.t('Femme') }).check();
    await page.getByLabel(this.t('Statut matrimonial')).selectOption(person.maritalStatus);
    await page.getByLabel(this.t('Type de document')).selectOption(person.idDocumentType);
    await page.getByLabel(this.t('Moyen de contact préféré')).selectOption(person.preferredContactMethod);
    if (person.preferredLanguage) {
      await page.getByLabel(this.t('Langue préférée')).selectOption(person.preferredLanguage);
    }
  }
}

/** Two agents, the first funded, each with a teller; the first's customer and another's account. */
async function network(lajan: Lajan, language: ScreenLanguage) {
  const root = await Api.superAdmin(lajan);
  const [counter, paying] = await Promise.all([
    setUpAgent(lajan, root, 'Kay Lajan Gonaïves', 'gonaives', { openDrawer: false }),
    setUpAgent(lajan, root, 'Kay Lajan Hinche', 'hinche'),
  ]);
  await root.post('/api/agents/deposit', { code: counter.code, party: TREASURY, amount: 10000 });
  const neighbourCard = newPerson({ firstName: 'Jocelyne', lastName: 'Estimé' });
  const neighbour = await counter.teller.post<{ data: { id: string } }>('/api/persons', neighbourCard);
  const neighbourAccount = (
    await counter.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
      type: 'current',
      currency: 'HTG',
      personIds: [neighbour.data.id],
    })
  ).data.accountNumber;
  const customer = {
    ...newPerson({ firstName: 'Mirlande', lastName: 'Saint-Fleur' }),
    preferredLanguage: language === 'ht' ? 'ht' : 'fr',
  };
  const recipient = newPerson({ firstName: 'Wideline', lastName: 'Jean-Louis' });
  const allow: Allowed[] = [
    ...setUpData,
    ...[customer, recipient, neighbourCard].flatMap(dataOf),
    counter.tellerUsername,
    paying.tellerUsername,
    /gerant\.\w+/,
  ];
  return { root, counter, paying, neighbourAccount, customer, recipient, allow, language };
}

/** The paying agent's teller pays the cash send out with its code, on her own screens in `language`. */
async function payOut(
  browser: Browser,
  lajan: Lajan,
  language: ScreenLanguage,
  paying: AgentSetUp,
  allow: Allowed[],
  transfer: { grouped: string; amount: number; recipient: PersonValues },
): Promise<void> {
  const context = await browser.newContext({ baseURL: lajan.url });
  const page = await context.newPage();
  await speak(page, language, [paying.teller]);
  await catchPrints(page);
  const other = new Screens(page, language, allow);
  await other.signIn(paying.tellerUsername, paying.tellerPassword);
  await other.menu('Recevoir');
  await other.heading('Recevoir un transfert externe');
  await other.check('/transfer-extern/payout');
  const search = page.getByRole('search', { name: other.t('Code de retrait') });
  await search.getByRole('textbox', { name: other.t('Code de retrait') }).pressSequentially(transfer.grouped);
  await search.getByRole('button', { name: other.t('Rechercher') }).click();
  const card = page.getByRole('region', { name: other.t('Transfert trouvé') });
  await expect(card.getByText(htg(transfer.amount))).toBeVisible();
  await other.check('/transfer-extern/payout (transfert trouvé)');
  await other.next(2, 3);
  const { recipient } = transfer;
  await page.getByRole('textbox', { name: other.t('Prénom') }).fill(recipient.firstName);
  await page.getByRole('textbox', { name: other.t('Nom'), exact: true }).fill(recipient.lastName);
  await page
    .getByRole('combobox', { name: other.t('Type de document') })
    .selectOption(recipient.idDocumentType);
  await page.getByRole('textbox', { name: other.t('Numéro de document') }).fill(recipient.idDocumentNumber);
  await other.check('/transfer-extern/payout (bénéficiaire)');
  await other.next(3, 3);
  await other.check('/transfer-extern/payout (confirmation)');
  await page.getByRole('button', { name: other.t('Enregistrer'), exact: true }).click();
  await expect(page.getByText(other.t('Transfert payé avec succès'))).toBeVisible();
  await expect(other.valueIn(other.receipt(), 'Montant', other.receiptLanguage)).toHaveText(
    htg(transfer.amount),
  );
  await other.printReceipt('/transfer-extern/payout');
  await context.close();
}

async function tellerJourney(page: Page, browser: Browser, lajan: Lajan, language: ScreenLanguage) {
  const { counter, paying, neighbourAccount, customer, recipient, allow } = await network(lajan, language);
  await speak(page, language, [counter.teller]);
  await catchPrints(page);
  const s = new Screens(page, language, allow);

  // Signed in, her drawer opened with 2 × 1 000 and 1 × 500.
  await s.signIn(counter.tellerUsername, counter.tellerPassword);
  await s.menu('Ma caisse');
  await s.openDrawer({ 'Billet de 1 000 HTG': 2, 'Billet de 500 HTG': 1 }, 2500);

  // A new customer, registered from the menu.
  await s.menu('Nouveau client');
  await s.heading('Enregistrer Client');
  await s.check('/register-client');
  await s.fillPersonForm(customer);
  await s.check('/register-client (rempli)');
  await page.getByRole('button', { name: s.t('Enregistrer'), exact: true }).click();
  await expect(page.getByText(s.t('Personne enregistrée avec succès'))).toBeVisible();
  await s.check('/register-client (enregistré)');

  // Her account, from the offer of the registration's toast: she is its holder already.
  const customerName = `${customer.firstName} ${customer.lastName.toUpperCase()}`;
  await page
    .getByRole('button', { name: s.t('Ouvrir un compte pour {name}', { name: customerName }) })
    .click();
  await expect(
    page.getByText(s.t('Étape {stepNumber} sur {total}', { stepNumber: 1, total: 3 })),
  ).toBeVisible();
  await s.check('/create-account (titulaire)');
  await s.next(2, 3);
  await page.getByText(s.t('Courant'), { exact: true }).click();
  await s.check('/create-account (type)');
  await s.next(3, 3);
  await s.check('/create-account (confirmation)');
  await page.getByRole('button', { name: s.t('Enregistrer'), exact: true }).click();
  await expect(page.getByRole('heading', { name: s.t('Compte créé avec succès !') })).toBeVisible();
  const accountLabel = page.getByLabel(trPattern('Numéro de compte {accountNumber}', language));
  const account = (await accountLabel.innerText()).replace(/\s/g, '');
  expect(account).toMatch(/^\d{8,}$/);
  allow.push(account);
  await s.check('/create-account (compte créé)');

  // A deposit of 125,75 HTG, then a withdrawal of 23,05 HTG, each receipt printed.
  for (const { menu, amount, done } of [
    { menu: 'Dépôt', amount: 125.75, done: 'Dépôt réalisé avec succès' },
    { menu: 'Retrait', amount: 23.05, done: 'Retrait réalisé avec succès' },
  ]) {
    await s.menu(menu);
    await s.heading(menu);
    await s.check(`${menu} (compte)`);
    await s.findAccount('Numéro de compte', account);
    await s.next(2, 3);
    await s.fillParty(customer, amount.toFixed(2).replace('.', ','));
    await s.check(`${menu} (client au guichet)`);
    await s.next(3, 3);
    await expect(s.valueIn(page.getByRole('region', { name: s.t('Frais et total') }), 'Montant')).toHaveText(
      htg(amount),
    );
    await s.check(`${menu} (confirmation)`);
    await page.getByRole('button', { name: s.t('Enregistrer'), exact: true }).click();
    await expect(page.getByText(s.t(done))).toBeVisible();
    await expect(s.valueIn(s.receipt(), 'Montant', s.receiptLanguage)).toHaveText(htg(amount));
    await s.printReceipt(menu);
  }

  // A transfer of 30 HTG to another customer's account.
  await s.menu('Transfert');
  await s.heading('Transfert');
  await s.findAccount('Compte expéditeur', account);
  await s.check('Transfert (expéditeur)');
  await s.next(2, 4);
  await s.findAccount('Compte bénéficiaire', neighbourAccount);
  await s.check('Transfert (bénéficiaire)');
  await s.next(3, 4);
  await s.fillParty(customer, '30');
  await s.next(4, 4);
  await s.check('Transfert (confirmation)');
  await page.getByRole('button', { name: s.t('Enregistrer'), exact: true }).click();
  await expect(page.getByText(s.t('Transfert réalisé avec succès'))).toBeVisible();
  await s.printReceipt('Transfert');

  // A cash send of 250,10 HTG (fee 15, paid in cash on top).
  await s.menu('Effectuer');
  await expect(page.getByRole('heading', { name: s.t('Effectuer un transfert externe') })).toBeVisible();
  await s.check('/transfer-extern (expéditeur)');
  await s.pickPerson(customer.lastName, new RegExp(customer.lastName, 'i'));
  await expect(page.getByRole('region', { name: s.t('Expéditeur choisi') })).toBeVisible();
  await s.next(2, 4);
  await page.getByRole('textbox', { name: s.t('Prénom') }).fill(recipient.firstName);
  await page.getByRole('textbox', { name: s.t('Nom'), exact: true }).fill(recipient.lastName);
  await page.getByRole('textbox', { name: s.t('Téléphone') }).fill(recipient.phoneNumber);
  await s.check('/transfer-extern (bénéficiaire)');
  await s.next(3, 4);
  await s.fillParty(customer, '250,10');
  await expect(s.valueIn(page.getByRole('region', { name: s.t('Frais et total') }), 'Frais')).toHaveText(
    htg(15),
  );
  await s.next(4, 4);
  await s.check('/transfer-extern (confirmation)');
  await page.getByRole('button', { name: s.t('Enregistrer'), exact: true }).click();
  await expect(page.getByRole('heading', { name: s.t('Transfert envoyé') })).toBeVisible();
  const codePattern = trPattern('Code de retrait {code}', language);
  const label = (await page.getByRole('group', { name: codePattern }).getAttribute('aria-label')) ?? '';
  const code = (codePattern.exec(label)?.[1] ?? '').replace(/\s/g, '');
  expect(code).toMatch(/^\d{12}$/);
  const grouped = code.replace(/(\d{3})(?=\d)/g, '$1 ');
  allow.push(code, grouped);
  await expect(s.valueIn(s.receipt(), 'Code de retrait', s.receiptLanguage)).toHaveText(grouped);
  await s.check('/transfer-extern (envoyé)');
  await s.printReceipt('/transfer-extern');

  // Another agent's teller pays it out, on her screens in the same language.
  await payOut(browser, lajan, language, paying, allow, { grouped, amount: 250.1, recipient });

  // The history, and a receipt printed again from it.
  await s.menu('Historique');
  const history = page.getByRole('table', { name: s.t("Transactions, les plus récentes d'abord") });
  // The header and at least the deposit, the withdrawal, the transfer and the cash send.
  await expect(history.getByRole('row').nth(4)).toBeVisible();
  await s.check('/transaction/history');
  await history
    .getByRole('button', { name: trPattern('Réimprimer le reçu {transactionNumber}', language) })
    .first()
    .click();
  await s.printReceipt('/transaction/history');

  // The drawer closed: 2 500 + 125,75 − 23,05 + 265,10 = 2 867,80, counted to the centime.
  await s.menu('Ma caisse');
  await s.heading('Ma caisse');
  const closing = {
    'Billet de 1 000 HTG': 2,
    'Billet de 500 HTG': 1,
    'Billet de 250 HTG': 1,
    'Billet de 100 HTG': 1,
    'Billet de 10 HTG': 1,
    'Pièce de 5 HTG': 1,
    'Pièce de 1 HTG': 2,
    'Pièce de 50 centimes': 1,
    'Pièce de 20 centimes': 1,
    'Pièce de 10 centimes': 1,
  };
  for (const [denomination, pieces] of Object.entries(closing)) {
    await page.getByLabel(s.t(denomination), { exact: true }).fill(String(pieces));
  }
  await s.check('/drawer (comptage de clôture)');
  await page.getByRole('button', { name: s.t('Fermer la caisse') }).click();
  const closeConfirm = page.getByRole('dialog', { name: s.t('Fermer la caisse ?') });
  await expect(closeConfirm).toContainText(htg(2867.8));
  await s.check('/drawer (confirmation de clôture)');
  await closeConfirm.getByRole('button', { name: s.t('Fermer avec ce comptage') }).click();
  const ticket = page.getByRole('region', { name: s.t('Ticket de caisse') });
  await expect(s.valueIn(ticket, 'Attendu')).toHaveText(htg(2867.8));
  await s.check('/drawer (ticket)');
}

async function administratorJourney(page: Page, lajan: Lajan, language: ScreenLanguage) {
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Jacmel', 'jacmel');
  await root.post('/api/agents/deposit', { code: agent.code, party: TREASURY, amount: 100_000 });
  const holder = newPerson();
  const person = await agent.teller.post<{ data: { id: string } }>('/api/persons', holder);
  const { accountNumber } = (
    await agent.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
      type: 'current',
      currency: 'HTG',
      personIds: [person.data.id],
    })
  ).data;
  const party = {
    name: `${holder.firstName} ${holder.lastName}`,
    idDocumentType: holder.idDocumentType,
    idDocumentNumber: holder.idDocumentNumber,
  };
  await agent.teller.post('/api/transactions/deposit', { accountNumber, party, amount: 20_000 });
  await agent.teller.post('/api/transactions/withdraw', { accountNumber, party, amount: 1500 });
  // The teller's drawer closed about 1 500 HTG short, for the administrator to acknowledge.
  await agent.teller.post('/api/drawer/close', { counts: { '1000': 17 } });
  const newTeller = newPerson({ firstName: 'Wilner', lastName: 'Charles' });
  await agent.admin.post('/api/persons', newTeller);
  const allow: Allowed[] = [
    ...setUpData,
    ...[holder, newTeller].flatMap(dataOf),
    accountNumber,
    agent.tellerUsername,
    'caisse.jacmel2',
    /gerant\.\w+/,
  ];
  await speak(page, language, [agent.admin]);
  await catchPrints(page);
  const s = new Screens(page, language, allow);
  await s.signIn('gerant.jacmel', 'Gerant-Lajan-2026');

  // Tellers: one created for a person the administrator registered, then the list of users.
  await s.menu('Créer un utilisateur');
  await s.check('/create-user');
  await s.pickPerson('Charles', /Wilner CHARLES/);
  await page.getByRole('button', { name: s.t('Suivant') }).click();
  await page.getByLabel(s.t('Rôle')).selectOption('user');
  await page.getByLabel(s.t("Nom d'utilisateur")).fill('caisse.jacmel2');
  await s.check('/create-user (compte)');
  await page.getByRole('button', { name: s.t('Suivant') }).click();
  await s.check('/create-user (confirmation)');
  await page.getByRole('button', { name: s.t('Enregistrer'), exact: true }).click();
  await expect(page.getByText(s.t('Utilisateur créé avec succès'))).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('row').filter({ hasText: 'caisse.jacmel2' })).toContainText(s.t('Caissier'));
  await s.check('/users');
  await s.menu('Liste des utilisateurs');
  await page.getByRole('link', { name: agent.tellerUsername }).first().click();
  await expect(page.getByText(agent.tellerUsername).first()).toBeVisible();
  await s.check('/users/:username');

  // Drawers: the short one acknowledged, its ticket.
  await s.menu('Caisses');
  await s.heading('Caisses des caissiers');
  await s.check('/drawers');
  await page.getByRole('button', { name: s.t('Valider l’écart') }).click();
  await expect(
    page.getByText(trPattern('Écart validé par {username}', language, {}, { exact: false })),
  ).toBeVisible();
  await s.check('/drawers (écart validé)');
  await page.getByRole('link', { name: s.t('Voir le ticket') }).click();
  await expect(page.getByRole('region', { name: s.t('Ticket de caisse') })).toBeVisible();
  await s.check('/drawer/sessions/:id');

  // Reports: the commissions, the customer's account statement, the float's statement.
  await s.menu('Relevé de commissions');
  const byType = page.getByRole('table', { name: s.t("Par type d'opération") });
  await expect(byType.getByRole('row', { name: new RegExp(`^${s.t('Retrait')}`) })).toBeVisible();
  await s.check('/reports/commissions');
  await page.goto(`/reports/account-statement?account=${accountNumber}`);
  await expect(page.getByRole('heading', { name: s.t('Relevé de compte') })).toBeVisible();
  await expect(page.getByText(s.t('Solde de clôture'), { exact: true })).toBeVisible();
  await s.check('/reports/account-statement');
  await s.menu('Relevé du float');
  await expect(page.getByRole('heading', { name: s.t('Relevé du float') })).toBeVisible();
  await expect(page.getByRole('table', { name: s.t('Mouvements') }).getByRole('row')).not.toHaveCount(0);
  await s.check('/reports/float-statement');
}

// LAJAN_LANGUAGES=fr runs the journeys in French, as the other specs do: a check of the journeys themselves.
const journeyLanguages = (process.env.LAJAN_LANGUAGES ?? 'ht,pseudo').split(',') as ScreenLanguage[];

for (const language of journeyLanguages) {
  test.describe(`in ${language}`, () => {
    test(`a teller’s day: drawer, customer, account, deposit, withdrawal, transfer, cash send and pay-out, history, receipts (${language})`, async ({
      page,
      browser,
      lajan,
    }) => {
      test.setTimeout(240_000);
      await tellerJourney(page, browser, lajan, language);
    });

    test(`an administrator’s tellers, drawers and reports (${language})`, async ({ page, lajan }) => {
      test.setTimeout(180_000);
      await administratorJourney(page, lajan, language);
    });
  });
}

/** The deposit's answer, as the page received it. */
async function depositAnswer(response: Promise<Response>): Promise<{ data: Record<string, unknown> }> {
  return (await (await response).json()) as { data: Record<string, unknown> };
}

test('a teller in French prints a French customer’s receipt in French, and a Kreyòl customer’s in Kreyòl', async ({
  page,
  lajan,
}) => {
  test.setTimeout(180_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Jérémie', 'jeremie');
  await root.post('/api/agents/deposit', { code: agent.code, party: TREASURY, amount: 10000 });
  const customers = {
    ht: newPerson({ firstName: 'Fabienne', lastName: 'Dorsainvil', preferredLanguage: 'ht' }),
    fr: newPerson({ firstName: 'Claudette', lastName: 'Moïse', preferredLanguage: 'fr' }),
  };
  const accounts: Record<string, string> = {};
  for (const [language, card] of Object.entries(customers)) {
    const person = await agent.teller.post<{ data: { id: string; preferredLanguage?: string } }>(
      '/api/persons',
      card,
    );
    expect(person.data.preferredLanguage, 'la langue préférée de la cliente (décision 237)').toBe(language);
    accounts[language] = (
      await agent.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
        type: 'current',
        currency: 'HTG',
        personIds: [person.data.id],
      })
    ).data.accountNumber;
  }
  const allow: Allowed[] = [
    ...setUpData,
    ...Object.values(customers).flatMap(dataOf),
    ...Object.values(accounts),
    agent.tellerUsername,
  ];
  await speak(page, 'fr', [agent.teller]);
  await catchPrints(page);
  const s = new Screens(page, 'fr', allow);
  await s.signIn(agent.tellerUsername, agent.tellerPassword);

  for (const receiptLanguage of ['fr', 'ht'] as const) {
    const customer = customers[receiptLanguage];
    await s.menu('Dépôt');
    await s.findAccount('Numéro de compte', accounts[receiptLanguage]!);
    await s.next(2, 3);
    await s.fillParty(customer, '100');
    await s.next(3, 3);
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith('/api/transactions/deposit'),
    );
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    const { data } = await depositAnswer(answer);
    if (typeof data.transactionNumber === 'string') allow.push(data.transactionNumber);
    expect
      .soft(
        data.receiptLanguage,
        'receiptLanguage : la langue du reçu dans la réponse du dépôt (issue 45), absente de main pour l’instant',
      )
      .toBe(receiptLanguage);
    await expect(page.getByText('Dépôt réalisé avec succès')).toBeVisible();

    // The receipt in the customer's language, the panel and the screen around it in the teller's.
    const panel = s.receipt();
    const printed = panel.locator(PRINTED);
    await expect(s.valueIn(printed, 'Montant', receiptLanguage)).toHaveText(htg(100));
    await expectNoForeignText(printed, receiptLanguage, {
      allow,
      where: `reçu de la cliente (${receiptLanguage})`,
    });
    await s.check(`écran du caissier (fr), reçu ${receiptLanguage} à côté`);
    // What the printer receives: the receipt alone, in her language.
    await page.emulateMedia({ media: 'print' });
    await expect(printed).toBeVisible();
    await expectNoForeignText(page, receiptLanguage, {
      allow,
      where: `page imprimée (${receiptLanguage})`,
      printed: true,
    });
    await page.emulateMedia({ media: 'screen' });
    const before = await s.printed();
    await panel.getByRole('button', { name: 'Imprimer' }).click();
    expect(await s.printed()).toBe(before + 1);
  }
});

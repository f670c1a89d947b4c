import type { Page } from '@playwright/test';
import { Api, newPerson, setUpAgent } from './support/api.js';
import { expect, test, type Lajan } from './support/lajan.js';
import { TcpProxy } from './support/proxy.js';

/*
 * Issue 15, items 3 and 4 (decision 147), with the server really out of reach: the browser talks to it
 * through a TCP proxy that the test stops, so that the service worker's own requests fail too.
 */

type PersonValues = ReturnType<typeof newPerson>;
const BANNER = 'Opération en attente de confirmation';

interface World {
  root: Api;
  teller: Api;
  account: string;
  holder: PersonValues;
  proxy: TcpProxy;
}

async function world(lajan: Lajan, slug: string): Promise<World> {
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, `Kay Lajan ${slug}`, slug);
  await root.post('/api/agents/deposit', {
    code: agent.code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount: 10000,
  });
  const holder = newPerson({ firstName: 'Roseline', lastName: 'Pierre' });
  const person = await agent.teller.post<{ data: { id: string } }>('/api/persons', holder);
  const opened = await agent.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
    type: 'current',
    currency: 'HTG',
    personIds: [person.data.id],
  });
  const proxy = await TcpProxy.start(Number(new URL(lajan.url).port));
  return { root, teller: agent.teller, account: opened.data.accountNumber, holder, proxy };
}

/** Signs the teller in on the proxy's origin and waits for the service worker to control the page. */
async function openApp(page: Page, w: World): Promise<void> {
  await page.goto(`${w.proxy.url}/login`);
  await page.evaluate((token) => localStorage.setItem('access_token', token), w.teller.token);
  await page.goto(`${w.proxy.url}/`);
  await expect(page.getByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
  // The browser's navigator (this file is typed without the DOM library).
  const controlled = () =>
    (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator
      .serviceWorker.controller !== null;
  await page.waitForFunction(controlled, undefined, { timeout: 30_000 });
}

/** A deposit up to its confirmation step, while the server still answers. */
async function prepareDeposit(page: Page, w: World, amount: number): Promise<void> {
  await page.goto(`${w.proxy.url}/transaction/deposit`);
  await expect(page.getByRole('heading', { name: 'Dépôt', exact: true })).toBeVisible();
  const search = page.getByRole('search', { name: 'Numéro de compte' });
  await search.getByRole('textbox', { name: 'Numéro de compte' }).fill(w.account);
  await search.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText(w.account, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.getByRole('textbox', { name: 'Nom complet' }).fill(`${w.holder.firstName} ${w.holder.lastName}`);
  await page.getByRole('combobox', { name: 'Type de document' }).selectOption(w.holder.idDocumentType);
  await page.getByRole('textbox', { name: 'Numéro de document' }).fill(w.holder.idDocumentNumber);
  await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill(String(amount));
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page.getByRole('region', { name: 'Frais et total' })).toBeVisible();
}

/** The keys the page sent deposits with (a request that found no server has its headers too). */
function depositKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/transactions/deposit'))
      keys.push(request.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

async function depositsInLedger(teller: Api): Promise<number> {
  const history = await teller.get<{ pagination: { total: number } }>(
    '/api/transactions/history?type=deposit',
  );
  return history.pagination.total;
}

test('offline: the app reloads without the server, a confirmed deposit is held across the reload and posted once when the server is back', async ({
  page,
  lajan,
}) => {
  test.setTimeout(120_000);
  const w = await world(lajan, 'jacmel');
  const keys = depositKeys(page);
  try {
    await openApp(page, w);
    await prepareDeposit(page, w, 1250);

    await w.proxy.stop();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const banner = page.getByRole('region', { name: BANNER });
    await expect(banner).toContainText('Dépôt de 1 250,00 HTG');
    await expect(banner).toContainText(w.account);
    await expect(page.getByText('Hors ligne', { exact: true })).toBeVisible();
    expect(await depositsInLedger(w.teller)).toBe(0);

    // A reload with no server: the service worker answers the app, which says it is offline and
    // brings the held operation back from IndexedDB.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dépôt', exact: true })).toBeVisible();
    await expect(page.getByText('Hors ligne', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: BANNER })).toContainText('Dépôt de 1 250,00 HTG');

    // The dashboard opens too, its lists saying they could not be fetched rather than loading forever.
    await page.goto(`${w.proxy.url}/`);
    await expect(page.getByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: BANNER })).toBeVisible();

    // The server is back: Renvoyer posts it, with the same key, once.
    await w.proxy.start();
    await page.getByRole('region', { name: BANNER }).getByRole('button', { name: 'Renvoyer' }).click();
    await expect(page.getByText('Opération enregistrée.')).toBeVisible();
    await expect(page.getByRole('region', { name: BANNER })).toHaveCount(0);
    await expect(page.getByText('Hors ligne', { exact: true })).toHaveCount(0);
    expect(await depositsInLedger(w.teller)).toBe(1);
    expect(new Set(keys).size).toBe(1);

    // Sending it again by hand with that key posts nothing more.
    const again = await fetch(`${lajan.url}/api/transactions/deposit`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${w.teller.token}`,
        'content-type': 'application/json',
        'idempotency-key': keys[0]!,
      },
      body: JSON.stringify({
        accountNumber: w.account,
        party: {
          name: `${w.holder.firstName} ${w.holder.lastName}`,
          idDocumentType: w.holder.idDocumentType,
          idDocumentNumber: w.holder.idDocumentNumber,
        },
        amount: 1250,
        // The quote's fee version, which the web sends with its confirmation (decision 153): the same input.
        feeVersion: 1,
      }),
    });
    expect(again.status).toBe(201);
    expect(await depositsInLedger(w.teller)).toBe(1);
  } finally {
    await w.proxy.stop();
  }
});

test('offline: a deposit held while the server is down is abandoned at the teller’s word (another user never sees it), and its key is refused after', async ({
  page,
  lajan,
}) => {
  test.setTimeout(120_000);
  const w = await world(lajan, 'hinche');
  const keys = depositKeys(page);
  try {
    await openApp(page, w);
    await prepareDeposit(page, w, 800);
    await w.proxy.stop();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('region', { name: BANNER })).toContainText('Dépôt de 800,00 HTG');

    await w.proxy.start();
    // Another user of this browser never sees it; its own teller finds it again.
    await page.evaluate((token) => localStorage.setItem('access_token', token), w.root.token);
    await page.goto(`${w.proxy.url}/`);
    await expect(page.getByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
    await expect(page.getByText('Super administrateur').first()).toBeVisible();
    await expect(page.getByRole('region', { name: BANNER })).toHaveCount(0);
    await page.evaluate((token) => localStorage.setItem('access_token', token), w.teller.token);
    await page.goto(`${w.proxy.url}/transaction/deposit`);
    await expect(page.getByRole('region', { name: BANNER })).toContainText('Dépôt de 800,00 HTG');

    await page.getByRole('region', { name: BANNER }).getByRole('button', { name: 'Vérifier' }).click();
    await expect(page.getByText(/Le serveur ne connaît pas cette opération/)).toBeVisible();
    await page.getByRole('region', { name: BANNER }).getByRole('button', { name: 'Abandonner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Abandonner cette opération ?' });
    await dialog.getByRole('button', { name: "Abandonner l'opération" }).click();
    await expect(page.getByText("Opération abandonnée : elle n'a pas été enregistrée.")).toBeVisible();
    await expect(page.getByRole('region', { name: BANNER })).toHaveCount(0);

    // After a reload it is gone for good.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dépôt', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: BANNER })).toHaveCount(0);

    const late = await fetch(`${lajan.url}/api/transactions/deposit`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${w.teller.token}`,
        'content-type': 'application/json',
        'idempotency-key': keys[0]!,
      },
      body: JSON.stringify({
        accountNumber: w.account,
        party: {
          name: `${w.holder.firstName} ${w.holder.lastName}`,
          idDocumentType: w.holder.idDocumentType,
          idDocumentNumber: w.holder.idDocumentNumber,
        },
        amount: 800,
      }),
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'OPERATION_ABANDONED' });
    expect(await depositsInLedger(w.teller)).toBe(0);
  } finally {
    await w.proxy.stop();
  }
});

test('offline: two deposits held while the server was down are sent in turn by Tout renvoyer, each once with its own key', async ({
  page,
  lajan,
}) => {
  test.setTimeout(120_000);
  const w = await world(lajan, 'cayes');
  const keys = depositKeys(page);
  try {
    await openApp(page, w);
    for (const amount of [600, 700]) {
      await prepareDeposit(page, w, amount);
      await w.proxy.stop();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByRole('region', { name: BANNER })).toContainText(`Dépôt de ${amount},00 HTG`);
      await w.proxy.start();
    }

    await expect(page.getByText('Hors ligne', { exact: true })).toHaveCount(0, { timeout: 15_000 });
    const banner = page.getByRole('region', { name: BANNER });
    await banner.getByRole('button', { name: 'Tout renvoyer' }).click();
    const summary = page.getByRole('dialog', { name: 'Envoi terminé' });
    await expect(summary).toContainText('Les 2 opérations ont été enregistrées.');
    await page.keyboard.press('Escape');
    await expect(summary).toHaveCount(0);
    await expect(banner).toHaveCount(0);
    expect(await depositsInLedger(w.teller)).toBe(2);
    // Each key was sent twice (held, then resent), the two never the same.
    expect(new Set(keys).size).toBe(2);
    expect(keys).toHaveLength(4);
  } finally {
    await w.proxy.stop();
  }
});

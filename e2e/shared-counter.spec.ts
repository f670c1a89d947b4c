import type { Page } from '@playwright/test';
import { Api, newPerson, setUpAgent, temporaryPassword } from './support/api.js';
import { expect, test } from './support/lajan.js';
import { TcpProxy } from './support/proxy.js';
import { signOut } from './support/ui.js';

/*
 * Issue 39, finding 5 (decision 202): one browser profile at a shared counter, two tellers. What the
 * browser keeps of a held operation is sealed under its teller's key: the next teller finds nothing
 * readable and nothing to send; the first finds her operation again at her next sign-in.
 */

const BANNER = 'Opération en attente de confirmation';

/** The little of the browser's IndexedDB and WebCrypto these checks use (this file has no DOM types). */
interface Request<T> {
  result: T;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface Idb {
  open: (name: string) => Request<{
    objectStoreNames: { contains: (name: string) => boolean };
    transaction: (
      store: string,
      mode: 'readonly',
    ) => { objectStore: (name: string) => { getAll: () => Request<unknown[]> } };
  }>;
}
interface Subtle {
  importKey: (...args: unknown[]) => Promise<unknown>;
  decrypt: (...args: unknown[]) => Promise<ArrayBuffer>;
}

async function signInAt(page: Page, origin: string, username: string, password: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Nom d'utilisateur").fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: /connexion|se connecter/i }).click();
  await expect(page.getByRole('heading', { name: 'Tableau de Bord', level: 1 })).toBeVisible();
}

/** Everything this origin keeps in IndexedDB's held operations and in localStorage, as text. */
function browserStorage(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const g = globalThis as unknown as {
      indexedDB: Idb;
      localStorage: {
        length: number;
        key: (i: number) => string | null;
        getItem: (k: string) => string | null;
      };
    };
    const records = await new Promise<unknown[]>((resolve) => {
      const open = g.indexedDB.open('lajan-operations');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('pending')) return resolve([]);
        const all = db.transaction('pending', 'readonly').objectStore('pending').getAll();
        all.onsuccess = () => resolve(all.result);
      };
      open.onerror = () => resolve([]);
    });
    const local: Record<string, string | null> = {};
    for (let i = 0; i < g.localStorage.length; i += 1) {
      const key = g.localStorage.key(i);
      if (key) local[key] = g.localStorage.getItem(key);
    }
    return JSON.stringify({ records, local });
  });
}

/**
 * What teller B can make of the held records with everything her session gives her: her own storage key
 * from the server and the records' bodies. Returns the bodies she could read (and so send).
 */
function readableBy(page: Page, token: string): Promise<unknown[]> {
  return page.evaluate(async (bearer) => {
    const g = globalThis as unknown as { indexedDB: Idb; crypto: { subtle: Subtle } };
    const records = await new Promise<Record<string, unknown>[]>((resolve) => {
      const open = g.indexedDB.open('lajan-operations');
      open.onsuccess = () => {
        const all = open.result.transaction('pending', 'readonly').objectStore('pending').getAll();
        all.onsuccess = () => resolve(all.result as Record<string, unknown>[]);
      };
    });
    const answer = await fetch('/api/auth/storage-key', { headers: { authorization: `Bearer ${bearer}` } });
    const { data } = (await answer.json()) as { data: { key: string } };
    const raw = Uint8Array.from(atob(data.key.replace(/-/g, '+').replace(/_/g, '/') + '='), (c) =>
      c.charCodeAt(0),
    );
    const key = await g.crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
    const bytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const readable: unknown[] = [];
    for (const record of records) {
      if (record.body) readable.push(record.body);
      const content = record.content as { iv: string; data: string } | undefined;
      if (!content) continue;
      try {
        const clear = await g.crypto.subtle.decrypt(
          {
            name: 'AES-GCM',
            iv: bytes(content.iv),
            additionalData: new TextEncoder().encode(`${String(record.userId)}\0${String(record.key)}`),
          },
          key,
          bytes(content.data),
        );
        readable.push(new TextDecoder().decode(clear));
      } catch {
        // Not hers.
      }
    }
    return readable;
  }, token);
}

test('a shared counter: after « Garder et se déconnecter », the next teller finds nothing readable nor sendable; the first finds her deposit and sends it', async ({
  page,
  lajan,
}) => {
  test.setTimeout(180_000);
  const root = await Api.superAdmin(lajan);
  const agent = await setUpAgent(lajan, root, 'Kay Lajan Gonaïves', 'gonaives');
  await root.post('/api/agents/deposit', {
    code: agent.code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount: 10000,
  });
  // Teller B, a colleague of the same agent, on the same browser profile.
  const colleague = newPerson();
  const colleaguePerson = await agent.admin.post<{ data: { id: string } }>('/api/persons', colleague);
  await agent.admin.post('/api/users', {
    role: 'user',
    username: 'caisse.gonaives.b',
    personId: colleaguePerson.data.id,
  });
  const tellerB = await Api.activate(
    lajan,
    'caisse.gonaives.b',
    await temporaryPassword(lajan, colleague.email, 'caisse.gonaives.b'),
    'Caisse-B-Lajan-2026',
  );
  const holder = newPerson({ firstName: 'Anaïse', lastName: 'Dorsainvil' });
  const person = await agent.teller.post<{ data: { id: string } }>('/api/persons', holder);
  const opened = await agent.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
    type: 'current',
    currency: 'HTG',
    personIds: [person.data.id],
  });
  const account = opened.data.accountNumber;
  const personal = [holder.lastName, holder.idDocumentNumber, account];

  const proxy = await TcpProxy.start(Number(new URL(lajan.url).port));
  try {
    // Teller A confirms a deposit while the server does not answer: it is held.
    await signInAt(page, proxy.url, agent.tellerUsername, agent.tellerPassword);
    await page.goto(`${proxy.url}/transaction/deposit`);
    const search = page.getByRole('search', { name: 'Numéro de compte' });
    await search.getByRole('textbox', { name: 'Numéro de compte' }).fill(account);
    await search.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page.getByText(account, { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await page.getByRole('textbox', { name: 'Nom complet' }).fill(`${holder.firstName} ${holder.lastName}`);
    await page.getByRole('combobox', { name: 'Type de document' }).selectOption(holder.idDocumentType);
    await page.getByRole('textbox', { name: 'Numéro de document' }).fill(holder.idDocumentNumber);
    await page.getByRole('textbox', { name: 'Montant (HTG)' }).fill('1750');
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page.getByRole('region', { name: 'Frais et total' })).toBeVisible();
    await proxy.stop();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByRole('region', { name: BANNER })).toContainText('Dépôt de 1 750,00 HTG');
    await expect(page.getByRole('region', { name: BANNER })).toContainText(account);

    // The server is back; teller A keeps it and signs out.
    await proxy.start();
    await signOut(page);
    await page
      .getByRole('dialog', { name: 'Une opération attend encore sa confirmation' })
      .getByRole('button', { name: 'Garder et se déconnecter' })
      .click();
    await expect(page).toHaveURL(/\/login$/);

    // Teller B signs in on the same profile: no banner, nothing of the customer in the browser's storage,
    // and her own key opens nothing of A's.
    await signInAt(page, proxy.url, 'caisse.gonaives.b', 'Caisse-B-Lajan-2026');
    await page.goto(`${proxy.url}/transaction/deposit`);
    await expect(page.getByRole('heading', { name: 'Dépôt', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: BANNER })).toHaveCount(0);
    const kept = await browserStorage(page);
    // Its trace stays (the banner of A's next sign-in says it is held even before the server answers).
    expect(kept).toContain('"records":[{');
    for (const value of personal) expect(kept).not.toContain(value);
    expect(await readableBy(page, tellerB.token)).toEqual([]);
    expect(
      (await tellerB.get<{ pagination: { total: number } }>('/api/transactions/history?type=deposit'))
        .pagination.total,
    ).toBe(0);
    await signOut(page);
    await expect(page).toHaveURL(/\/login$/);

    // Teller A signs in again: her deposit is whole, and she sends it.
    await signInAt(page, proxy.url, agent.tellerUsername, agent.tellerPassword);
    const banner = page.getByRole('region', { name: BANNER });
    await expect(banner).toContainText('Dépôt de 1 750,00 HTG');
    await expect(banner).toContainText(account);
    await banner.getByRole('button', { name: 'Renvoyer' }).click();
    await expect(page.getByText('Opération enregistrée.')).toBeVisible();
    await expect(banner).toHaveCount(0);
    // A's sign-outs ended the set-up's token: a session of its own for the check.
    const tellerA = await Api.signIn(lajan, agent.tellerUsername, agent.tellerPassword);
    const history = await tellerA.get<{ pagination: { total: number } }>(
      '/api/transactions/history?type=deposit',
    );
    expect(history.pagination.total).toBe(1);
  } finally {
    await proxy.stop();
  }
});

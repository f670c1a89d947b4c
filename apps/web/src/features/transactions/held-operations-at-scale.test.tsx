import { act, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  formatHtg,
  PENDING_RESEND_LIMIT_MS,
  pendingOperationSummary,
  pendingOperationTrace,
} from '@lajan/domain';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { sealerSourceOf } from '../../test/storage-keys';
import { makeToken } from '../../test/tokens';
import { serveEmptyDashboard, transactionAnswer } from '../../test/transactions';
import { teller } from '../../test/users';
import { createPendingStore, type PendingOperation } from '../../lib/pending-operations';

/*
 * Decision 151: several held operations sent in turn ("Tout renvoyer"), and what is kept of one once the
 * resend limit has passed (its personal data dropped, in IndexedDB too).
 */

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
  serveEmptyDashboard(api);
  // Asked once at start when an operation is held (decision 147).
  api.on('GET /health', { body: { status: 'ok' } });
});
afterEach(async () => {
  await api.close();
});

const banner = () => screen.findByRole('region', { name: 'Opération en attente de confirmation' });

/** A deposit held by the teller, as the money form writes it (decision 147). */
function heldDeposit(n: number, confirmedAt = new Date(Date.now() - (10 - n) * 60_000)): PendingOperation {
  const body = {
    accountNumber: `4091234567${n}`,
    amount: 1000 + n,
    party: {
      name: `Client ${n} Joseph`,
      idDocumentType: 'id_card',
      idDocumentNumber: `003-456-78${n}`,
      phone: '+50934561234',
    },
  };
  return {
    key: `00000000-0000-4000-8000-00000000000${n}`,
    userId: teller.id,
    path: '/transactions/deposit',
    body,
    summary: pendingOperationSummary('deposit', body),
    trace: pendingOperationTrace('deposit', body),
    confirmedAt: confirmedAt.toISOString(),
  };
}

async function openWithHeld(operations: PendingOperation[], options: { httpTimeoutMs?: number } = {}) {
  const rendered = renderApp({ path: '/', token: makeToken(teller), apiBaseUrl: api.baseUrl, ...options });
  await screen.findByRole('heading', { name: 'Tableau de Bord', level: 1 }, { timeout: 5000 });
  for (const operation of operations) await act(() => rendered.app.pending.hold(operation));
  return rendered;
}

const depositPosts = () => api.requests.filter((request) => request.path === '/transactions/deposit');

describe('Tout renvoyer (decision 151)', () => {
  it('sends them one after the other with their own keys, goes on after a refusal and sums up', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    let release: (() => void) | null = null;
    api.on('POST /transactions/deposit', async (request) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      // The first is held until the test has read the progress.
      if (depositPosts().length === 1) await new Promise<void>((resolve) => (release = resolve));
      inFlight -= 1;
      const key = request.headers['idempotency-key'];
      if (key === heldDeposit(2).key)
        return {
          status: 422,
          body: { message: 'Solde insuffisant', code: 'INSUFFICIENT_FUNDS' },
        };
      return transactionAnswer({
        transactionNumber: key === heldDeposit(1).key ? '10000000017' : '10000000033',
      });
    });
    const { user } = await openWithHeld([heldDeposit(3), heldDeposit(1), heldDeposit(2)]);

    await user.click(within(await banner()).getByRole('button', { name: 'Tout renvoyer' }));
    expect(await within(await banner()).findByText('Envoi 1 sur 3…')).toBeVisible();
    await waitFor(() => expect(release).not.toBeNull());
    (release as unknown as () => void)();

    const summary = await screen.findByRole('dialog', { name: 'Envoi terminé' });
    expect(summary).toHaveTextContent('2 enregistrées sur 3.');
    expect(summary).toHaveTextContent('Enregistrée, transaction n° 10000000017');
    expect(summary).toHaveTextContent('Refusée : Solde insuffisant');
    expect(summary).toHaveTextContent('Enregistrée, transaction n° 10000000033');
    // In the order they were confirmed, each with its own key and its own body, never two at once.
    expect(depositPosts().map((request) => request.headers['idempotency-key'])).toEqual(
      [1, 2, 3].map((n) => heldDeposit(n).key),
    );
    expect(depositPosts().map((request) => request.body)).toEqual([1, 2, 3].map((n) => heldDeposit(n).body));
    expect(mostInFlight).toBe(1);
    // Each answered one is no longer held (the refused one too: nothing was posted, the summary says why).
    expect(screen.queryByText(/Client \d Joseph/, { ignore: '[role=dialog] *' })).toBeNull();

    // The keyboard closes the summary.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Envoi terminé' })).toBeNull());
    expect(screen.queryByRole('region', { name: 'Opération en attente de confirmation' })).toBeNull();
  });

  it('stops at the first operation without an answer and keeps the rest held, unsent', async () => {
    api.on('POST /transactions/deposit', { hang: true });
    const { user } = await openWithHeld([heldDeposit(1), heldDeposit(2), heldDeposit(3)], {
      httpTimeoutMs: 300,
    });
    await user.click(within(await banner()).getByRole('button', { name: 'Tout renvoyer' }));
    const summary = await screen.findByRole('dialog', { name: 'Envoi terminé' });
    expect(summary).toHaveTextContent('0 enregistrée sur 3.');
    expect(within(summary).getAllByText('Sans réponse : elle reste en attente.')).toHaveLength(1);
    expect(
      within(summary).getAllByText('Pas envoyée, le serveur ne répondant plus : elle reste en attente.'),
    ).toHaveLength(2);
    expect(depositPosts()).toHaveLength(1);
    // The summary's own button at its foot (the dialog's × is named "Fermer" too).
    const closeButtons = within(summary).getAllByRole('button', { name: 'Fermer' });
    await waitFor(() => expect(closeButtons.at(-1)).toHaveFocus());
    await user.click(closeButtons.at(-1) as HTMLElement);
    const held = await banner();
    expect(within(held).getAllByRole('button', { name: 'Renvoyer' })).toHaveLength(3);
  });

  it('never sends one past the resend limit: it says to look in the history', async () => {
    api.on('POST /transactions/deposit', (request) =>
      transactionAnswer({
        transactionNumber: request.headers['idempotency-key'] === heldDeposit(2).key ? '10000000025' : '1',
      }),
    );
    const old = heldDeposit(1, new Date(Date.now() - PENDING_RESEND_LIMIT_MS - 60_000));
    const { user } = await openWithHeld([old, heldDeposit(2)]);
    await user.click(within(await banner()).getByRole('button', { name: 'Tout renvoyer' }));
    const summary = await screen.findByRole('dialog', { name: 'Envoi terminé' });
    expect(summary).toHaveTextContent('1 enregistrée sur 2.');
    expect(summary).toHaveTextContent(
      'Pas renvoyée, confirmée il y a trop longtemps : cherchez-la dans l’historique.',
    );
    expect(depositPosts().map((request) => request.headers['idempotency-key'])).toEqual([heldDeposit(2).key]);
    // Its receipt is one click away.
    await user.click(within(summary).getByRole('button', { name: /Voir le reçu/ }));
    expect(await screen.findByRole('button', { name: /Imprimer/ })).toBeVisible();
  });
});

/** The records of the held operations as IndexedDB holds them. */
async function storedRecords(factory: IDBFactory): Promise<unknown[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open('lajan-operations', 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
  try {
    return await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction('pending', 'readonly').objectStore('pending').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
    });
  } finally {
    db.close();
  }
}

describe('a held operation past the resend limit (decision 151)', () => {
  it('is loaded without its personal data, which is deleted from IndexedDB, and can still be checked', async () => {
    const factory = new IDBFactory();
    const old = heldDeposit(1, new Date(Date.now() - PENDING_RESEND_LIMIT_MS - 60_000));
    const fresh = heldDeposit(2);
    const earlier = createPendingStore(factory, sealerSourceOf(teller.id));
    await earlier.hold(old);
    await earlier.hold(fresh);
    // Sealed under the teller's storage key (decision 202): her next session opens it.
    expect(JSON.stringify(await storedRecords(factory))).not.toContain('Client 1 Joseph');

    const { user } = renderApp({
      path: '/',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
      indexedDB: factory,
    });
    const held = await banner();
    await within(held).findByText('Dépôt de 1 001,00 HTG');
    expect(held).not.toHaveTextContent('Client 1 Joseph');
    expect(held).not.toHaveTextContent('40912345671');
    expect(held).toHaveTextContent(`Référence ${old.key}`);
    expect(held).toHaveTextContent(/ont été effacés de ce navigateur/);
    // The fresh one keeps what it needs to be sent again, opened once the teller's key came.
    await waitFor(() => expect(held).toHaveTextContent('Client 2 Joseph'));

    await waitFor(async () => {
      const records = (await storedRecords(factory)) as PendingOperation[];
      const kept = records.find((record) => record.key === old.key);
      expect(kept).toEqual({
        key: old.key,
        userId: teller.id,
        path: '/transactions/deposit',
        body: null,
        summary: `Dépôt de ${formatHtg(1_001)}`,
        confirmedAt: old.confirmedAt,
        forgotten: true,
      });
      expect(JSON.stringify(kept)).not.toMatch(/Joseph|003-456|4091234567|\+509/);
    });

    // Vérifier by its key, and Abandonner, are still offered; Renvoyer is not possible.
    const oldItem = within(held).getByText('Dépôt de 1 001,00 HTG').closest('li') as HTMLElement;
    expect(within(oldItem).getByRole('button', { name: 'Renvoyer' })).toBeDisabled();
    expect(within(oldItem).getByRole('button', { name: 'Abandonner' })).toBeEnabled();
    expect(within(oldItem).queryByRole('button', { name: 'Reçu non confirmé' })).toBeNull();
    api.on(`GET /transactions/by-idempotency-key/${old.key}`, {
      body: { data: { state: 'posted', transaction: transactionAnswer().body.data } },
    });
    await user.click(within(oldItem).getByRole('button', { name: 'Vérifier' }));
    expect(
      await screen.findByText('Cette opération avait déjà été enregistrée : voici son reçu.'),
    ).toBeVisible();
    await waitFor(async () =>
      expect(((await storedRecords(factory)) as PendingOperation[]).map((record) => record.key)).toEqual([
        fresh.key,
      ]),
    );
  });

  it('loses its personal data while the tab stays open, on the timer', async () => {
    const factory = new IDBFactory();
    await createPendingStore(factory, sealerSourceOf(teller.id)).hold(heldDeposit(1, new Date()));
    renderApp({
      path: '/',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
      indexedDB: factory,
      pendingSweepMs: 50,
    });
    const held = await banner();
    await within(held).findByText(/Client 1 Joseph/);

    const later = Date.now() + PENDING_RESEND_LIMIT_MS + 60_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await waitFor(() => expect(held).not.toHaveTextContent('Client 1 Joseph'));
      expect(held).toHaveTextContent('Dépôt de 1 001,00 HTG');
      await waitFor(async () => {
        const [record] = (await storedRecords(factory)) as PendingOperation[];
        expect(record?.body).toBeNull();
        expect(record?.forgotten).toBe(true);
        expect(record?.summary).toBe(`Dépôt de ${formatHtg(1_001)}`);
      });
    } finally {
      clock.mockRestore();
    }
  });
});

import {
  pendingOperationSummary,
  pendingOperationTrace,
  pendingStoreMessages,
} from '@lajan/domain';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { testSealer } from '../test/storage-keys';
import { createPendingStore, mayResend, NOT_KEPT_CODE, type PendingOperation, type SealerSource } from './pending-operations';
import type { Sealer } from './storage-key';

/*
 * Decision 202: what the browser keeps of a held operation is bound to its user and unreadable by another.
 * A real IndexedDB (fake-indexeddb) and real WebCrypto keys, one per teller.
 */

const tellerA = 'a0000000-0000-4000-8000-00000000000a';
const tellerB = 'b0000000-0000-4000-8000-00000000000b';

/** A cash send held by teller A: the recipient's whole form. */
function heldCashSend(): PendingOperation {
  const body = {
    amount: 2500,
    sender: {
      name: 'Jean-Baptiste Lafortune',
      idDocumentType: 'id_card',
      idDocumentNumber: '003-456-789',
      phone: '+50934561234',
    },
    recipient: { name: 'Marie-Claire Dorsainvil', phone: '+50937771122' },
    accountNumber: '40912345678',
  };
  return {
    key: '10000000-0000-4000-8000-000000000001',
    userId: tellerA,
    path: '/transactions/deposit',
    body,
    summary: pendingOperationSummary('deposit', body),
    trace: pendingOperationTrace('deposit', body),
    confirmedAt: new Date(Date.now() - 60_000).toISOString(),
  };
}

const personal = /Lafortune|Dorsainvil|003-456-789|40912345678|\+509/;

function source(sealer: Sealer | null): SealerSource {
  return { ensure: () => Promise.resolve(sealer) };
}

async function rawRecords(factory: IDBFactory): Promise<unknown[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open('lajan-operations', 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
  try {
    return await new Promise((resolve, reject) => {
      const request = db.transaction('pending', 'readonly').objectStore('pending').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
    });
  } finally {
    db.close();
  }
}

describe('held operations in IndexedDB (decision 202)', () => {
  it('keep only the trace in clear; the body is sealed under its teller’s key', async () => {
    const factory = new IDBFactory();
    const operation = heldCashSend();
    await createPendingStore(factory, source(await testSealer(tellerA))).hold(operation);

    const records = await rawRecords(factory);
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records)).not.toMatch(personal);
    expect(records[0]).toMatchObject({
      key: operation.key,
      userId: tellerA,
      trace: operation.trace,
      content: { iv: expect.any(String), data: expect.any(String) },
    });
  });

  it('after a reload, show the trace without a key, stay sealed for another teller, open for their own', async () => {
    const factory = new IDBFactory();
    const operation = heldCashSend();
    await createPendingStore(factory, source(await testSealer(tellerA))).hold(operation);

    const reloaded = createPendingStore(factory);
    await reloaded.load();
    const [shown] = reloaded.getSnapshot();
    expect(shown).toMatchObject({ key: operation.key, sealed: true, body: null, summary: operation.trace });
    expect(mayResend(shown!, Date.now())).toBe(false);

    // Teller B signs in on the same browser: her key opens nothing of A's.
    await reloaded.unlock(await testSealer(tellerB));
    expect(JSON.stringify(reloaded.getSnapshot())).not.toMatch(personal);
    expect(reloaded.getSnapshot()[0]?.sealed).toBe(true);

    // Teller A signs in again: her operation is whole, and may be sent.
    await reloaded.unlock(await testSealer(tellerA));
    const [opened] = reloaded.getSnapshot();
    expect(opened?.body).toEqual(operation.body);
    expect(opened?.summary).toBe(operation.summary);
    expect(mayResend(opened!, Date.now())).toBe(true);
  });

  it('are dropped from the tab’s memory at sign-out, and opened again at the next sign-in', async () => {
    const factory = new IDBFactory();
    const operation = heldCashSend();
    const keyOfA = await testSealer(tellerA);
    const store = createPendingStore(factory, source(keyOfA));
    await store.hold(operation);
    expect(store.getSnapshot()[0]?.body).toEqual(operation.body);

    store.lock();
    expect(JSON.stringify(store.getSnapshot())).not.toMatch(personal);
    expect(store.getSnapshot()[0]).toMatchObject({ sealed: true, summary: operation.trace });

    await store.unlock(keyOfA);
    expect(store.getSnapshot()[0]?.body).toEqual(operation.body);
  });

  it('do not open when the record is moved to another teller’s name', async () => {
    const factory = new IDBFactory();
    const operation = heldCashSend();
    await createPendingStore(factory, source(await testSealer(tellerA))).hold(operation);
    const [record] = (await rawRecords(factory)) as Record<string, unknown>[];
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open('lajan-operations', 1);
      request.onsuccess = () => resolve(request.result);
    });
    await new Promise<void>((resolve) => {
      const tx = db.transaction('pending', 'readwrite');
      tx.objectStore('pending').put({ ...record, userId: tellerB });
      tx.oncomplete = () => resolve();
    });
    db.close();

    const store = createPendingStore(factory);
    await store.load();
    await store.unlock(await testSealer(tellerB));

    expect(store.getSnapshot()[0]).toMatchObject({ userId: tellerB, sealed: true, body: null });
  });

  it('are neither sent nor kept when the teller’s key cannot be had', async () => {
    const factory = new IDBFactory();
    const store = createPendingStore(factory, source(null));

    await expect(store.hold(heldCashSend())).rejects.toMatchObject({
      code: NOT_KEPT_CODE,
      message: pendingStoreMessages.notKept,
    });
    expect(store.getSnapshot()).toEqual([]);
    expect(await rawRecords(factory)).toEqual([]);
  });

  it('held in clear before this change are reduced to their trace at the next start', async () => {
    const factory = new IDBFactory();
    const operation = heldCashSend();
    // The record as decision 147's store wrote it: the body in clear.
    await createPendingStore(null).hold(operation);
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open('lajan-operations', 1);
      request.onupgradeneeded = () => request.result.createObjectStore('pending', { keyPath: 'key' });
      request.onsuccess = () => resolve(request.result);
    });
    await new Promise<void>((resolve) => {
      const tx = db.transaction('pending', 'readwrite');
      tx.objectStore('pending').put(operation);
      tx.oncomplete = () => resolve();
    });
    db.close();

    const store = createPendingStore(factory);
    await store.load();

    expect(store.getSnapshot()[0]).toMatchObject({ key: operation.key, forgotten: true, body: null });
    expect(JSON.stringify(await rawRecords(factory))).not.toMatch(personal);
  });
});

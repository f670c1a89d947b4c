import { screen, waitFor, within } from '@testing-library/react';
import { pickUpCodeMessages } from '@lajan/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { historyPageRoute, transactionOf } from '../../test/transactions';
import { teller } from '../../test/users';

/*
 * Decision 215: a pending transfer's receipt prints with its QR code. The QR's encoder is loaded on first use
 * (its own chunk): printed as soon as the receipt appeared, over a slow link, the slip had a blank square.
 * This file renders the QR for the first time in its run, as a teller's first receipt of the day does.
 */

// The QR's chunk arrives when the test says so, as over a slow link.
const qrChunk = vi.hoisted(() => {
  let release = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock('../pickup-code/PickUpQrCode', async (importOriginal) => {
  await qrChunk.arrived;
  return importOriginal();
});

const pendingTransfer = transactionOf({
  transactionNumber: '738291045560',
  type: 'external_transfer',
  status: 'pending',
  amount: 2000,
  fee: 115,
  total: 2115,
});

describe('the receipt of a transfer to be paid (decision 215)', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
    api.on(
      'GET /transactions/history',
      historyPageRoute(() => [pendingTransfer]),
    );
  });
  afterEach(async () => {
    await api.close();
    vi.restoreAllMocks();
  });

  it('prints only once its QR code is drawn', async () => {
    // What the print window would take: whether the QR code was on the receipt then.
    const printedWithQr: boolean[] = [];
    const print = vi.fn(() => {
      const panel = screen.getByRole('complementary', { name: 'Reçu' });
      printedWithQr.push(
        within(panel).queryByRole('img', { name: pickUpCodeMessages.qrLabel('738291045560') }) !== null,
      );
    });
    Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
    const { user } = renderApp({
      path: '/transaction/history',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    await user.click(
      await screen.findByRole('button', { name: 'Réimprimer le reçu 738291045560' }, { timeout: 5000 }),
    );
    const panel = await screen.findByRole('complementary', { name: 'Reçu' });

    // Pressed at once, before the QR code is drawn: nothing prints yet, and the button says why.
    const first = within(panel).getAllByRole('button')[0] as HTMLElement;
    await user.click(first);
    expect(print).not.toHaveBeenCalled();
    expect(first).toHaveTextContent(pickUpCodeMessages.qrPreparing);

    // Drawn: Imprimer takes the keyboard, and prints the receipt with it.
    qrChunk.release();
    expect(
      await within(panel).findByRole('img', { name: pickUpCodeMessages.qrLabel('738291045560') }),
    ).toBeVisible();
    const button = await within(panel).findByRole('button', { name: 'Imprimer' });
    await waitFor(() => expect(button).toHaveFocus());
    await user.click(button);
    expect(printedWithQr).toEqual([true]);
  });
});

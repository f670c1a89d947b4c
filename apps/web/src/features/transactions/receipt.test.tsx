import { render, screen, waitFor, within } from '@testing-library/react';
import decodeQR from 'qr/decode.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Receipt } from '../../components/receipt/Receipt';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderApp } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { transactionOf } from '../../test/transactions';
import { teller } from '../../test/users';

const withdrawal = transactionOf({
  transactionNumber: '48213907655',
  type: 'withdrawal',
  amount: 1500.5,
  fee: 40,
  agentShare: 16,
  total: 1540.5,
  createdAt: '2026-11-22T14:05:09.123Z',
});

const externalTransfer = transactionOf({
  transactionNumber: '738291045560',
  type: 'external_transfer',
  status: 'pending',
  amount: 2000,
  fee: 115,
  total: 2115,
  accountNumber: null,
  account: null,
  senderAccountNumber: '40912345678',
  senderAccount: { accountNumber: '40912345678' },
  sender: {
    id: 'p1',
    firstName: 'jean',
    lastName: 'Pierre',
    idDocumentType: 'id_card',
    idDocumentNumber: '003-456-789',
    phoneNumber: '+50937123456',
    address: '12 rue Grégoire',
  },
  recipient: { firstName: 'Marie', lastName: 'Joseph', idDocumentType: 'passport', idDocumentNumber: null },
});

describe('the receipt (SPEC §2 "Receipt")', () => {
  it('shows number, French short date, amounts, account, agent, party, and the total when there is a fee', () => {
    render(<Receipt transaction={withdrawal} />);
    const receipt = screen.getByRole('article', { name: 'Reçu de la transaction 48213907655' });
    expect(receipt).toHaveTextContent('N° transaction48213907655');
    // 14:05 UTC is 09:05 in Port-au-Prince in November.
    expect(receipt).toHaveTextContent('Date22/11/2026 09:05');
    expect(receipt).toHaveTextContent('Retrait');
    expect(receipt).toHaveTextContent('Montant1 500,50 HTG');
    expect(receipt).toHaveTextContent('Frais40,00 HTG');
    // Where the total came from: the customer's account (issue 40).
    expect(receipt).toHaveTextContent('Total débité du compte1 540,50 HTG');
    expect(receipt).toHaveTextContent('Compte40912345678');
    expect(receipt).toHaveTextContent('Cap Services · CAP01');
    const party = within(receipt).getByRole('region', { name: 'Client au guichet' });
    expect(party).toHaveTextContent('NomJean Pierre');
    expect(party).toHaveTextContent("PièceCarte d'identité 003-456-789");
    expect(receipt).toHaveTextContent('Caissier : caissiere');
    expect(receipt).toHaveTextContent('Merci de votre confiance.');
    expect(receipt).toHaveTextContent('Conservez ce reçu comme preuve de votre transaction.');
  });

  it('is no duplicate when it is the receipt of the operation just posted', () => {
    render(<Receipt transaction={withdrawal} />);
    expect(screen.getByRole('article')).not.toHaveTextContent('DUPLICATA');
    expect(screen.getByRole('article')).not.toHaveTextContent('Réimprimé');
  });

  it("gives the recipient of a pay-out the sender's name only, and the recipient once", () => {
    const payout = transactionOf({
      ...externalTransfer,
      transactionNumber: '908763313115',
      type: 'external_payout',
      status: 'completed',
      fee: 0,
      total: 2000,
      relatedTransactionNumber: '738291045560',
      party: { name: 'marie joseph', idDocumentType: 'passport', idDocumentNumber: 'PA-99881' },
    });
    render(<Receipt transaction={payout} />);
    const receipt = screen.getByRole('article');
    const sender = within(receipt).getByRole('region', { name: 'Expéditeur' });
    expect(sender).toHaveTextContent('NomJean PIERRE');
    expect(sender).not.toHaveTextContent('003-456-789');
    expect(sender).not.toHaveTextContent('Téléphone');
    // The sender gave no document for the recipient: the one shown at the counter stands for it.
    const recipient = within(receipt).getByRole('region', { name: 'Bénéficiaire' });
    expect(recipient).toHaveTextContent('NomMarie JOSEPH');
    expect(recipient).toHaveTextContent('PiècePasseport PA-99881');
    expect(within(receipt).queryByRole('region', { name: 'Client au guichet' })).not.toBeInTheDocument();
    expect(receipt).not.toHaveTextContent('marie joseph');
    // The transfer paid, by its pick-up code grouped as the sender's receipt prints it (decision 215).
    expect(receipt).toHaveTextContent("Transfert d'origine738 291 045 560");
  });

  it('names who posted it: a teller « Caissier », the super administrator of an agent deposit « Opérateur » (decision 213)', () => {
    const { unmount } = render(<Receipt transaction={withdrawal} />);
    expect(screen.getByText(/^Caissier :/)).toHaveTextContent('Caissier : caissiere');
    unmount();
    render(
      <Receipt
        transaction={transactionOf({
          type: 'agent_deposit',
          code: 'CAP01',
          createBy: { username: 'superadmin' },
        })}
      />,
    );
    expect(screen.getByText(/^Opérateur :/)).toHaveTextContent('Opérateur : superadmin');
    expect(screen.queryByText(/^Caissier :/)).toBeNull();
  });

  it('has no total without a fee', () => {
    render(<Receipt transaction={transactionOf({ amount: 1500, fee: 0, total: 1500 })} />);
    expect(screen.getByText('Frais')).toBeVisible();
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
  });

  it('shows the sender and the recipient of an external transfer', () => {
    render(<Receipt transaction={externalTransfer} />);
    const receipt = screen.getByRole('article');
    expect(receipt).toHaveTextContent('Compte expéditeur40912345678');
    const sender = within(receipt).getByRole('region', { name: 'Expéditeur' });
    expect(sender).toHaveTextContent('NomJean PIERRE');
    expect(sender).toHaveTextContent('Téléphone+509 3712 3456');
    const recipient = within(receipt).getByRole('region', { name: 'Bénéficiaire' });
    expect(recipient).toHaveTextContent('NomMarie JOSEPH');
    expect(recipient).not.toHaveTextContent('Pièce');
    expect(receipt).toHaveTextContent('StatutEn attente');
    // Sent from an account: its total was taken from it.
    expect(receipt).toHaveTextContent('Total débité du compte2 115,00 HTG');
  });

  it("says a cash send's total was paid in cash, and a transfer's taken from the account", () => {
    const cash = transactionOf({
      ...externalTransfer,
      senderAccountNumber: null,
      senderAccount: null,
    });
    const transfer = transactionOf({ type: 'transfer', amount: 1500, fee: 25, total: 1525 });
    render(<Receipt transaction={cash} />);
    render(<Receipt transaction={transfer} />);
    const [cashReceipt, transferReceipt] = screen.getAllByRole('article');
    expect(cashReceipt).toHaveTextContent('Total payé en espèces2 115,00 HTG');
    expect(cashReceipt).not.toHaveTextContent('débité');
    expect(transferReceipt).toHaveTextContent('Total débité du compte1 525,00 HTG');
  });

  it("prints an external transfer's number as the pick-up code, in groups, with a QR code that reads it back", async () => {
    render(<Receipt transaction={externalTransfer} />);
    const receipt = screen.getByRole('article', { name: 'Reçu de la transaction 738291045560' });
    expect(receipt).toHaveTextContent('Code de retrait738 291 045 560');
    expect(receipt).not.toHaveTextContent('N° transaction');
    const qr = await within(receipt).findByRole('img', {
      name: 'QR code du code de retrait 738 291 045 560',
    });
    expect(readQr(qr)).toBe('738291045560');
  });

  it('prints no QR code on a paid transfer, nor on another transaction', () => {
    render(<Receipt transaction={{ ...externalTransfer, status: 'completed' }} />);
    render(<Receipt transaction={withdrawal} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

/**
 * What a camera would read from the drawn QR code: its SVG path (one square per dark module) painted
 * four pixels a module, white around, and decoded by the `qr` library's reader.
 */
function readQr(svg: HTMLElement): string {
  const [, , size] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  const modules = size ?? 0;
  const scale = 4;
  const width = modules * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  const path = svg.querySelector('path')?.getAttribute('d') ?? '';
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        data.fill(0, offset, offset + 3);
      }
    }
  }
  return decodeQR({ width, height: width, data });
}

describe('reprinting from the history (SPEC §2 "Receipt", "History table")', () => {
  let api: ApiServer;
  beforeEach(async () => {
    api = await startApiServer();
    api.on('GET /transactions/history', {
      body: {
        data: [withdrawal, externalTransfer],
        pagination: { total: 2, total_pages: 1, firstItem: 1, lastItem: 2 },
      },
    });
  });
  afterEach(async () => {
    await api.close();
    vi.restoreAllMocks();
  });

  it('lists the transactions, opens the receipt of a row, prints it and then closes the panel', async () => {
    // happy-dom has no print window: the browser's is replaced by a spy.
    const pageSizes: string[] = [];
    const print = vi.fn(() => {
      // While the print window is open, the receipt is still there to print, on an 80 mm page.
      expect(screen.getByRole('complementary', { name: 'Reçu' })).toBeInTheDocument();
      pageSizes.push(
        ...Array.from(document.head.querySelectorAll('style'), (style) => style.textContent ?? '').filter(
          (text) => text.includes('@page'),
        ),
      );
    });
    Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
    const { user } = renderApp({
      path: '/transaction/history',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Historique', level: 1 }, { timeout: 5000 });
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('48213907655');
    expect(rows[1]).toHaveTextContent('Retrait');
    expect(rows[1]).toHaveTextContent('1 500,50 HTG');
    expect(rows[1]).toHaveTextContent('Complété');
    expect(rows[1]).toHaveTextContent('22/11/2026 09:05');
    expect(rows[2]).toHaveTextContent('En attente');
    expect(api.requests.find((request) => request.path === '/transactions/history')?.query).toEqual({
      page: '1',
      per_page: '10',
    });
    expect(screen.queryByRole('complementary', { name: 'Reçu' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Réimprimer le reçu 738291045560' }));
    // The panel's code comes with the first receipt shown (decision 152).
    const panel = await screen.findByRole('complementary', { name: 'Reçu' });
    expect(panel).toHaveTextContent('738 291 045 560');
    // A reprint is no new operation, and its slip says it is a duplicate, printed again today.
    expect(within(panel).queryByRole('link', { name: 'Nouvelle opération' })).not.toBeInTheDocument();
    const slip = within(panel).getByRole('article');
    expect(slip).toHaveTextContent('DUPLICATA');
    expect(slip).toHaveTextContent(/Réimprimé le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // Once its QR code is drawn (decision 215).
    const printButton = await within(panel).findByRole('button', { name: 'Imprimer' });
    await waitFor(() => expect(printButton).toHaveFocus());

    await user.click(within(panel).getByRole('button', { name: 'Imprimer' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(pageSizes).toEqual([expect.stringMatching(/@page \{ size: 80mm \d+mm; margin: 3mm; \}/)]);
    // The page size of that print is gone afterwards.
    expect(
      Array.from(document.head.querySelectorAll('style')).some((style) =>
        style.textContent?.includes('size: 80mm'),
      ),
    ).toBe(false);
    expect(screen.queryByRole('complementary', { name: 'Reçu' })).not.toBeInTheDocument();
  });

  it('keeps Tab inside the receipt on a phone, where it covers the page', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query === '(max-width: 1023.98px)', media: query }) as MediaQueryList,
    );
    const { user } = renderApp({
      path: '/transaction/history',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Historique', level: 1 }, { timeout: 5000 });
    await user.click(await screen.findByRole('button', { name: 'Réimprimer le reçu 738291045560' }));
    const panel = await screen.findByRole('complementary', { name: 'Reçu' });
    expect(within(panel).getByRole('button', { name: 'Imprimer' })).toHaveFocus();
    await user.tab();
    expect(within(panel).getByRole('button', { name: 'Fermer' })).toHaveFocus();
    // From its last button, Tab goes round to its first, not to the page hidden behind it.
    await user.tab();
    expect(within(panel).getByRole('button', { name: 'Imprimer' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(panel).getByRole('button', { name: 'Fermer' })).toHaveFocus();
  });

  it('makes room for the receipt beside the page, closes it with Escape, and gives the keyboard back to its row', async () => {
    const { user } = renderApp({
      path: '/transaction/history',
      token: makeToken(teller),
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Historique', level: 1 }, { timeout: 5000 });
    const main = screen.getByRole('main');
    expect(main.className).not.toContain('lg:mr-[21rem]');
    await user.click(await screen.findByRole('button', { name: 'Réimprimer le reçu 738291045560' }));
    await screen.findByRole('complementary', { name: 'Reçu' });
    // From 1024 px the page narrows for the panel rather than lying under it (its "Réimprimer" buttons stay
    // in reach).
    expect(main.className).toContain('lg:mr-[21rem]');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Reçu' })).not.toBeInTheDocument();
    expect(main.className).not.toContain('lg:mr-[21rem]');
    // The keyboard is back on the row's button that opened it, not at the top of the page.
    expect(screen.getByRole('button', { name: 'Réimprimer le reçu 738291045560' })).toHaveFocus();

    // Another row's receipt, opened while one is shown, then Fermer: back on that row's button.
    await user.click(screen.getByRole('button', { name: 'Réimprimer le reçu 738291045560' }));
    await screen.findByRole('complementary', { name: 'Reçu' });
    await user.click(screen.getByRole('button', { name: 'Réimprimer le reçu 48213907655' }));
    const panel = await screen.findByRole('complementary', { name: 'Reçu' });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Imprimer' })).toHaveFocus());
    await user.click(within(panel).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('complementary', { name: 'Reçu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réimprimer le reçu 48213907655' })).toHaveFocus();
  });
});

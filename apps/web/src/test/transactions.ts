import type { ApiServer } from './api-server';
import type { Transaction } from '@lajan/domain';

/** A posted transaction as the ledger answers it (docs/contract-ledger.md), a deposit unless told otherwise. */
export function transactionOf(overrides: Partial<Transaction> = {}): Transaction {
  return {
    transactionNumber: '48213907655',
    type: 'deposit',
    amount: 1500,
    fee: 0,
    agentShare: 0,
    total: 1500,
    currency: 'HTG',
    feeVersion: null,
    status: 'completed',
    createdAt: '2026-11-22T14:05:09.123Z',
    settledAt: null,
    createBy: { username: 'caissiere' },
    agent: { code: 'CAP01', name: 'Cap Services' },
    code: null,
    accountNumber: '40912345678',
    account: { accountNumber: '40912345678' },
    senderAccountNumber: null,
    senderAccount: null,
    recipientAccountNumber: null,
    recipientAccount: null,
    party: { name: 'Jean Pierre', idDocumentType: 'id_card', idDocumentNumber: '003-456-789' },
    senderId: null,
    sender: null,
    recipient: null,
    relatedTransactionNumber: null,
    locked: false,
    ...overrides,
  };
}

/** `{ data: transaction }`, the 201 of every money call. */
export function transactionAnswer(overrides: Partial<Transaction> = {}) {
  return { status: 201, body: { data: transactionOf(overrides) } };
}

/** `GET /transactions/fees/quote` answering `fee` for every amount of the types in `fees` (0 otherwise). */
export function feeQuoteRoute(fees: Partial<Record<string, number>> = {}) {
  return (request: { query: Record<string, string> }) => {
    const amount = Number(request.query.amount);
    const type = request.query.type ?? '';
    const fee = fees[type] ?? 0;
    return {
      body: {
        data: {
          type,
          amount,
          fee,
          agentShare: Math.floor(fee * 40) / 100,
          total: amount + fee,
          currency: 'HTG',
        },
      },
    };
  };
}

/** `GET /transactions/history` answering, on one page, the rows `rows()` gives when the request comes. */
export function historyPageRoute(rows: () => Transaction[]) {
  return () => {
    const data = rows();
    return {
      body: {
        data,
        pagination: { total: data.length, total_pages: 1, firstItem: 1, lastItem: data.length },
      },
    };
  };
}

/** The dashboard's reads answered empty (no history, no chart): for tests that only pass by it. */
export function serveEmptyDashboard(api: ApiServer) {
  api.on(
    'GET /transactions/history',
    historyPageRoute(() => []),
  );
  api.on('GET /reports/balance-series', (request) => ({
    body: { data: { period: request.query.period ?? '7d', currency: 'HTG', series: [] } },
  }));
}

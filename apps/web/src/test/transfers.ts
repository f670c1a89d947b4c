import type { PayoutLookup } from '@lajan/domain';

/** What the search answers for a pending external transfer (decision 112): no name, no identity file. */
export const pendingTransfer: PayoutLookup = {
  transactionNumber: '738291045560',
  type: 'external_transfer',
  amount: 2000,
  fee: 115,
  currency: 'HTG',
  status: 'pending',
  createdAt: '2026-11-22T14:05:09.123Z',
  agent: { code: 'JAC01', name: 'Jacmel Cash' },
  recipientMaskedName: 'M. J.',
  locked: false,
};

import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
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

/** A pay-out's first step: `pendingTransfer`'s code typed as the customer reads it out, until it is found. */
export async function findPendingTransfer(user: UserEvent): Promise<void> {
  await user.type(screen.getByRole('textbox', { name: 'Code de retrait' }), '738 291 045 560{Enter}');
  await screen.findByRole('region', { name: 'Transfert trouvé' });
}

/**
 * A pay-out's identity step, typed from the recipient's card (Marie Joseph, passport PA123456); `firstName`
 * types another first name than the card's.
 */
export async function typePayoutIdentity(user: UserEvent, firstName = 'Marie'): Promise<void> {
  await user.type(screen.getByRole('textbox', { name: 'Prénom' }), firstName);
  await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Joseph');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Type de document' }), 'passport');
  await user.type(screen.getByRole('textbox', { name: 'Numéro de document' }), 'PA123456');
}

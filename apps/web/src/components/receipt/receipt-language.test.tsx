import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage, setScreenLanguage } from '../../i18n/i18n';
import { transactionOf } from '../../test/transactions';
import { Receipt } from './Receipt';

const deposit = transactionOf({
  transactionNumber: '48213907655',
  type: 'deposit',
  amount: 1500,
  fee: 0,
  total: 1500,
  createdAt: '2026-11-22T14:05:09.123Z',
  receiptLanguage: 'ht',
});

describe("a receipt in the customer's language (issue 45, decision 236)", () => {
  afterEach(() => setScreenLanguage('fr'));

  it('prints in Kreyòl for a Kreyòl customer while the screens stay French', async () => {
    await loadLanguage('ht');
    render(
      <>
        <h1>{i18n._({ id: 'lajan-test-screen', message: 'Écran du caissier' })}</h1>
        <Receipt transaction={deposit} language="ht" />
      </>,
    );
    const receipt = screen.getByRole('article', { name: 'Resi tranzaksyon 48213907655' });
    expect(receipt).toHaveAttribute('lang', 'ht');
    expect(receipt).toHaveTextContent('Nimewo tranzaksyon48213907655');
    expect(receipt).toHaveTextContent('Mèsi paske ou fè nou konfyans.');
    expect(receipt).not.toHaveTextContent('Merci de votre confiance.');
    // The screens around it: French, before and after the receipt was written.
    expect(screen.getByRole('heading', { name: 'Écran du caissier' })).toBeInTheDocument();
    expect(i18n.locale).toBe('fr');
  });

  it('prints in French for a French customer while the screens speak Kreyòl', async () => {
    await setScreenLanguage('ht');
    render(<Receipt transaction={{ ...deposit, receiptLanguage: 'fr' }} language="fr" />);
    const receipt = screen.getByRole('article', { name: 'Reçu de la transaction 48213907655' });
    expect(receipt).toHaveTextContent('Merci de votre confiance.');
    expect(i18n.locale).toBe('ht');
  });
});

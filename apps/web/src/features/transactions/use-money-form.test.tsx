import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { depositInputSchema } from '@lajan/domain';
import { parseAmountInput } from '../../lib/amount-input';
import { ReceiptProvider } from '../../components/receipt/receipt-context';
import { startApiServer, type ApiServer } from '../../test/api-server';
import { renderComponent } from '../../test/render-app';
import { makeToken } from '../../test/tokens';
import { transactionAnswer } from '../../test/transactions';
import { teller } from '../../test/users';
import { moneyFlows, type MoneyFlow } from './flows';
import { useMoneyForm } from './use-money-form';

let api: ApiServer;
beforeEach(async () => {
  api = await startApiServer();
});
afterEach(async () => {
  await api.close();
});

/**
 * The deposit as the server reads it: the domain's schema parses the HTG amount and outputs centimes
 * (decision 136). The web must still post the HTG it read: the API speaks HTG, and the server converts once.
 */
const centimesSchema = depositInputSchema;
const centimesDeposit: MoneyFlow<typeof centimesSchema> = {
  ...moneyFlows.deposit,
  schema: centimesSchema,
  after: 'stay',
};

function DepositForm() {
  const money = useMoneyForm(centimesDeposit, {
    defaultValues: {
      accountNumber: '40912345678',
      party: { name: 'Jean Pierre', idDocumentType: 'id_card', idDocumentNumber: '003-456-789' },
      amount: undefined,
    },
    confirmStep: 1,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void money.submit({ fieldSteps: { amount: 0 } });
      }}
    >
      <label>
        Montant
        <input {...money.form.register('amount', { setValueAs: parseAmountInput })} />
      </label>
      <p>{money.form.formState.errors.amount?.message}</p>
      <button type="submit">Enregistrer</button>
    </form>
  );
}

describe('useMoneyForm', () => {
  it("posts the HTG amount the teller typed, not the schema's output", async () => {
    expect(
      centimesSchema.parse({
        accountNumber: '40912345678',
        party: { name: 'Jean Pierre', idDocumentType: 'id_card', idDocumentNumber: '003-456-789' },
        amount: 1500.5,
      }),
    ).toMatchObject({ amountCentimes: 150050 });
    api.on('POST /transactions/deposit', transactionAnswer());
    const { user } = renderComponent(
      <ReceiptProvider>
        <DepositForm />
      </ReceiptProvider>,
      { apiBaseUrl: api.baseUrl, token: makeToken(teller), path: '/transaction/deposit' },
    );

    await user.type(screen.getByRole('textbox', { name: 'Montant' }), '1 500,50');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const posts = () => api.requests.filter((request) => request.path === '/transactions/deposit');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({
      accountNumber: '40912345678',
      party: { name: 'Jean Pierre', idDocumentType: 'id_card', idDocumentNumber: '003-456-789' },
      amount: 1500.5,
    });
  });

  it('posts nothing while the input does not pass the schema, and says why', async () => {
    const { user } = renderComponent(
      <ReceiptProvider>
        <DepositForm />
      </ReceiptProvider>,
      { apiBaseUrl: api.baseUrl, token: makeToken(teller), path: '/transaction/deposit' },
    );
    await user.type(screen.getByRole('textbox', { name: 'Montant' }), '0');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le montant doit être positif')).toBeVisible();
    expect(api.requests.some((request) => request.path === '/transactions/deposit')).toBe(false);
  });
});

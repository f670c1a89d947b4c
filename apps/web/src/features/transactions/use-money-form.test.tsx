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
import { counterOperation, moneyFlow, type MoneyFlow } from './flows';
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
const deposit = moneyFlow('deposit', 'back', counterOperation);
const centimesDeposit: MoneyFlow<typeof centimesSchema> = {
  type: deposit.type,
  path: deposit.path,
  banded: deposit.banded,
  touches: deposit.touches,
  // Its words read when said, as the flow's own (decision 236).
  get success() {
    return deposit.success;
  },
  get failure() {
    return deposit.failure;
  },
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
        Nom
        <input {...money.form.register('party.name')} />
      </label>
      <label>
        Montant
        <input {...money.form.register('amount', { setValueAs: parseAmountInput })} />
      </label>
      <p>{money.form.formState.errors.amount?.message}</p>
      <button type="submit">Enregistrer</button>
    </form>
  );
}

/** A page that builds part of what it posts (as the pay-out builds its party): here, from nothing typed. */
function BuiltPartyForm() {
  const money = useMoneyForm(centimesDeposit, {
    defaultValues: { accountNumber: '40912345678', amount: 100 },
    confirmStep: 1,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void money.submit({
          body: (values) => ({
            ...values,
            party: { name: '', idDocumentType: 'id_card', idDocumentNumber: 'A1' },
          }),
          fieldSteps: {},
        });
      }}
    >
      {money.frame.error}
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

  it('keeps the key of a confirmation whose answer was lost when only spaces changed, as the server would read it', async () => {
    // The first answer never comes back (a proxy's 502): the deposit may have been posted. Sent again
    // with a trailing space in the name, it is the same deposit for the server (the schema trims), so it
    // must carry the same key and be answered, never posted twice.
    api.on('POST /transactions/deposit', { status: 502, proxy: true, body: 'Bad Gateway' });
    const { user } = renderComponent(
      <ReceiptProvider>
        <DepositForm />
      </ReceiptProvider>,
      { apiBaseUrl: api.baseUrl, token: makeToken(teller), path: '/transaction/deposit' },
    );
    await user.type(screen.getByRole('textbox', { name: 'Montant' }), '250');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const posts = () => api.requests.filter((request) => request.path === '/transactions/deposit');
    await waitFor(() => expect(posts()).toHaveLength(1));

    await user.type(screen.getByRole('textbox', { name: 'Nom' }), ' ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    const [first, second] = posts();
    expect(second?.body).toMatchObject({ party: { name: 'Jean Pierre ' } });
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);

    // Another amount is another operation: a fresh key.
    api.on('POST /transactions/deposit', transactionAnswer());
    await user.clear(screen.getByRole('textbox', { name: 'Montant' }));
    await user.type(screen.getByRole('textbox', { name: 'Montant' }), '300');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(posts()[2]?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
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

  it('says beside Enregistrer a refusal of a value that no field of the page holds, never nothing', async () => {
    const { user } = renderComponent(
      <ReceiptProvider>
        <BuiltPartyForm />
      </ReceiptProvider>,
      { apiBaseUrl: api.baseUrl, token: makeToken(teller), path: '/transaction/deposit' },
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le nom est requis')).toBeVisible();
    expect(api.requests.some((request) => request.path === '/transactions/deposit')).toBe(false);
  });
});

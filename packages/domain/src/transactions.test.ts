import { describe, expect, it } from 'vitest';
import { formatHtg, htgAmountSchema, MAX_AGENT_DEPOSIT_HTG } from './money.js';
import {
  agentDepositInputSchema,
  defaultAgentShareCentimes,
  depositInputSchema,
  externalTransferInputSchema,
  historyQuerySchema,
  outsideFeeBandsMessage,
  receiveTransferInputSchema,
  transferInputSchema,
} from './transactions/index.js';

/** Field path → first message, as the form shows them. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const party = { name: 'Marie Joseph', idDocumentType: 'id_card', idDocumentNumber: '001-234-567' };

describe('the HTG amount (DESIGN §4)', () => {
  const schema = htgAmountSchema();
  it('keeps an amount with at most two decimals, 19.99 included', () => {
    expect(schema.parse(19.99)).toBe(19.99);
    expect(schema.parse(0.01)).toBe(0.01);
    expect(schema.parse(100_000)).toBe(100_000);
  });

  it.each([
    [undefined, 'Le montant est requis'],
    [Number.NaN, 'Le montant est requis'],
    ['12', 'Le montant est requis'],
    [Number.POSITIVE_INFINITY, 'Le montant est invalide'],
    [
      Number.NEGATIVE_INFINITY,
      'Montant ambigu : pour des milliers, écrivez-les sans point ni virgule (25000 ou 25 000) ; pour des centimes, deux chiffres après la virgule (25,50)',
    ],
    [0, 'Le montant doit être positif'],
    [-1, 'Le montant doit être positif'],
    [1.005, 'Le montant ne peut pas avoir plus de deux décimales'],
    [100_000.01, 'Le montant ne peut pas dépasser 100\u202f000\u00a0HTG'],
  ])('refuses %s: "%s"', (value, message) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('takes a higher limit for an agent deposit', () => {
    expect(htgAmountSchema(MAX_AGENT_DEPOSIT_HTG).parse(1_000_000)).toBe(1_000_000);
    expect(
      agentDepositInputSchema.safeParse({ code: 'PAP01', party, amount: 1_000_000.01 }).error?.issues[0]
        ?.message,
    ).toBe('Le montant ne peut pas dépasser 1\u202f000\u202f000\u00a0HTG');
  });
});

describe('the transaction forms (SPEC §5 "Transactions")', () => {
  it('words every missing field of a deposit as the spec does, party fields one by one', () => {
    expect(messages(depositInputSchema.safeParse({}))).toEqual({
      accountNumber: 'Le numéro de compte est requis',
      'party.name': 'Le nom est requis',
      'party.idDocumentType': 'Le type de document est requis',
      'party.idDocumentNumber': 'Le numéro de document est requis',
      amount: 'Le montant est requis',
    });
    expect(
      messages(depositInputSchema.safeParse({ accountNumber: '123', party: { name: ' ' }, amount: 0 })),
    ).toEqual({
      'party.name': 'Le nom est requis',
      'party.idDocumentType': 'Le type de document est requis',
      'party.idDocumentNumber': 'Le numéro de document est requis',
      amount: 'Le montant doit être positif',
    });
  });

  it("holds the counter's document number to the person form's rule (SPEC §5: at least 4 characters)", () => {
    const typed = (idDocumentNumber: string) =>
      messages(
        depositInputSchema.safeParse({
          accountNumber: '12345678903',
          party: { name: 'Marie Joseph', idDocumentType: 'id_card', idDocumentNumber },
          amount: 100,
        }),
      );
    expect(typed('X')).toEqual({
      'party.idDocumentNumber': 'Le numéro de document doit contenir au moins 4 caractères',
    });
    expect(typed(' AB1 ')).toEqual({
      'party.idDocumentNumber': 'Le numéro de document doit contenir au moins 4 caractères',
    });
    expect(typed('CIN-1')).toEqual({});
  });

  it('refuses a transfer to the sender account', () => {
    const result = transferInputSchema.safeParse({
      senderAccountNumber: '12345678903',
      recipientAccountNumber: '12345678903',
      party,
      amount: 100,
    });
    expect(messages(result)).toEqual({
      recipientAccountNumber: 'Le compte bénéficiaire ne peut pas être le même que le compte expéditeur',
    });
    // Said together with the other steps' errors, and never for two accounts still empty.
    expect(
      messages(
        transferInputSchema.safeParse({
          senderAccountNumber: '12345678903',
          recipientAccountNumber: '12345678903',
        }),
      ),
    ).toMatchObject({
      recipientAccountNumber: 'Le compte bénéficiaire ne peut pas être le même que le compte expéditeur',
      'party.name': 'Le nom est requis',
      amount: 'Le montant est requis',
    });
    expect(messages(transferInputSchema.safeParse({}))).not.toHaveProperty(
      'recipientAccountNumber',
      'Le compte bénéficiaire ne peut pas être le même que le compte expéditeur',
    );
  });

  it('asks an external transfer for a currency only in cash mode', () => {
    const recipient = { firstName: 'Paul', lastName: 'Délice', phoneNumber: '+509 3400-1122' };
    const cash = { senderId: '5e383e94-ea86-4a2d-aea4-41615d4074c1', recipient, party, amount: 500 };
    expect(messages(externalTransferInputSchema.safeParse(cash))).toEqual({
      currency: 'La devise est requise',
    });
    expect(
      externalTransferInputSchema.safeParse({ ...cash, accountNumber: '', currency: 'HTG' }).success,
    ).toBe(true);
    const fromAccount = externalTransferInputSchema.parse({ ...cash, accountNumber: '12345678903' });
    expect(fromAccount.recipient).toEqual({ ...recipient, idDocumentType: null, idDocumentNumber: null });
    expect(
      messages(externalTransferInputSchema.safeParse({ ...cash, senderId: undefined, currency: 'HTG' })),
    ).toEqual({
      senderId: "L'expéditeur est requis",
    });
  });

  describe('the recipient of a cash transfer: what a sender knows (decision 209)', () => {
    const sent = (recipient: unknown) =>
      externalTransferInputSchema.safeParse({
        senderId: '5e383e94-ea86-4a2d-aea4-41615d4074c1',
        recipient,
        currency: 'HTG',
        party,
        amount: 500,
      });
    const named = { firstName: 'Paul', lastName: 'Délice', phoneNumber: '+509 3400-1122' };

    it('requires the first name, the last name and the phone, and nothing else', () => {
      expect(messages(sent(undefined))).toEqual({
        'recipient.firstName': 'Le prénom est requis',
        'recipient.lastName': 'Le nom est requis',
        'recipient.phoneNumber': 'Le numéro de téléphone est requis',
      });
      expect(messages(sent({ firstName: 'P', lastName: 'Délice', phoneNumber: '3400' }))).toEqual({
        'recipient.firstName': 'Le prénom doit contenir au moins 2 caractères',
        'recipient.phoneNumber': 'Le numéro de téléphone doit contenir au moins 8 chiffres',
      });
      expect(sent(named).data?.recipient).toEqual({ ...named, idDocumentType: null, idDocumentNumber: null });
      // An emptied document reads as none.
      expect(sent({ ...named, idDocumentType: '', idDocumentNumber: '  ' }).data?.recipient).toEqual({
        ...named,
        idDocumentType: null,
        idDocumentNumber: null,
      });
    });

    it('takes a document whole or not at all, naming the half left out', () => {
      expect(
        sent({ ...named, idDocumentType: 'passport', idDocumentNumber: 'PP-123456' }).data?.recipient,
      ).toEqual({ ...named, idDocumentType: 'passport', idDocumentNumber: 'PP-123456' });
      expect(messages(sent({ ...named, idDocumentType: 'passport', idDocumentNumber: null }))).toEqual({
        'recipient.idDocumentNumber':
          'Le numéro de document est requis quand le type est choisi : donnez les deux, ou aucun',
      });
      expect(messages(sent({ ...named, idDocumentType: '', idDocumentNumber: 'PP-123456' }))).toEqual({
        'recipient.idDocumentType':
          'Le type de document est requis quand le numéro est saisi : donnez les deux, ou aucun',
      });
      expect(messages(sent({ ...named, idDocumentType: 'visa', idDocumentNumber: 'AB' }))).toEqual({
        'recipient.idDocumentType': 'Type de document invalide',
        'recipient.idDocumentNumber': 'Le numéro de document doit contenir au moins 4 caractères',
      });
    });

    it('says a half of the wrong type once, as invalid, not as missing', () => {
      const issues = (recipient: unknown) =>
        sent(recipient).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
      expect(issues({ ...named, idDocumentType: 123, idDocumentNumber: 'PP-123456' })).toEqual([
        ['recipient.idDocumentType', 'Type de document invalide'],
      ]);
      expect(issues({ ...named, idDocumentType: 'passport', idDocumentNumber: 123456 })).toEqual([
        ['recipient.idDocumentNumber', 'Numéro de document invalide'],
      ]);
    });

    it("drops an older client's whole person form: its other fields are neither checked nor kept", () => {
      const wholeForm = {
        ...named,
        idDocumentType: 'id_card',
        idDocumentNumber: 'NIF-778899',
        dob: '2999-01-01',
        gender: '',
        email: 'pas un email',
        dateIssued: '2020-01-01',
        expirationDate: '2019-01-01',
        occupation: 'Commerçant',
        address: '4 rue 24',
      };
      expect(sent(wholeForm).data?.recipient).toEqual({
        ...named,
        idDocumentType: 'id_card',
        idDocumentNumber: 'NIF-778899',
      });
    });
  });

  it('does not require the amount of a payout', () => {
    const result = receiveTransferInputSchema.safeParse({
      transactionNumber: '123456789015',
      recipient: {
        firstName: 'Paul',
        lastName: 'Délice',
        idDocumentType: 'id_card',
        idDocumentNumber: 'NIF-1',
      },
      party,
    });
    expect(result.success).toBe(true);
  });

  it('caps per_page at 100 and reads a bad page as the first', () => {
    expect(historyQuerySchema.parse({ per_page: '500', page: '2' })).toEqual({ page: 2, per_page: 100 });
    expect(historyQuerySchema.safeParse({ per_page: '-1' }).success).toBe(false);
    expect(historyQuerySchema.safeParse({ page: 'x' }).success).toBe(false);
    expect(historyQuerySchema.parse({})).toEqual({ page: 1, per_page: 10 });
    expect(historyQuerySchema.parse({ type: '' }).type).toBeUndefined();
  });
});

describe('fees', () => {
  it('gives the agent 40 % of a fee, rounded down to the centime', () => {
    expect(defaultAgentShareCentimes(600)).toBe(240);
    expect(defaultAgentShareCentimes(1)).toBe(0);
    expect(defaultAgentShareCentimes(3)).toBe(1);
    expect(defaultAgentShareCentimes(11_500)).toBe(4_600);
  });

  it('says which range the type allows', () => {
    expect(outsideFeeBandsMessage('withdrawal', 20, 59_999.99)).toBe(
      `Montant hors barème : un retrait doit être compris entre ${formatHtg(20)} et ${formatHtg(59_999.99)}`,
    );
  });
});

import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';
import { formatAmount } from './locale-format.js';
import { defaultLanguage, type Language } from './languages.js';
import { centimesToHtg } from './money.js';
import type { SmsKind } from './sms.js';

/** What an operation is called on its receipt, by its type and the side of the account (decision 241). */
export const smsOperationLabels = texts({
  deposit: msg`Dépôt`,
  withdrawal: msg`Retrait`,
  transferSent: msg({ message: 'Transfert envoyé', context: 'sms' }),
  transferReceived: msg`Transfert reçu`,
  send: msg`Envoi`,
  correction: msg`Correction`,
});

/** The SMS Lajan sends (issue 46), each within two parts for the largest amounts (sms-texts.test.ts). */
export const smsTexts = texts({
  receipt: (
    operation: string,
    amount: string,
    fee: string,
    account: string,
    balance: string,
    number: string,
  ) =>
    msg`Lajan : ${operation} ${amount}, frais ${fee}, compte ${account}. Solde : ${balance}. Opération ${number}`,
  pickupCode: (amount: string, code: string) =>
    msg`Lajan : un transfert de ${amount} vous attend. Code de retrait : ${code}. Ne le donnez qu'au caissier d'un agent Lajan.`,
  transferPaid: (number: string, amount: string) =>
    msg`Lajan : votre transfert ${number} de ${amount} a été payé au bénéficiaire.`,
  transferCancelledToAccount: (number: string, amount: string, account: string) =>
    msg`Lajan : votre transfert ${number} de ${amount} est annulé et remboursé sur votre compte ${account}.`,
  transferCancelledInCash: (number: string, amount: string) =>
    msg`Lajan : votre transfert ${number} de ${amount} est annulé et vous a été remboursé en espèces.`,
  transferExpiredToAccount: (number: string, amount: string, account: string) =>
    msg`Lajan : votre transfert ${number} de ${amount} n'a pas été retiré à temps ; il est remboursé sur votre compte ${account}.`,
  transferExpiredInCash: (number: string, amount: string) =>
    msg`Lajan : votre transfert ${number} de ${amount} n'a pas été retiré à temps ; reprenez-le chez l'agent qui l'a envoyé.`,
});

/** What a queued SMS's posting knew: amounts in centimes, the numbers as written. */
export interface SmsFacts {
  /** The transaction's type (a receipt). */
  type?: string;
  number?: string;
  amount?: number | string;
  fee?: number | string;
  /** The signed movement on the receipt's account; its balance after the operation. */
  delta?: number | string;
  balance?: number | string;
  /** A receipt's account, or the account a cancelled or expired transfer went back to (null: in cash). */
  account?: string | null;
}

/**
 * An amount as the domain writes it, with plain spaces: its narrow and non-breaking spaces are not in GSM-7
 * and would make a Kreyòl SMS UCS-2, half as long a part (decision 241).
 */
export function smsAmount(centimes: number | string | undefined, language: Language): string {
  return formatAmount(centimesToHtg(centimes ?? 0), language).replace(/[\u00a0\u202f]/g, ' ');
}

/** An account as a receipt names it: its last four digits, never the whole number. */
export function smsAccount(accountNumber: string | null | undefined): string {
  return `*${(accountNumber ?? '').slice(-4)}`;
}

function operationOf(facts: SmsFacts): string {
  const credit = Number(facts.delta ?? 0) > 0;
  switch (facts.type) {
    case 'deposit':
      return smsOperationLabels.deposit;
    case 'withdrawal':
      return smsOperationLabels.withdrawal;
    case 'transfer':
      return credit ? smsOperationLabels.transferReceived : smsOperationLabels.transferSent;
    case 'external_transfer':
      return smsOperationLabels.send;
    default:
      return smsOperationLabels.correction;
  }
}

/**
 * The text of an SMS of `kind` from its facts, in the language of the moment (the server reads it in the
 * row's, `inLanguage`). A correction's amount is what it moved on the account, its fee included.
 */
export function smsBody(kind: SmsKind, facts: SmsFacts, language: Language = defaultLanguage): string {
  const amount = smsAmount(facts.amount, language);
  const number = facts.number ?? '';
  const account = facts.account ? smsAccount(facts.account) : null;
  switch (kind) {
    case 'receipt': {
      const moved = facts.type === 'reversal' ? Math.abs(Number(facts.delta ?? 0)) : facts.amount;
      return smsTexts.receipt(
        operationOf(facts),
        smsAmount(moved, language),
        smsAmount(facts.fee, language),
        account ?? '',
        smsAmount(facts.balance, language),
        number,
      );
    }
    case 'pickup_code':
      return smsTexts.pickupCode(amount, number);
    case 'transfer_paid':
      return smsTexts.transferPaid(number, amount);
    case 'transfer_cancelled':
      return account
        ? smsTexts.transferCancelledToAccount(number, amount, account)
        : smsTexts.transferCancelledInCash(number, amount);
    case 'transfer_expired':
      return account
        ? smsTexts.transferExpiredToAccount(number, amount, account)
        : smsTexts.transferExpiredInCash(number, amount);
  }
}

import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { groupDigits } from './digit-groups.js';
import { texts } from './i18n.js';
import { formatDateTime } from './locale-format.js';

/*
 * Account and transaction numbers (DESIGN §5): random digits and a Luhn check digit, drawn by the server
 * (apps/server/src/modules/accounts/numbers.ts). The check is shared so that the web catches a mistyped
 * pick-up code as it is typed and the server refuses it with the same words (decision 131).
 */

export const ACCOUNT_NUMBER_LENGTH = 11;
/** A transaction number, the pick-up code of an external transfer: 11 random digits and a check digit. */
export const TRANSACTION_NUMBER_LENGTH = 12;

/** The Luhn digit that makes `payload + digit` pass the check: it catches every single-digit typo. */
export function luhnCheckDigit(payload: string): number {
  if (!/^\d+$/.test(payload)) throw new RangeError('luhnCheckDigit: digits only');
  let sum = 0;
  // From the rightmost payload digit, which sits next to the check digit and is doubled.
  for (let i = payload.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let digit = payload.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `value` is at least two digits and its last digit is the Luhn check digit of the others. */
export function hasValidCheckDigit(value: string): boolean {
  if (!/^\d{2,}$/.test(value)) return false;
  return luhnCheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

// Spaces of every kind (a code copied from a printed receipt or a phone message may carry no-break
// spaces) and dashes of every kind.
const separators = /[\s\u2010-\u2015\u2212-]+/gu;

/** A pick-up code as typed or printed ("534 568 382 921", "5345-6838-2921") → its digits ("534568382921"). */
export function normalizeTransactionNumber(value: string): string {
  return value.replace(separators, '');
}

const codeLength = TRANSACTION_NUMBER_LENGTH;

/** The texts of the pick-up code, worded once (the web's field and the server's refusals). */
export const pickUpCodeMessages = texts({
  label: msg`Code de retrait`,
  /** The code's name read aloud with it, digit groups and all. */
  named: (code: string) => msg`Code de retrait ${code}`,
  required: msg`Le code de retrait est requis`,
  invalid: msg`Code invalide : vérifiez les chiffres`,
  length: msg`Le code de retrait contient ${codeLength} chiffres`,
  hint: msg`Le code que l'expéditeur a communiqué au bénéficiaire, avec ou sans espaces ni tirets.`,
  qrLabel: (code: string) => {
    const grouped = groupDigits(code);
    return msg`QR code du code de retrait ${grouped}`;
  },
  /** The receipt's Imprimer while its QR is still being drawn (decision 215). */
  qrPreparing: msg`Préparation du QR code...`,
  /** The pay-out search on a transfer already paid, with the date it was paid (decision 131). */
  alreadyPaid: (paidAt: string | Date) => {
    const when = formatDateTime(paidAt, i18n.locale === 'ht' ? 'ht' : 'fr');
    return msg`Ce transfert a déjà été payé le ${when}`;
  },
  alreadyPaidNoDate: msg`Ce transfert a déjà été payé`,
  cancelled: msg`Ce transfert a été annulé par l'agent expéditeur : il ne peut plus être payé`,
  notATransfer: msg`Ce numéro n'est pas celui d'un transfert externe`,
  /** The pay-out screen's camera (where the device has one). */
  scanButton: msg`Scanner le QR code`,
  scanTitle: msg`Scanner le code de retrait`,
  scanHint: msg`Présentez le QR code du reçu ou de l'écran du client devant la caméra.`,
  scanNotACode: msg`Ce QR code n'est pas un code de retrait : présentez celui du reçu.`,
  cameraDenied: msg`L'accès à la caméra a été refusé : saisissez le code.`,
  cameraUnavailable: msg`La caméra n'est pas disponible : saisissez le code.`,
  scanCancel: msg`Annuler`,
});

/**
 * What is wrong with a pick-up code being typed, or null while nothing is (yet): a character that is
 * neither a digit, a space nor a dash, too many digits, or twelve digits whose check digit fails. Fewer
 * than twelve digits is not yet a mistake: the teller is still typing.
 */
export function pickUpCodeProblem(value: string): string | null {
  const digits = normalizeTransactionNumber(value);
  if (digits === '') return null;
  if (!/^\d+$/.test(digits)) return pickUpCodeMessages.invalid;
  if (digits.length < TRANSACTION_NUMBER_LENGTH) return null;
  if (digits.length > TRANSACTION_NUMBER_LENGTH || !hasValidCheckDigit(digits))
    return pickUpCodeMessages.invalid;
  return null;
}

/** The one refusal of a normalised code, or null: required, digits, twelve of them, the check digit. */
function refusalOf(digits: string): string | null {
  if (digits === '') return pickUpCodeMessages.required;
  if (!/^\d+$/.test(digits)) return pickUpCodeMessages.invalid;
  if (digits.length !== TRANSACTION_NUMBER_LENGTH) return pickUpCodeMessages.length;
  return hasValidCheckDigit(digits) ? null : pickUpCodeMessages.invalid;
}

/**
 * A pick-up code, as `POST /transactions/search` and `POST /transactions/receive-transfer` take it:
 * spaces and dashes removed first, then twelve digits whose last is the check digit of the others.
 * The output is the bare digits.
 */
export const pickUpCodeSchema = z
  .string({ error: () => pickUpCodeMessages.required })
  .max(40, { error: () => pickUpCodeMessages.length })
  .transform(normalizeTransactionNumber)
  .pipe(
    z.string().superRefine((digits, ctx) => {
      const message = refusalOf(digits);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  )
  // Twelve digits among spaces and dashes, said in the OpenAPI document; the Luhn key only in words (decision 234).
  .meta({ pattern: '^(?:[\\s\\u2010-\\u2015\\u2212-]*[0-9]){12}[\\s\\u2010-\\u2015\\u2212-]*$' })
  .describe(
    'Le code de retrait : le numéro de transaction, 12 chiffres dont le dernier est la clé de Luhn des autres ; les espaces et les tirets sont ignorés.',
  );

import { z } from 'zod';

/*
 * Pay-out proves the recipient (DESIGN §6, issue 10, decision 112): before identification a search by
 * number shows only what the teller needs to find the transfer; the teller then types the name and the
 * document from the card presented, compared here; five failed identifications lock the transfer.
 */

/** Failed identifications since the last unlock that lock a pending transfer. */
export const PAYOUT_FAILED_IDENTIFICATIONS_LIMIT = 5;

/** The words of a name: accents, case, hyphens, apostrophes and spaces do not count. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('fr-FR')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Whether two full names are the same person's, as a cashier reads a card: case, accents, hyphens,
 * apostrophes and spaces ignored, and the order of the words too (a card may print the family name
 * first: "DUPONT Jean Baptiste" is "Jean-Baptiste Dupont"). Every word must be there, none more.
 */
export function sameName(a: string, b: string): boolean {
  const left = nameWords(a).sort();
  const right = nameWords(b).sort();
  return left.length > 0 && left.length === right.length && left.every((word, i) => word === right[i]);
}

/** A document number as printed or typed: only its letters and digits count, in capitals. */
export function documentKey(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Whether two document numbers are the same ("NIF-778 899" is "nif778899"). */
export function sameDocument(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = documentKey(a);
  return left !== '' && left === documentKey(b);
}

/** The first letter of a name, in capitals ("élise" → "É"). */
function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase('fr-FR') : '';
}

/**
 * The recipient's name as the pay-out search shows it before identification: initials of the first and
 * the last name ("Paul Délice" → "P. D."). The length of the names is not shown.
 */
export function maskedName(firstName: string, lastName: string): string {
  return [initialOf(firstName), initialOf(lastName)]
    .filter(Boolean)
    .map((initial) => `${initial}.`)
    .join(' ');
}

/**
 * `POST /transactions/search` for a pending external transfer, whoever asks: enough to find it and pay
 * it, nothing of the recipient's identity file and nothing of the sender.
 */
export const payoutLookupSchema = z
  .object({
    transactionNumber: z.string(),
    type: z.literal('external_transfer'),
    amount: z.number(),
    fee: z.number(),
    currency: z.string(),
    status: z.literal('pending'),
    createdAt: z.string(),
    agent: z.object({ code: z.string(), name: z.string() }).nullable(),
    recipientMaskedName: z
      .string()
      .describe('Initiales du prénom et du nom du bénéficiaire («\u00a0P. D.\u00a0»), jamais le nom entier.'),
    locked: z
      .boolean()
      .describe('Bloqué après cinq identifications échouées : le paiement est refusé (409 TRANSFER_LOCKED).'),
  })
  .describe(
    'Un transfert externe en attente, tel que la recherche le montre avant l’identification du bénéficiaire.',
  );
export type PayoutLookup = z.infer<typeof payoutLookupSchema>;

/** Whether a search answer is the pay-out look-up of a pending transfer (not a whole transaction). */
export function isPayoutLookup(found: object): found is PayoutLookup {
  return 'recipientMaskedName' in found;
}

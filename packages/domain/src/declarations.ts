import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { texts } from './i18n.js';
import { CURRENCY } from './account-names.js';
import { reportAgentSchema, reportPeriodQueryShape, thresholdQuerySchema } from './statements.js';
import { transactionTypeLabels, type TransactionType } from './transactions/names.js';
import { transactionTypeSchema } from './transactions/types.js';

/*
 * « Déclarations UCREF » (issue 43 part 2, decision 228, amending 148): each person whose cash operations of
 * a Haitian day reach the threshold of BRH Circular 95-4 (2023), with her identification and the operations
 * behind it, and the operations that look split to stay under the threshold or under a fee band's edge.
 */

/** BRH Circular 95-4 (2023): a client's cash transactions of a day of HTG 110,000 or more, single or linked. */
export const DEFAULT_DECLARATION_THRESHOLD_HTG = 110_000;
/** « Within 10 % under » a threshold or a fee band's edge: `edge × 0.9 ≤ amount < edge` (decision 228). */
export const SPLIT_MARGIN_PERCENT = 10;
/** How many such operations of one person in one day make a split (decision 228). */
export const SPLIT_MIN_OPERATIONS = 2;

export const declarationsQuerySchema = z.object({
  /** Haiti's day, `YYYY-MM-DD`; yesterday in Haiti by default (a whole day, decision 228). */
  day: reportPeriodQueryShape.from,
  threshold: thresholdQuerySchema(DEFAULT_DECLARATION_THRESHOLD_HTG),
});
export type DeclarationsQuery = z.input<typeof declarationsQuerySchema>;

export const declarationFlags = ['threshold_split', 'fee_band_split'] as const;
export const declarationFlagSchema = z.enum(declarationFlags);
export type DeclarationFlag = z.infer<typeof declarationFlagSchema>;
export const declarationFlagLabels = texts({
  threshold_split: msg`Fractionné sous le seuil`,
  fee_band_split: msg`Fractionné sous une tranche de frais`,
} satisfies Record<DeclarationFlag, unknown>);

/** Which way the cash went at the counter: brought by the person, or handed to her. */
export const cashDirections = ['in', 'out'] as const;
export const cashDirectionSchema = z.enum(cashDirections);
export type CashDirection = z.infer<typeof cashDirectionSchema>;
export const cashDirectionLabels = texts({
  in: msg`Espèces reçues`,
  out: msg`Espèces remises`,
} satisfies Record<CashDirection, unknown>);

/**
 * The cash operations a declaration counts (decision 228), and which way their cash goes: the drawer's
 * (decision 149): a deposit, a withdrawal, a pay-out, an external transfer sent or refunded with no
 * customer account, and a correction of a deposit or a withdrawal (carried out at a counter, decision 226).
 */
export function cashDirectionOf(type: TransactionType, correctedType: TransactionType | null): CashDirection {
  if (type === 'reversal') return correctedType === 'withdrawal' ? 'in' : 'out';
  return type === 'deposit' || type === 'external_transfer' ? 'in' : 'out';
}

/** « Correction (Dépôt) » for a reversal, the type's label otherwise. */
export function declarationTypeLabel(type: TransactionType, correctedType: TransactionType | null): string {
  const label = transactionTypeLabels[type];
  return type === 'reversal' && correctedType ? `${label} (${transactionTypeLabels[correctedType]})` : label;
}

export const declarationPersonSchema = z.object({
  /** Found among the registered persons (by document, as decision 148 matches); else what the operation holds. */
  registered: z.boolean(),
  /** The whole name as shown. */
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  idDocumentType: z.string().nullable(),
  idDocumentNumber: z.string().nullable(),
  dob: z.string().nullable(),
  address: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type DeclarationPerson = z.infer<typeof declarationPersonSchema>;

export const declarationOperationSchema = z.object({
  transactionNumber: z.string(),
  type: transactionTypeSchema,
  /** The type's label; a correction names what it corrects. */
  label: z.string(),
  createdAt: z.string(),
  amount: z.number(),
  cash: cashDirectionSchema,
  /** The customer account of a deposit, a withdrawal or their correction; none for a transfer in cash. */
  accountNumber: z.string().nullable(),
  agent: reportAgentSchema.nullable(),
  /** The user who posted it: `Prénom Nom (identifiant)`. */
  teller: z.string(),
  flags: z.array(declarationFlagSchema),
  /** The fee band's lower bound (HTG) it stays just under, when it is flagged `fee_band_split`. */
  feeBandEdge: z.number().nullable(),
});
export type DeclarationOperation = z.infer<typeof declarationOperationSchema>;

export const declarationGroupSchema = z.object({
  person: declarationPersonSchema,
  count: z.number().int(),
  /** The day's cash, in and out added up (decision 228). */
  total: z.number(),
  cashIn: z.number(),
  cashOut: z.number(),
  largest: z.number(),
  flags: z.array(declarationFlagSchema),
  /** The agents of her operations, by code. */
  agents: z.array(reportAgentSchema),
  operations: z.array(declarationOperationSchema),
});
export type DeclarationGroup = z.infer<typeof declarationGroupSchema>;

export const declarationsSchema = z.object({
  day: z.string(),
  threshold: z.number(),
  currency: z.literal(CURRENCY),
  /** At or over the threshold: to declare. Largest total first. */
  declared: z.array(declarationGroupSchema),
  /** Under the threshold but flagged: to look at, not to declare. */
  toReview: z.array(declarationGroupSchema),
});
export type Declarations = z.infer<typeof declarationsSchema>;
export const declarationsResponseSchema = z.object({ data: declarationsSchema });

/** The CSV: one row per operation, with its person's identification and the flags (decision 228). */
export const declarationCsvHeaders = [
  'Section',
  'Jour',
  'Nom',
  'Prénom',
  'Nom complet',
  'Type de pièce',
  'Numéro de pièce',
  'Date de naissance',
  'Adresse',
  'Téléphone',
  'Personne enregistrée',
  'Total du jour',
  'Numéro',
  'Date',
  'Opération',
  'Espèces',
  'Montant',
  'Compte',
  'Agent',
  'Caissier',
  'Signalements',
] as const;

const declarationMainTexts = texts({
  title: msg`Déclarations UCREF`,
  intro: (threshold: string) =>
    msg`Chaque personne dont les opérations en espèces d'un jour d'Haïti atteignent ${threshold}, seules ou additionnées (circulaire BRH 95-4), avec son identification et ses opérations.`,
  chooseDayAndThreshold: msg`Choisir le jour et le seuil`,
  day: msg`Jour`,
  threshold: msg`Seuil (HTG)`,
  dayOf: (day: string) => msg`Journée du ${day}`,
  declared: msg`À déclarer`,
  declaredEmpty: msg`Aucune personne n'atteint le seuil ce jour-là.`,
  toReview: msg`À examiner`,
  toReviewIntro: msg`Sous le seuil, mais des opérations semblent fractionnées.`,
  yes: msg`Oui`,
  no: msg`Non`,
  registered: msg`Personne enregistrée`,
  notRegistered: msg`Selon l'opération (personne non enregistrée)`,
  document: msg`Pièce`,
  dob: msg`Date de naissance`,
  address: msg`Adresse`,
  phone: msg`Téléphone`,
  agents: msg`Agents`,
  dayTotal: msg`Total du jour`,
  cashIn: msg`Espèces reçues`,
  cashOut: msg`Espèces remises`,
  time: msg`Heure`,
  operation: msg`Opération`,
  cash: msg`Espèces`,
  account: msg`Compte`,
  teller: msg`Caissier`,
  flags: msg`Signalements`,
  underEdge: (edge: string) => msg`sous ${edge}`,
  operationsOf: (name: string) => msg`Opérations de ${name}`,
  /** Beside Imprimer and Exporter: what the file and the paper hold (decision 228). */
  handleWithCare: msg`Données d'identité : une fois la déclaration envoyée, supprimez le fichier de cet ordinateur et rangez l'impression.`,
});
/** The CSV's « Section » column: which list a row comes from. */
const declarationSectionTexts = texts({ declared: msg`À déclarer`, toReview: msg`À examiner` });

/** The declarations screen's texts, read in the language of the moment (decision 236). */
export const declarationTexts = Object.freeze(
  Object.defineProperties(
    {},
    {
      ...Object.getOwnPropertyDescriptors(declarationMainTexts),
      section: { value: declarationSectionTexts, enumerable: true },
    },
  ),
) as typeof declarationMainTexts & { readonly section: typeof declarationSectionTexts };

/** The CSV's file name: no text, the same in every language. */
export function declarationsFileName(day: string): string {
  return `declarations-ucref-${day}.csv`;
}

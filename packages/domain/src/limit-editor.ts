import { z } from 'zod';
import { effectiveFromSchema } from './fee-editor.js';
import { limitCategories, limitMessages, type LimitCategory } from './limits.js';
import {
  AMBIGUOUS_AMOUNT_INPUT,
  amountMessages,
  formatHtg,
  formatWholeHtg,
  hasAtMostTwoDecimals,
  MAX_OPERATION_HTG,
} from './money.js';
import { alongFieldErrors } from './refine.js';
import { transactionTypeSchema } from './transactions/index.js';

/** The largest per-day or 30-day limit the editor takes: a larger one is a typing mistake. */
export const MAX_LIMIT_HTG = 100_000_000;

/** The schedule editor's texts and refusals (decision 227), worded once for the form and the server. */
export const limitEditorMessages = {
  valueRequired: 'La limite est requise',
  valueInvalid: 'La limite est invalide',
  positive: 'La limite doit être positive',
  decimals: 'La limite ne peut pas avoir plus de deux décimales',
  tooLarge: `La limite ne peut pas dépasser ${formatWholeHtg(MAX_LIMIT_HTG)}`,
  operationAboveCap: `La limite par opération ne peut pas dépasser ${formatWholeHtg(MAX_OPERATION_HTG)} (plafond de la BRH)`,
  dayBelowOperation: 'La limite par jour doit être au moins la limite par opération',
  thirtyDaysBelowDay: 'La limite sur 30 jours doit être au moins la limite par jour',
  versionNotFound: 'Version des limites introuvable',
  versionInForce: 'Cette version est déjà entrée en vigueur : elle ne peut plus être annulée',
  noVersionInForce: 'Aucune version des limites en vigueur',
} as const;

/** The super administrator's page « Limites des clients » (decision 227). */
export const limitEditorTexts = {
  title: 'Limites des clients',
  intro:
    'Ce que chaque client peut faire, toutes agences et tous comptes confondus : par opération, par jour (heure d’Haïti) et sur 30 jours.',
  inForce: (number: number, since: string | null) =>
    since
      ? `Version n° ${number}, en vigueur depuis le ${since}`
      : `Version n° ${number}, en vigueur depuis la mise en service`,
  inForceCaption: 'Limites en vigueur',
  comingCaption: (number: number) => `Limites de la version n° ${number}`,
  category: 'Catégorie',
  coming: 'Versions à venir',
  noComing: 'Aucune version à venir.',
  past: 'Versions passées',
  comingFrom: (number: number, when: string) => `Version n° ${number}, à partir du ${when}`,
  pastLine: (number: number, when: string | null, status: string) =>
    `Version n° ${number}${when ? `, à partir du ${when}` : ''} : ${status}`,
  cancel: 'Annuler',
  cancelLabel: (number: number) => `Annuler la version n° ${number}`,
  cancelTitle: (number: number) => `Annuler la version n° ${number} ?`,
  cancelBody: (when: string) =>
    `Les limites prévues pour le ${when} ne s’appliqueront pas : celles en vigueur restent appliquées. L’annulation est définitive.`,
  cancelConfirm: 'Annuler la version',
  cancelKeep: 'Garder la version',
  cancelPending: 'Annulation…',
  cancelFailed: 'Échec de l’annulation de la version',
  cancelled: 'Version des limites annulée',
  pastStatus: { past: 'Remplacée', cancelled: 'Annulée' },
  createdBy: (username: string) => `créée par ${username}`,
  newVersion: 'Nouvelle version',
  submit: 'Enregistrer la nouvelle version',
  confirmTitle: 'Enregistrer ces limites ?',
  confirmBody: (when: string) =>
    `Elles s’appliqueront à tous les clients ${when}. Une version enregistrée ne se modifie pas : pour changer, il faudra en créer une autre (une version à venir peut être annulée).`,
  /** The confirmation lists what the new version changes from the one in force. */
  changesIntro: 'Ce qui change par rapport à la version en vigueur :',
  change: (category: string, period: string, fromHtg: number, toHtg: number) =>
    `${category}, ${period.toLowerCase()} : ${formatHtg(fromHtg)} → ${formatHtg(toHtg)}`,
  noChange: 'Aucune limite ne change : cette version reprendrait celles en vigueur.',
  lowered:
    'Une limite baissée compte ce que les clients ont déjà fait aujourd’hui et sur 30 jours : certains n’auront plus rien jusqu’à demain.',
  confirmNow: 'dès maintenant',
  confirmAt: (when: string) => `à partir du ${when}`,
  confirm: 'Confirmer',
  back: 'Revenir',
  saving: 'Enregistrement…',
  saveFailed: 'Échec de l’enregistrement des limites',
  saved: (number: number) => `Version n° ${number} enregistrée`,
  loading: 'Chargement des limites…',
  loadFailed: 'Les limites n’ont pas pu être chargées.',
  retry: 'Réessayer',
} as const;

const leftVerbs: Record<LimitCategory, string> = {
  cash_in: 'déposer',
  cash_out: 'retirer',
  send: 'envoyer',
};

/** The amount step's line under the amount (decision 227). */
export const limitLeftTexts = {
  left: (category: LimitCategory, todayHtg: number, thirtyDaysHtg: number, perOperationHtg: number) =>
    `Ce client peut encore ${leftVerbs[category]} ${formatHtg(todayHtg)} aujourd'hui (${formatHtg(thirtyDaysHtg)} sur 30 jours, ${formatHtg(perOperationHtg)} par opération)`,
  loading: 'Limites du client : lecture…',
  unavailable: 'Limites du client indisponibles : elles seront vérifiées à l’enregistrement.',
  /** Beside Suivant, when the amount is above what is left. */
  changeAmount: 'Changez le montant : il dépasse ce que ce client peut encore faire.',
} as const;

/** A limit in HTG: present, above zero, at most two decimals, at most `MAX_LIMIT_HTG`. */
const limitValueSchema = z
  .number({
    error: (issue) =>
      issue.input === AMBIGUOUS_AMOUNT_INPUT
        ? amountMessages.ambiguous
        : typeof issue.input === 'number' && !Number.isNaN(issue.input)
          ? limitEditorMessages.valueInvalid
          : limitEditorMessages.valueRequired,
  })
  .superRefine((value, ctx) => {
    if (value <= 0 || Math.round(value * 100) === 0)
      ctx.addIssue({ code: 'custom', message: limitEditorMessages.positive });
    else if (!hasAtMostTwoDecimals(value))
      ctx.addIssue({ code: 'custom', message: limitEditorMessages.decimals });
    else if (value > MAX_LIMIT_HTG) ctx.addIssue({ code: 'custom', message: limitEditorMessages.tooLarge });
  });

function isLimitValue(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && hasAtMostTwoDecimals(value) && value <= MAX_LIMIT_HTG;
}

/** One category's limits, in HTG: per operation ≤ 100 000 HTG, per operation ≤ per day ≤ per 30 days. */
export const limitValuesInputSchema = z
  .object({
    per_operation: limitValueSchema,
    per_day: limitValueSchema,
    per_thirty_days: limitValueSchema,
  })
  .superRefine((values, ctx) => {
    const { per_operation: operation, per_day: day, per_thirty_days: thirty } = values;
    if (isLimitValue(operation) && operation > MAX_OPERATION_HTG)
      ctx.addIssue({
        code: 'custom',
        path: ['per_operation'],
        message: limitEditorMessages.operationAboveCap,
      });
    if (isLimitValue(operation) && isLimitValue(day) && day < operation)
      ctx.addIssue({ code: 'custom', path: ['per_day'], message: limitEditorMessages.dayBelowOperation });
    if (isLimitValue(day) && isLimitValue(thirty) && thirty < day)
      ctx.addIssue({
        code: 'custom',
        path: ['per_thirty_days'],
        message: limitEditorMessages.thirtyDaysBelowDay,
      });
  }, alongFieldErrors);
export type LimitValuesInput = z.input<typeof limitValuesInputSchema>;

/**
 * `POST /limits/versions`: the three categories' limits as a new version (decision 227), effective at
 * `effective_from` (not in the past) or now when absent, as the fee editor's (decision 150).
 */
export const limitVersionInputSchema = z.object({
  effective_from: effectiveFromSchema,
  values: z.object({
    cash_in: limitValuesInputSchema,
    cash_out: limitValuesInputSchema,
    send: limitValuesInputSchema,
  }),
});
export type LimitVersionInput = z.input<typeof limitVersionInputSchema>;

export const limitVersionStatuses = ['in_force', 'coming', 'past', 'cancelled'] as const;
export type LimitVersionStatus = (typeof limitVersionStatuses)[number];

/** One category's limits in a version, in HTG. */
export const limitValuesSchema = z.object({
  category: z.enum(limitCategories),
  label: z.string(),
  perOperation: z.number(),
  perDay: z.number(),
  perThirtyDays: z.number(),
});
export type LimitValues = z.infer<typeof limitValuesSchema>;

export const limitVersionSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** Null for version 1, in force since always. */
  effectiveFrom: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ username: z.string() }).nullable(),
  status: z.enum(limitVersionStatuses),
  cancelledAt: z.string().nullable(),
  values: z.array(limitValuesSchema),
});
export type LimitVersion = z.infer<typeof limitVersionSchema>;

/** `GET /limits`: the version in force, the coming ones (soonest first), the past and cancelled ones. */
export const limitScheduleSchema = z.object({
  inForce: limitVersionSchema,
  coming: z.array(limitVersionSchema),
  past: z.array(limitVersionSchema),
});
export type LimitSchedule = z.infer<typeof limitScheduleSchema>;
export const limitScheduleResponseSchema = z.object({ data: limitScheduleSchema });

/** The types whose amount step reads what is left: those `limitCategoryOfType` maps. */
export const limitLeftTypes = [
  'deposit',
  'withdrawal',
  'transfer',
  'external_transfer',
  'external_payout',
] as const;
export type LimitLeftType = (typeof limitLeftTypes)[number];

/** `GET /limits/left`: a type, and an account (its holders are counted) or a person (a cash send's sender). */
export const limitLeftQuerySchema = z
  .object({
    type: z.enum(limitLeftTypes),
    accountNumber: z.string().trim().min(1).max(32).optional(),
    personId: z.uuid().max(36).optional(),
  })
  .refine((query) => (query.accountNumber === undefined) !== (query.personId === undefined), {
    message: 'Donnez un numéro de compte ou une personne, pas les deux',
    path: ['accountNumber'],
  });
export type LimitLeftQuery = z.input<typeof limitLeftQuerySchema>;

export const limitLeftSchema = z.object({
  type: transactionTypeSchema,
  category: z.enum(limitCategories),
  label: z.string(),
  /** The Haiti day the totals are of. */
  day: z.string(),
  version: z.number().int(),
  perOperation: z.number(),
  perDay: z.number(),
  perThirtyDays: z.number(),
  /** Each the least over the persons counted (an account's holders). */
  leftToday: z.number(),
  leftThirtyDays: z.number(),
  /** The largest amount one operation may have now: the least of the three. */
  maxAmount: z.number(),
});
export type LimitLeft = z.infer<typeof limitLeftSchema>;
export const limitLeftResponseSchema = z.object({ data: limitLeftSchema });

/**
 * The amount step's own refusal of an amount above what is left, worded as the posting's (decision 227);
 * undefined when the amount fits.
 */
export function limitRefusalOf(left: LimitLeft, amountHtg: number): string | undefined {
  if (amountHtg > left.perOperation) return limitMessages.operation(left.perOperation);
  if (amountHtg > left.leftToday) return limitMessages.day(left.leftToday);
  if (amountHtg > left.leftThirtyDays) return limitMessages.thirtyDays(left.leftThirtyDays);
  return undefined;
}

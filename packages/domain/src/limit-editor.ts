import { msg } from '@lingui/core/macro';
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
import { texts } from './i18n.js';
import { alongFieldErrors } from './refine.js';
import { transactionTypeSchema } from './transactions/index.js';

/** The largest per-day or 30-day limit the editor takes: a larger one is a typing mistake. */
export const MAX_LIMIT_HTG = 100_000_000;

// Amounts, not texts: the same figures in every language (decision 238).
const largestLimit = formatWholeHtg(MAX_LIMIT_HTG);
const operationCap = formatWholeHtg(MAX_OPERATION_HTG);

/** The schedule editor's texts and refusals (decision 227), worded once for the form and the server. */
export const limitEditorMessages = texts({
  valueRequired: msg`La limite est requise`,
  valueInvalid: msg`La limite est invalide`,
  positive: msg`La limite doit être positive`,
  decimals: msg`La limite ne peut pas avoir plus de deux décimales`,
  tooLarge: msg`La limite ne peut pas dépasser ${largestLimit}`,
  operationAboveCap: msg`La limite par opération ne peut pas dépasser ${operationCap} (plafond de la BRH)`,
  dayBelowOperation: msg`La limite par jour doit être au moins la limite par opération`,
  thirtyDaysBelowDay: msg`La limite sur 30 jours doit être au moins la limite par jour`,
  versionNotFound: msg`Version des limites introuvable`,
  versionInForce: msg`Cette version est déjà entrée en vigueur : elle ne peut plus être annulée`,
  noVersionInForce: msg`Aucune version des limites en vigueur`,
  /** `GET /limits/left` with both an account and a person, or neither. */
  accountOrPerson: msg`Donnez un numéro de compte ou une personne, pas les deux`,
});

/** The super administrator's page « Limites des clients » (decision 227). */
export const limitEditorTexts = texts({
  title: msg`Limites des clients`,
  intro: msg`Ce que chaque client peut faire, toutes agences et tous comptes confondus : par opération, par jour (heure d’Haïti) et sur 30 jours.`,
  inForce: (number: number, since: string | null) =>
    since
      ? msg`Version n° ${number}, en vigueur depuis le ${since}`
      : msg`Version n° ${number}, en vigueur depuis la mise en service`,
  inForceCaption: msg`Limites en vigueur`,
  comingCaption: (number: number) => msg`Limites de la version n° ${number}`,
  category: msg`Catégorie`,
  coming: msg`Versions à venir`,
  noComing: msg`Aucune version à venir.`,
  past: msg`Versions passées`,
  comingFrom: (number: number, when: string) => msg`Version n° ${number}, à partir du ${when}`,
  pastLine: (number: number, when: string | null, status: string) =>
    when ? msg`Version n° ${number}, à partir du ${when} : ${status}` : msg`Version n° ${number} : ${status}`,
  cancel: msg`Annuler`,
  cancelLabel: (number: number) => msg`Annuler la version n° ${number}`,
  cancelTitle: (number: number) => msg`Annuler la version n° ${number} ?`,
  cancelBody: (when: string) =>
    msg`Les limites prévues pour le ${when} ne s’appliqueront pas : celles en vigueur restent appliquées. L’annulation est définitive.`,
  cancelConfirm: msg`Annuler la version`,
  cancelKeep: msg`Garder la version`,
  cancelPending: msg`Annulation…`,
  cancelFailed: msg`Échec de l’annulation de la version`,
  cancelled: msg`Version des limites annulée`,
  createdBy: (username: string) => msg`créée par ${username}`,
  newVersion: msg`Nouvelle version`,
  submit: msg`Enregistrer la nouvelle version`,
  confirmTitle: msg`Enregistrer ces limites ?`,
  confirmBody: (when: string) =>
    msg`Elles s’appliqueront à tous les clients ${when}. Une version enregistrée ne se modifie pas : pour changer, il faudra en créer une autre (une version à venir peut être annulée).`,
  /** The confirmation lists what the new version changes from the one in force. */
  changesIntro: msg`Ce qui change par rapport à la version en vigueur :`,
  change: (category: string, periodLabel: string, fromHtg: number, toHtg: number) => {
    const period = periodLabel.toLowerCase();
    const from = formatHtg(fromHtg);
    const to = formatHtg(toHtg);
    return msg`${category}, ${period} : ${from} → ${to}`;
  },
  noChange: msg`Aucune limite ne change : cette version reprendrait celles en vigueur.`,
  lowered: msg`Une limite baissée compte ce que les clients ont déjà fait aujourd’hui et sur 30 jours : certains n’auront plus rien jusqu’à demain.`,
  confirmNow: msg`dès maintenant`,
  confirmAt: (when: string) => msg`à partir du ${when}`,
  confirm: msg`Confirmer`,
  back: msg`Revenir`,
  saving: msg`Enregistrement…`,
  saveFailed: msg`Échec de l’enregistrement des limites`,
  saved: (number: number) => msg`Version n° ${number} enregistrée`,
  loading: msg`Chargement des limites…`,
  loadFailed: msg`Les limites n’ont pas pu être chargées.`,
  retry: msg`Réessayer`,
});

/** Where a past version stands, in the list of past versions. */
export const limitPastStatusTexts = texts({ past: msg`Remplacée`, cancelled: msg`Annulée` });

/** The amount step's line under the amount (decision 227). */
export const limitLeftTexts = texts({
  left: (category: LimitCategory, todayHtg: number, thirtyDaysHtg: number, perOperationHtg: number) => {
    const today = formatHtg(todayHtg);
    const thirtyDays = formatHtg(thirtyDaysHtg);
    const perOperation = formatHtg(perOperationHtg);
    // One whole sentence a category: the verb's place differs from one language to another.
    if (category === 'cash_in')
      return msg`Ce client peut encore déposer ${today} aujourd'hui (${thirtyDays} sur 30 jours, ${perOperation} par opération)`;
    if (category === 'cash_out')
      return msg`Ce client peut encore retirer ${today} aujourd'hui (${thirtyDays} sur 30 jours, ${perOperation} par opération)`;
    return msg`Ce client peut encore envoyer ${today} aujourd'hui (${thirtyDays} sur 30 jours, ${perOperation} par opération)`;
  },
  loading: msg`Limites du client : lecture…`,
  unavailable: msg`Limites du client indisponibles : elles seront vérifiées à l’enregistrement.`,
  /** Beside Suivant, when the amount is above what is left. */
  changeAmount: msg`Changez le montant : il dépasse ce que ce client peut encore faire.`,
});

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
    error: () => limitEditorMessages.accountOrPerson,
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

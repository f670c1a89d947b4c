import { z } from 'zod';
import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';
import { CURRENCY } from './account-names.js';
import { isIsoDate } from './dates.js';
import { hasAtMostTwoDecimals, MAX_OPERATION_HTG } from './money.js';
import { listMetaSchema, paginationQuerySchema } from './pagination.js';
import { feeTypeSchema, transactionStatusSchema, transactionTypeSchema } from './transactions/types.js';

/*
 * Issue 16, items 3 and 5 (decision 148): the commission statement, the network's reports (trial
 * balance, fee income by agent, large operations) and a customer account's statement.
 */

export const statementMessages = texts({
  month: msg`Mois invalide (AAAA-MM)`,
  date: msg`Date invalide (AAAA-MM-JJ)`,
  futureDay: msg`Ce jour n’est pas encore venu en Haïti`,
  monthOrDates: msg`Indiquez un mois ou des dates, pas les deux`,
  order: msg`La date de début doit précéder la date de fin`,
  span: (days: number) => msg`La période ne peut pas dépasser ${days} jours`,
  threshold: msg`Seuil invalide`,
  agentCode: msg`Code d'agent invalide`,
  agentCodeRequired: msg`Code de l'agent requis`,
  exportFailed: msg`Échec de l'export`,
  loadFailed: msg`Impossible de charger le rapport`,
});
/** A zod message read when the schema parses, in the language of the moment (decision 236). */
const said = (key: 'month' | 'date' | 'threshold' | 'agentCode') => ({
  error: () => statementMessages[key],
});

/** The longest period a report reads (a year and a day: a leap year's whole). */
export const MAX_REPORT_DAYS = 366;
/** The large operations' report reads a month at most: it adds up every person's day. */
export const MAX_LARGE_OPERATIONS_DAYS = 31;

/**
 * The regulator's reporting threshold by default (decision 148): the cap on one mobile-money operation.
 * A person who moves that much in a day in smaller pieces is what the report looks for.
 * The caller may ask for another with `?threshold=`.
 */
export const DEFAULT_LARGE_OPERATION_THRESHOLD_HTG = MAX_OPERATION_HTG;

const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);
/** A report's day: a real date, within the years a report can hold (a year past 9999 is no timestamp). */
const isoDate = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .max(10, said('date'))
    .refine((day) => isIsoDate(day) && day >= '2000-01-01' && day <= '2099-12-31', said('date'))
    .meta({ format: 'date', pattern: '^20[0-9]{2}-' })
    .optional(),
);

/**
 * A report's period: `month=YYYY-MM`, or `from` and `to` (Haiti's calendar days, both included);
 * nothing: the current month in Haiti. `from` alone runs to today, `to` alone from its month's first day.
 */
export const reportPeriodQueryShape = {
  month: z.preprocess(
    blankIsAbsent,
    z
      .string()
      .max(7, said('month'))
      .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, said('month'))
      .optional(),
  ),
  from: isoDate,
  to: isoDate,
};

/** Where a period's two dates are checked: order and span (the server resolves the defaults). */
export function periodIssues(from: string, to: string, maxDays: number): string | undefined {
  if (from > to) return statementMessages.order;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > maxDays) return statementMessages.span(maxDays);
  return undefined;
}

/** `2026-11` → first and last day of that month. */
export function monthBounds(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export const reportPeriodSchema = z.object({
  /** First day, `YYYY-MM-DD`, in Haiti. */
  from: z.string(),
  /** Last day, included. */
  to: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

// ---- Commission statement -------------------------------------------------------------------------

export const commissionQuerySchema = z.object({
  ...reportPeriodQueryShape,
  /** The agent; an administrator's own by default; absent for the super administrator: the network. */
  agentCode: z
    .preprocess(blankIsAbsent, z.string().trim().min(1).max(40, said('agentCode')).optional())
    .describe(
      "Le code de l'agent. Absent : l'agent de l'administrateur ; pour le super administrateur, tout le réseau.",
    ),
});
export type CommissionQuery = z.input<typeof commissionQuerySchema>;

export const commissionOperationsQuerySchema = commissionQuerySchema.extend(paginationQuerySchema.shape);
export type CommissionOperationsQuery = z.input<typeof commissionOperationsQuerySchema>;

const feeFiguresShape = {
  /** Operations of the line. */
  count: z.number().int(),
  /** Amounts moved, HTG. */
  amount: z.number(),
  /** Fees collected (agent share + fee income), HTG. */
  fee: z.number(),
  /** The agent's share, credited to its float. */
  agentShare: z.number(),
  /** The network's fee income: fee − agent share. */
  feeIncome: z.number(),
};

export const commissionLineSchema = z.object({ type: feeTypeSchema, label: z.string(), ...feeFiguresShape });
export type CommissionLine = z.infer<typeof commissionLineSchema>;

export const commissionTotalsSchema = z.object(feeFiguresShape);
export type CommissionTotals = z.infer<typeof commissionTotalsSchema>;

export const reportAgentSchema = z.object({ code: z.string(), name: z.string() });

export const agentFeeIncomeSchema = z.object({ agent: reportAgentSchema, ...feeFiguresShape });
export type AgentFeeIncome = z.infer<typeof agentFeeIncomeSchema>;

export const commissionStatementSchema = z.object({
  period: reportPeriodSchema,
  currency: z.literal(CURRENCY),
  /** The agent of the statement; null: the network's totals (super administrator). */
  agent: reportAgentSchema.nullable(),
  /** One line per fee type, in the fee table's order, lines without operations included. */
  byType: z.array(commissionLineSchema),
  totals: commissionTotalsSchema,
  /** The network's statement only: each agent's fees (agents without operations left out). */
  byAgent: z.array(agentFeeIncomeSchema),
});
export type CommissionStatement = z.infer<typeof commissionStatementSchema>;
export const commissionStatementResponseSchema = z.object({ data: commissionStatementSchema });

export const commissionOperationSchema = z.object({
  transactionNumber: z.string(),
  type: feeTypeSchema,
  status: transactionStatusSchema,
  amount: z.number(),
  fee: z.number(),
  agentShare: z.number(),
  feeIncome: z.number(),
  agent: reportAgentSchema,
  createdAt: z.string(),
});
export type CommissionOperation = z.infer<typeof commissionOperationSchema>;
export const commissionOperationsResponseSchema = z.object({
  data: z.array(commissionOperationSchema),
  meta: listMetaSchema,
});

export const commissionCsvHeaders = [
  'Numéro',
  'Type',
  'Statut',
  'Agent',
  'Date',
  'Montant',
  'Frais',
  "Part de l'agent",
  'Revenu de frais',
] as const;

// ---- Trial balance ---------------------------------------------------------------------------------

export const trialBalanceKeys = ['fee_income', 'payout', 'treasury', 'floats', 'customers'] as const;
export const trialBalanceKeySchema = z.enum(trialBalanceKeys);
export type TrialBalanceKey = z.infer<typeof trialBalanceKeySchema>;
export const trialBalanceLabels: Record<TrialBalanceKey, string> = texts({
  fee_income: msg`Revenus de frais`,
  payout: msg`Transferts externes à payer`,
  treasury: msg`Trésorerie`,
  floats: msg`Floats des agents`,
  customers: msg`Comptes clients`,
});

export const trialBalanceSchema = z.object({
  /** The instant the balances were read. */
  at: z.string(),
  currency: z.literal(CURRENCY),
  rows: z.array(
    z.object({
      key: trialBalanceKeySchema,
      label: z.string(),
      /** A system account's number; null for a total of many accounts. */
      accountNumber: z.string().nullable(),
      /** Accounts the line adds up. */
      accounts: z.number().int(),
      balance: z.number(),
    }),
  ),
  /** The sum of the lines: zero, or the ledger is broken. */
  total: z.number(),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;
export const trialBalanceResponseSchema = z.object({ data: trialBalanceSchema });

// ---- Large operations ------------------------------------------------------------------------------

/**
 * Digits and at most two decimals after a dot, nothing else: "110.000" (a French 110 000) is not 110, nor is
 * "1e5" an amount anyone typed. Another text becomes NaN, refused with the threshold's message.
 */
const plainDecimal = (value: unknown) =>
  typeof value === 'string' && !/^\d{1,13}(\.\d{1,2})?$/.test(value.trim()) ? Number.NaN : value;

/** A report's `?threshold=` in HTG, `defaultHtg` when absent (decisions 148 and 228). */
export function thresholdQuerySchema(defaultHtg: number) {
  return z.preprocess(
    (value) => plainDecimal(blankIsAbsent(value)),
    z.coerce
      .number(said('threshold'))
      .positive(said('threshold'))
      .max(1_000_000_000, said('threshold'))
      .refine(hasAtMostTwoDecimals, said('threshold'))
      .default(defaultHtg),
  );
}

export const largeOperationsQuerySchema = z
  .object({
    from: reportPeriodQueryShape.from,
    to: reportPeriodQueryShape.to,
    threshold: thresholdQuerySchema(DEFAULT_LARGE_OPERATION_THRESHOLD_HTG),
  })
  .extend(paginationQuerySchema.shape);
export type LargeOperationsQuery = z.input<typeof largeOperationsQuerySchema>;

/** How a person appears on an operation. */
export const personRoles = ['party', 'sender', 'recipient'] as const;
export const personRoleSchema = z.enum(personRoles);
export type PersonRole = z.infer<typeof personRoleSchema>;
export const personRoleLabels: Record<PersonRole, string> = texts({
  party: msg`Au guichet`,
  sender: msg`Expéditeur`,
  recipient: msg`Bénéficiaire`,
});

export const largeOperationGroupSchema = z.object({
  /** Haiti's day. */
  date: z.string(),
  person: z.object({
    name: z.string(),
    idDocumentType: z.string().nullable(),
    idDocumentNumber: z.string().nullable(),
  }),
  count: z.number().int(),
  total: z.number(),
  largest: z.number(),
  /** No operation reaches the threshold alone: the day's total does, in smaller pieces. */
  split: z.boolean(),
  operations: z.array(
    z.object({
      transactionNumber: z.string(),
      type: transactionTypeSchema,
      status: transactionStatusSchema,
      amount: z.number(),
      roles: z.array(personRoleSchema),
      agent: reportAgentSchema.nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type LargeOperationGroup = z.infer<typeof largeOperationGroupSchema>;
export const largeOperationsResponseSchema = z.object({
  data: z.array(largeOperationGroupSchema),
  meta: listMetaSchema.extend({ threshold: z.number(), from: z.string(), to: z.string() }),
});
export type LargeOperationsResponse = z.infer<typeof largeOperationsResponseSchema>;

// ---- Account statement -----------------------------------------------------------------------------

export const accountStatementQuerySchema = z
  .object(reportPeriodQueryShape)
  .extend(paginationQuerySchema.shape);
export type AccountStatementQuery = z.input<typeof accountStatementQuerySchema>;
export const accountStatementExportQuerySchema = z.object(reportPeriodQueryShape);

/** `GET /reports/float/statement` (decision 191): the agent by its code, an administrator's own by default. */
// Optional for an administrator, required for the super administrator: said where the parameter is read (decision 234).
const floatAgentCode = commissionQuerySchema.shape.agentCode.describe(
  "Le code de l'agent. Requis pour le super administrateur (sans lui : 422 `errors.agentCode`) ; un administrateur : son agent par défaut.",
);
export const floatStatementQuerySchema = accountStatementQuerySchema.extend({ agentCode: floatAgentCode });
export type FloatStatementQuery = z.input<typeof floatStatementQuerySchema>;
export const floatStatementExportQuerySchema = accountStatementExportQuerySchema.extend({
  agentCode: floatAgentCode,
});

export const accountStatementMovementSchema = z.object({
  transactionNumber: z.string(),
  type: transactionTypeSchema,
  label: z.string(),
  createdAt: z.string(),
  /** Signed: positive raises the balance. */
  amount: z.number(),
  /** The balance after this movement. */
  balance: z.number(),
});
export type AccountStatementMovement = z.infer<typeof accountStatementMovementSchema>;

export const accountStatementSchema = z.object({
  account: z.object({
    accountNumber: z.string(),
    /** A customer account's type (`current`, `savings`), or `float` for an agent's float (decision 191). */
    type: z.string(),
    /** A customer account's holders; none for a float. */
    holders: z.array(z.string()),
    /** A float's agent (decision 191); absent for a customer account. */
    agent: z.object({ code: z.string(), name: z.string() }).optional(),
  }),
  period: reportPeriodSchema,
  currency: z.literal(CURRENCY),
  openingBalance: z.number(),
  totalCredits: z.number(),
  totalDebits: z.number(),
  closingBalance: z.number(),
  /** The page's movements, oldest first. */
  movements: z.array(accountStatementMovementSchema),
});
export type AccountStatement = z.infer<typeof accountStatementSchema>;
export const accountStatementResponseSchema = z.object({
  data: accountStatementSchema,
  meta: listMetaSchema,
});
export type AccountStatementResponse = z.infer<typeof accountStatementResponseSchema>;

export const accountStatementCsvHeaders = ['Date', 'Numéro', 'Opération', 'Montant', 'Solde'] as const;
// The CSV's rows stay French whatever the screen's language: a spreadsheet's columns and totals must not
// change with the user (issue 45).
export const statementCsvTexts = {
  opening: "Solde d'ouverture",
  closing: 'Solde de clôture',
  total: 'Total',
  allTypes: 'Toutes les opérations',
  operations: (count: number) => (count === 1 ? '1 opération' : `${count} opérations`),
} as const;

/** The reports' screens (issue 16): titles, labels, states, in one place. */
export const reportTexts = texts({
  section: msg`Rapports`,
  commissionsTitle: msg`Relevé de commissions`,
  commissionsIntroAgent: msg`Les frais perçus par votre agent et sa part, par type d'opération.`,
  commissionsIntroNetwork: msg`Les frais perçus par le réseau, la part de chaque agent et le revenu de frais. Indiquez un code d'agent pour son relevé.`,
  networkTitle: msg`Rapports du réseau`,
  accountStatementTitle: msg`Relevé de compte`,
  accountStatementIntro: msg`Le solde d'ouverture, chaque mouvement et le solde de clôture d'un compte client.`,
  floatStatementTitle: msg`Relevé du float`,
  floatStatementIntro: msg`Le solde d'ouverture, chaque mouvement du float de l'agent (opérations, frais et parts d'agent) et le solde de clôture, pour le rapprocher de la caisse.`,
  floatStatementLink: msg`Relevé du float`,
  floatOf: (name: string, code: string) => msg`Float de ${name} (${code})`,
  floatAgent: msg`Agent`,
  /** The filter forms' names (a search landmark each) and the pagers'. */
  choosePeriod: msg`Choisir la période`,
  chooseAccountAndPeriod: msg`Choisir le compte et la période`,
  choosePeriodAndThreshold: msg`Choisir la période et le seuil`,
  operationPages: msg`Pages des opérations`,
  largeOperationPages: msg`Pages des opérations importantes`,
  movementPages: msg`Pages des mouvements`,
  month: msg`Mois`,
  from: msg`Du`,
  to: msg`Au`,
  agentCode: msg`Code de l'agent`,
  agentCodeHint: msg`Vide : tout le réseau`,
  accountNumber: msg`Numéro de compte`,
  threshold: msg`Seuil (HTG)`,
  show: msg`Afficher`,
  print: msg`Imprimer`,
  exportCsv: msg`Exporter en CSV`,
  exporting: msg`Export…`,
  loading: msg`Chargement du rapport…`,
  retry: msg`Réessayer`,
  period: (from: string, to: string) => msg`Du ${from} au ${to}`,
  network: msg`Réseau`,
  byType: msg`Par type d'opération`,
  byAgent: msg`Par agent`,
  operations: msg`Opérations`,
  noOperations: msg`Aucune opération sur cette période.`,
  type: msg`Type`,
  count: msg`Nombre`,
  amount: msg`Montant`,
  fee: msg`Frais perçus`,
  agentShare: msg`Part de l'agent`,
  feeIncome: msg`Revenu de frais`,
  total: msg`Total`,
  number: msg`Numéro`,
  status: msg`Statut`,
  agent: msg`Agent`,
  date: msg`Date`,
  trialBalanceTitle: msg`Balance générale`,
  trialBalanceAccount: msg`Compte`,
  trialBalanceAccounts: msg`Comptes`,
  balance: msg`Solde`,
  trialBalanceTotal: msg`Somme (doit être nulle)`,
  largeTitle: msg`Opérations importantes`,
  largeIntro: (threshold: string) =>
    msg`Les opérations d'une même personne sur une journée, additionnées, quand leur total atteint ${threshold}.`,
  largeEmpty: msg`Aucune personne n'atteint le seuil sur cette période.`,
  person: msg`Personne`,
  day: msg`Jour`,
  dayTotal: msg`Total du jour`,
  split: msg`Fractionné`,
  splitHint: msg`Aucune opération n'atteint le seuil seule`,
  roles: msg`Rôle`,
  opening: msg`Solde d'ouverture`,
  closing: msg`Solde de clôture`,
  credits: msg`Crédits`,
  debits: msg`Débits`,
  movements: msg`Mouvements`,
  noMovements: msg`Aucun mouvement sur cette période.`,
  holders: msg`Titulaires`,
  operation: msg`Opération`,
  askAccount: msg`Saisissez un numéro de compte pour afficher son relevé.`,
  askAgent: msg`Saisissez le code d'un agent pour afficher le relevé de son float.`,
});

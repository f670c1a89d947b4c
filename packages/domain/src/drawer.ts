import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { texts } from './i18n.js';
import { centimesToHtg, formatHtg, formatSignedHtg, htgToCentimes } from './money.js';

/**
 * The teller's cash drawer (decision 149): paper money, outside the ledger. A session is
 * opened with a count by denomination and closed with a blind count; its expected amount comes from
 * the session's cash movements in the ledger.
 */

/**
 * The drawer's one list of denominations, largest first, in centimes: every banknote and coin down to 5
 * centimes, so any amount can be counted to the nearest 5 centimes (decision 212). The forms, API and ticket
 * follow it.
 */
export const drawerDenominations = [
  { key: '1000', centimes: 1000_00, label: msg`Billet de 1 000 HTG`, kind: 'note' },
  { key: '500', centimes: 500_00, label: msg`Billet de 500 HTG`, kind: 'note' },
  { key: '250', centimes: 250_00, label: msg`Billet de 250 HTG`, kind: 'note' },
  { key: '100', centimes: 100_00, label: msg`Billet de 100 HTG`, kind: 'note' },
  { key: '50', centimes: 50_00, label: msg`Billet de 50 HTG`, kind: 'note' },
  { key: '25', centimes: 25_00, label: msg`Billet de 25 HTG`, kind: 'note' },
  { key: '20', centimes: 20_00, label: msg`Billet de 20 HTG`, kind: 'note' },
  { key: '10', centimes: 10_00, label: msg`Billet de 10 HTG`, kind: 'note' },
  { key: '5', centimes: 5_00, label: msg`Pièce de 5 HTG`, kind: 'coin' },
  { key: '1', centimes: 1_00, label: msg`Pièce de 1 HTG`, kind: 'coin' },
  { key: '0.50', centimes: 50, label: msg`Pièce de 50 centimes`, kind: 'coin' },
  { key: '0.20', centimes: 20, label: msg`Pièce de 20 centimes`, kind: 'coin' },
  { key: '0.10', centimes: 10, label: msg`Pièce de 10 centimes`, kind: 'coin' },
  { key: '0.05', centimes: 5, label: msg`Pièce de 5 centimes`, kind: 'coin' },
] as const;

export type DrawerDenominationKey = (typeof drawerDenominations)[number]['key'];
export type DrawerCounts = Record<DrawerDenominationKey, number>;

/** Above this difference (either sign), a close waits for the agent administrator's acknowledgement. */
export const DEFAULT_DRAWER_ACKNOWLEDGEMENT_THRESHOLD_HTG = 500;

/**
 * Above this total a count is refused (decision 201): no cash point holds that much paper, and a typo of a
 * few digits would otherwise open a drawer of millions. `DRAWER_MAX_COUNT_HTG` on the server.
 */
export const DEFAULT_DRAWER_MAX_COUNT_HTG = 2_000_000;

/** The most pieces of one denomination a count takes (a typo of several digits is refused). */
export const MAX_DRAWER_PIECES = 100_000;

export const drawerMessages = texts({
  /** A cash operation without an open drawer (ledger refusal `DrawerClosed`). */
  drawerClosed: msg`Ouvrez votre caisse avant toute opération en espèces.`,
  alreadyOpen: msg`Votre caisse est déjà ouverte.`,
  noOpenDrawer: msg`Aucune caisse ouverte : ouvrez votre caisse d’abord.`,
  notFound: msg`Session de caisse introuvable.`,
  notClosed: msg`Cette caisse n’est pas encore fermée.`,
  acknowledgementNotNeeded: msg`Cet écart ne demande pas de validation.`,
  /** A count above the plausible total (decision 201); `max` formatted in HTG. */
  countImplausible: (counted: string, max: string) =>
    msg`Le total compté (${counted}) dépasse le plafond de ${max} : vérifiez le nombre de billets et de pièces.`,
  /** The difference of a close made by an administrator with her own count: the super administrator's. */
  acknowledgedBySuperAdmin: msg`Cet écart a été compté par un administrateur : seul le super administrateur le valide.`,
  /** A teller's own close: its agent's administrator validates it, not the super administrator. */
  acknowledgedByAgentAdmin: msg`Cet écart est validé par l’administrateur de l’agent du caissier.`,
  openingAcknowledgementNotNeeded: msg`L’ouverture de cette caisse ne demande pas de validation.`,
  openingAlreadyAcknowledged: msg`L’écart à l’ouverture a déjà été validé.`,
  alreadyClosed: msg`Cette caisse est déjà fermée.`,
  alreadyAcknowledged: msg`Cet écart a déjà été validé.`,
  countInvalid: msg`Entrez un nombre entier de pièces ou de billets, 0 ou plus`,
  countTooLarge: msg`Au plus 100 000 pièces ou billets`,
  dateInvalid: msg`Date invalide (AAAA-MM-JJ)`,
  opened: msg`Caisse ouverte`,
  closed: msg`Caisse fermée`,
  acknowledged: msg`Écart validé`,
  fingerprintValid: msg`Empreinte vérifiée : les écritures de la session n’ont pas changé.`,
  fingerprintInvalid: msg`Empreinte différente : une écriture de cette session ou de la précédente a changé depuis la clôture.`,
});

const pieceCountSchema = z
  .number({ error: () => drawerMessages.countInvalid })
  .int({ error: () => drawerMessages.countInvalid })
  .min(0, { error: () => drawerMessages.countInvalid })
  .max(MAX_DRAWER_PIECES, { error: () => drawerMessages.countTooLarge });

/** A count by denomination: every denomination of the list, a whole number of pieces each (missing: 0). */
export const drawerCountsSchema = z.strictObject(
  Object.fromEntries(drawerDenominations.map((d) => [d.key, pieceCountSchema.default(0)])) as Record<
    DrawerDenominationKey,
    z.ZodDefault<typeof pieceCountSchema>
  >,
);

/** `POST /drawer/open`, `POST /drawer/close` and `POST /drawer/sessions/{id}/close`: the count. */
export const drawerCountInputSchema = z.strictObject({ counts: drawerCountsSchema });
export type DrawerCountInput = z.input<typeof drawerCountInputSchema>;

/** The total of a count, in centimes. */
export function drawerTotalCentimes(counts: Partial<Record<string, number>>): number {
  return drawerDenominations.reduce((sum, d) => sum + d.centimes * (counts[d.key] ?? 0), 0);
}

/** The smallest coin counted: no count comes nearer than this to an amount of two decimals (decision 212). */
export const SMALLEST_COIN_CENTIMES = Math.min(...drawerDenominations.map((d) => d.centimes));

/**
 * What a difference (counted − expected, or an opening − the previous close) is, decision 212: none; a
 * rounding, smaller than the smallest coin, which no count could avoid (125,78 HTG expected, 125,75 counted);
 * else a surplus or a shortage. The difference itself stays recorded to the centime.
 */
export const drawerDifferenceKinds = ['none', 'rounding', 'surplus', 'shortage'] as const;
export type DrawerDifferenceKind = (typeof drawerDifferenceKinds)[number];

/** The kind of a difference in centimes (the server's). */
export function differenceKindOfCentimes(centimes: number): DrawerDifferenceKind {
  if (centimes === 0) return 'none';
  if (Math.abs(centimes) < SMALLEST_COIN_CENTIMES) return 'rounding';
  return centimes > 0 ? 'surplus' : 'shortage';
}

/** The kind of a difference in HTG, as the API answers it. */
export function drawerDifferenceKind(differenceHtg: number): DrawerDifferenceKind {
  return differenceKindOfCentimes(htgToCentimes(differenceHtg));
}

/**
 * A surplus or a shortage strictly above the threshold waits for an administrator; a rounding never does,
 * whatever the threshold (decision 212).
 */
export function differenceNeedsAcknowledgement(centimes: number, thresholdCentimes: number): boolean {
  const kind = differenceKindOfCentimes(centimes);
  return (kind === 'surplus' || kind === 'shortage') && Math.abs(centimes) > thresholdCentimes;
}

/**
 * The fees of a session's totals that were paid in cash, into the drawer: each line's cash less its amount
 * (a deposit's and a cash send's fee; a withdrawal's is taken from the account). With the opening and each
 * line's amount in its direction, they add up to the expected amount.
 */
export function cashFeesOf(totals: readonly Pick<DrawerTotal, 'type' | 'amount' | 'cash'>[]): number {
  const centimes = totals.reduce(
    (sum, line) =>
      sum + htgToCentimes(line.cash) - drawerMovementKinds[line.type].direction * htgToCentimes(line.amount),
    0,
  );
  return centimesToHtg(centimes);
}

/** `GET /drawer/sessions?date=`: a day in Haiti, today by default. */
export const drawerSessionsQuerySchema = z.object({
  date: z
    .string()
    .max(10, { error: () => drawerMessages.dateInvalid })
    .refine((value) => isIsoDate(value), { error: () => drawerMessages.dateInvalid })
    .meta({ format: 'date' })
    .optional(),
});

/** The cash types of a session's totals (the ticket's lines), with their direction in the drawer. */
export const drawerMovementKinds = {
  deposit: { label: msg`Dépôts`, direction: 1 },
  external_transfer: { label: msg`Transferts envoyés en espèces`, direction: 1 },
  withdrawal: { label: msg`Retraits`, direction: -1 },
  external_payout: { label: msg`Transferts payés`, direction: -1 },
  external_refund: { label: msg`Remboursements en espèces`, direction: -1 },
  // A correction carried out at the counter (decision 226): a deposit's cash goes back, a withdrawal's comes back.
  deposit_reversal: { label: msg`Corrections de dépôts (espèces rendues)`, direction: -1 },
  withdrawal_reversal: { label: msg`Corrections de retraits (espèces reprises)`, direction: 1 },
} as const;
export type DrawerMovementKind = keyof typeof drawerMovementKinds;

const htg = z.number();
const countsAnswer = z.record(z.string(), z.number().int());

/** One line of a session's totals: how many, the amount, the fees collected and the agent's share. */
export const drawerTotalSchema = z.object({
  type: z.enum(Object.keys(drawerMovementKinds) as [DrawerMovementKind, ...DrawerMovementKind[]]),
  count: z.number().int(),
  amount: htg,
  fee: htg,
  agentShare: htg,
  /** What it changed in the drawer: + in, − out (amount and, in cash, the fee). */
  cash: htg,
});
export type DrawerTotal = z.infer<typeof drawerTotalSchema>;

/**
 * A drawer session as the API answers it. While it is open, `expected`, `counted` and `difference` are
 * null whoever asks: the close is blind (the count is typed without knowing what is expected).
 */
export const drawerSessionSchema = z.object({
  id: z.uuid(),
  status: z.enum(['open', 'closed']),
  teller: z.object({ id: z.uuid(), username: z.string(), name: z.string() }),
  agent: z.object({ code: z.string(), name: z.string() }),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  openingCounts: countsAnswer,
  opening: htg,
  closingCounts: countsAnswer.nullable(),
  counted: htg.nullable(),
  expected: htg.nullable(),
  /** counted − expected: positive when the drawer holds more than expected. */
  difference: htg.nullable(),
  /** What the difference is: below the smallest coin, a rounding, never a shortage (decision 212). */
  differenceKind: z.enum(drawerDifferenceKinds).nullable(),
  needsAcknowledgement: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  /**
   * The opening compared with the teller's previous close (decision 201): that close's count, and
   * opening − it (negative: cash left between the two sessions). Null: no close before (or before 0033).
   */
  previousCounted: htg.nullable(),
  openingDifference: htg.nullable(),
  openingDifferenceKind: z.enum(drawerDifferenceKinds).nullable(),
  openingNeedsAcknowledgement: z.boolean(),
  openingAcknowledgedAt: z.string().nullable(),
  openingAcknowledgedBy: z.string().nullable(),
  /** Who closed it (null while open), and whether an administrator did, with her own count. */
  closedBy: z.string().nullable(),
  closedByAdministrator: z.boolean(),
  fingerprint: z.string().nullable(),
  previousFingerprint: z.string().nullable(),
});
export type DrawerSession = z.infer<typeof drawerSessionSchema>;

/** A closed session with its ticket's lines. */
export const drawerTicketSchema = drawerSessionSchema.extend({
  totals: z.array(drawerTotalSchema),
  fees: htg,
  agentShare: htg,
  /** The acknowledgement threshold in force when this was answered. */
  threshold: htg,
});
export type DrawerTicket = z.infer<typeof drawerTicketSchema>;

export const drawerSessionResponseSchema = z.object({ data: drawerSessionSchema });
export const drawerCurrentResponseSchema = z.object({ data: drawerSessionSchema.nullable() });
export const drawerTicketResponseSchema = z.object({ data: drawerTicketSchema });
export const drawerSessionsResponseSchema = z.object({ data: z.array(drawerSessionSchema) });
export const drawerVerificationResponseSchema = z.object({
  data: z.object({
    valid: z.boolean(),
    fingerprint: z.string(),
    recomputed: z.string(),
    message: z.string(),
  }),
});
export type DrawerVerification = z.infer<typeof drawerVerificationResponseSchema>['data'];

/** What a difference is called, in a ticket's line (decision 212). */
export const drawerDifferenceWords = texts({
  none: msg`aucun écart`,
  rounding: msg`arrondi`,
  surplus: msg`excédent`,
  shortage: msg`manquant`,
});
type DifferenceWithAmount = Exclude<DrawerDifferenceKind, 'none'>;

/** A difference with its sign and what it is: « −0,03 HTG (arrondi) », « 0,00 HTG (aucun écart) ». */
export function drawerDifferenceText(differenceHtg: number): string {
  return `${formatSignedHtg(differenceHtg)} (${drawerDifferenceWords[drawerDifferenceKind(differenceHtg)]})`;
}

/** The drawer's screens (decision 149). */
export const drawerTexts = texts({
  pageTitle: msg`Ma caisse`,
  adminTitle: msg`Caisses des caissiers`,
  ticketTitle: msg`Ticket de caisse`,
  closedNotice: msg`Caisse fermée`,
  /** The close's banner when the count differs from what was expected: the gap, said at once. */
  closedWithDifference: (amount: string, kind: DifferenceWithAmount) =>
    kind === 'rounding'
      ? msg`Caisse fermée avec un arrondi de ${amount}`
      : kind === 'surplus'
        ? msg`Caisse fermée avec un excédent de ${amount}`
        : msg`Caisse fermée avec un manquant de ${amount}`,
  closedNoticeText: msg`Les opérations en espèces demandent une caisse ouverte. Comptez vos espèces pour l’ouvrir.`,
  openAction: msg`Ouvrir ma caisse`,
  openAgain: msg`Ouvrir une nouvelle caisse`,
  openedNow: msg`Caisse ouverte : les opérations en espèces sont possibles.`,
  backToOperation: msg`Reprendre l’opération`,
  openIntro: msg`Comptez les billets et les pièces du fonds de caisse, coupure par coupure.`,
  closeIntro: msg`Comptez les billets et les pièces de la caisse, coupure par coupure. Le montant attendu s’affichera après votre comptage.`,
  closeAction: msg`Fermer la caisse`,
  openConfirmTitle: msg`Ouvrir la caisse ?`,
  openConfirm: (counted: string) =>
    msg`Vous ouvrez la caisse avec un fonds de caisse de ${counted}. Il ne pourra plus être changé avant la clôture.`,
  openNothingCounted: msg`Aucun billet ni aucune pièce n’est compté : la caisse s’ouvrira vide. Si elle contient des espèces, annulez et comptez-les d’abord.`,
  openConfirmAction: msg`Ouvrir avec ce comptage`,
  closeConfirmTitle: msg`Fermer la caisse ?`,
  closeConfirm: (counted: string) =>
    msg`Vous fermez la caisse avec ${counted} comptés. La clôture ne peut pas être annulée : l’écart avec le montant attendu sera enregistré.`,
  closeNothingCounted: msg`Aucun billet ni aucune pièce n’est compté : si la caisse contient des espèces, annulez et comptez-les d’abord.`,
  closeConfirmAction: msg`Fermer avec ce comptage`,
  openedSince: msg`Caisse ouverte depuis`,
  openingAmount: msg`Fonds de caisse`,
  countTotal: msg`Total compté`,
  expected: msg`Attendu`,
  counted: msg`Compté`,
  difference: msg`Écart`,
  /** A difference below the smallest coin (decision 212): said as such, never as a shortage. */
  roundingExplained: (smallestCoin: string) =>
    msg`Moins que la plus petite pièce (${smallestCoin}) : un arrondi, ni manquant ni excédent.`,
  needsAcknowledgement: msg`Écart au-delà du seuil : à valider par l’administrateur`,
  acknowledgedBy: (username: string) => msg`Écart validé par ${username}`,
  // The opening compared with the teller's previous close (decision 201).
  openingDifference: msg`Écart à l’ouverture`,
  openingDifferenceSince: (previous: string) => msg`par rapport à votre dernière clôture (${previous})`,
  openingDifferenceOf: (previous: string) => msg`par rapport à la clôture précédente (${previous})`,
  openedWithDifference: (amount: string, kind: DifferenceWithAmount) =>
    kind === 'rounding'
      ? msg`Caisse ouverte avec un arrondi de ${amount}`
      : kind === 'surplus'
        ? msg`Caisse ouverte avec un excédent de ${amount}`
        : msg`Caisse ouverte avec un manquant de ${amount}`,
  openingNeedsAcknowledgement: msg`Écart à l’ouverture au-delà du seuil : à valider par l’administrateur`,
  openingAcknowledgedBy: (username: string) => msg`Écart à l’ouverture validé par ${username}`,
  acknowledgeOpeningAction: msg`Valider l’écart d’ouverture`,
  previousCounted: msg`Compté à la clôture précédente`,
  // An administrator closes a drawer left open (decision 201).
  closedBy: msg`Fermée par`,
  closedByAdministrator: msg`fermée par un administrateur avec son propre comptage`,
  adminCloseAction: msg`Fermer cette caisse`,
  adminCloseIntro: (teller: string) =>
    msg`Comptez vous-même les espèces de la caisse de ${teller}, coupure par coupure. L’écart sera validé par le super administrateur.`,
  adminCloseConfirmTitle: msg`Fermer la caisse de ce caissier ?`,
  adminCloseConfirm: (teller: string, counted: string) =>
    msg`Vous fermez la caisse de ${teller} avec ${counted} comptés par vous. La clôture est enregistrée à votre nom et ne peut pas être annulée.`,
  adminClosed: (teller: string) => msg`Caisse de ${teller} fermée`,
  superAdminAcknowledges: msg`Écart compté par un administrateur : à valider par le super administrateur`,
  cancel: msg`Annuler`,
  acknowledgeAction: msg`Valider l’écart`,
  print: msg`Imprimer le ticket`,
  verify: msg`Vérifier`,
  fingerprint: msg`Empreinte`,
  totals: msg`Opérations de la session`,
  // The session's fees, split as the drawer sees them: paid in cash into it (a deposit's, a cash send's), or
  // taken from the customer's account (a withdrawal's), which the expected amount does not count.
  cashFees: msg`Frais encaissés en espèces`,
  accountFees: msg`Frais prélevés sur les comptes`,
  agentShare: msg`Part de l’agent`,
  denomination: msg`Coupure`,
  notes: msg`Billets`,
  coins: msg`Pièces`,
  pieces: msg`Nombre`,
  date: msg`Date`,
  teller: msg`Caissier`,
  agent: msg`Agent`,
  status: msg`État`,
  statusOpen: msg`Ouverte`,
  statusClosed: msg`Fermée`,
  openedAt: msg`Ouverte le`,
  closedAt: msg`Fermée le`,
  viewTicket: msg`Voir le ticket`,
  none: msg`Aucune caisse ce jour-là.`,
  openingCounts: msg`Comptage à l’ouverture`,
  closingCounts: msg`Comptage à la clôture`,
  loadFailed: msg`Échec du chargement de la caisse`,
});

/** Where an opening's difference above the threshold stands: acknowledged by whom, or waiting (decision 201). */
export function openingAcknowledgementText(session: { openingAcknowledgedBy: string | null }): string {
  return session.openingAcknowledgedBy
    ? drawerTexts.openingAcknowledgedBy(session.openingAcknowledgedBy)
    : drawerTexts.openingNeedsAcknowledgement;
}

/** Where a close's difference above the threshold stands, and who is to acknowledge it (decision 201). */
export function closeAcknowledgementText(session: {
  acknowledgedBy: string | null;
  closedByAdministrator: boolean;
}): string {
  if (session.acknowledgedBy) return drawerTexts.acknowledgedBy(session.acknowledgedBy);
  return session.closedByAdministrator
    ? drawerTexts.superAdminAcknowledges
    : drawerTexts.needsAcknowledgement;
}

/** The rounding's explanation, with the smallest coin in HTG (decision 212). */
export function roundingExplanation(): string {
  return drawerTexts.roundingExplained(formatHtg(centimesToHtg(SMALLEST_COIN_CENTIMES)));
}

import { z } from 'zod';
import { isIsoDate } from './dates.js';
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
  { key: '1000', centimes: 1000_00, label: 'Billet de 1 000 HTG', kind: 'note' },
  { key: '500', centimes: 500_00, label: 'Billet de 500 HTG', kind: 'note' },
  { key: '250', centimes: 250_00, label: 'Billet de 250 HTG', kind: 'note' },
  { key: '100', centimes: 100_00, label: 'Billet de 100 HTG', kind: 'note' },
  { key: '50', centimes: 50_00, label: 'Billet de 50 HTG', kind: 'note' },
  { key: '25', centimes: 25_00, label: 'Billet de 25 HTG', kind: 'note' },
  { key: '20', centimes: 20_00, label: 'Billet de 20 HTG', kind: 'note' },
  { key: '10', centimes: 10_00, label: 'Billet de 10 HTG', kind: 'note' },
  { key: '5', centimes: 5_00, label: 'Pièce de 5 HTG', kind: 'coin' },
  { key: '1', centimes: 1_00, label: 'Pièce de 1 HTG', kind: 'coin' },
  { key: '0.50', centimes: 50, label: 'Pièce de 50 centimes', kind: 'coin' },
  { key: '0.20', centimes: 20, label: 'Pièce de 20 centimes', kind: 'coin' },
  { key: '0.10', centimes: 10, label: 'Pièce de 10 centimes', kind: 'coin' },
  { key: '0.05', centimes: 5, label: 'Pièce de 5 centimes', kind: 'coin' },
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

export const drawerMessages = {
  /** A cash operation without an open drawer (ledger refusal `DrawerClosed`). */
  drawerClosed: 'Ouvrez votre caisse avant toute opération en espèces.',
  alreadyOpen: 'Votre caisse est déjà ouverte.',
  noOpenDrawer: 'Aucune caisse ouverte : ouvrez votre caisse d’abord.',
  notFound: 'Session de caisse introuvable.',
  notClosed: 'Cette caisse n’est pas encore fermée.',
  acknowledgementNotNeeded: 'Cet écart ne demande pas de validation.',
  /** A count above the plausible total (decision 201); `max` formatted in HTG. */
  countImplausible: (counted: string, max: string) =>
    `Le total compté (${counted}) dépasse le plafond de ${max} : vérifiez le nombre de billets et de pièces.`,
  /** The difference of a close made by an administrator with her own count: the super administrator's. */
  acknowledgedBySuperAdmin:
    'Cet écart a été compté par un administrateur : seul le super administrateur le valide.',
  /** A teller's own close: its agent's administrator validates it, not the super administrator. */
  acknowledgedByAgentAdmin: 'Cet écart est validé par l’administrateur de l’agent du caissier.',
  openingAcknowledgementNotNeeded: 'L’ouverture de cette caisse ne demande pas de validation.',
  openingAlreadyAcknowledged: 'L’écart à l’ouverture a déjà été validé.',
  alreadyClosed: 'Cette caisse est déjà fermée.',
  alreadyAcknowledged: 'Cet écart a déjà été validé.',
  countInvalid: 'Entrez un nombre entier de pièces ou de billets, 0 ou plus',
  countTooLarge: 'Au plus 100 000 pièces ou billets',
  dateInvalid: 'Date invalide (AAAA-MM-JJ)',
  opened: 'Caisse ouverte',
  closed: 'Caisse fermée',
  acknowledged: 'Écart validé',
  fingerprintValid: 'Empreinte vérifiée : les écritures de la session n’ont pas changé.',
  fingerprintInvalid:
    'Empreinte différente : une écriture de cette session ou de la précédente a changé depuis la clôture.',
} as const;

const pieceCountSchema = z
  .number({ error: drawerMessages.countInvalid })
  .int(drawerMessages.countInvalid)
  .min(0, drawerMessages.countInvalid)
  .max(MAX_DRAWER_PIECES, drawerMessages.countTooLarge);

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
    .max(10, drawerMessages.dateInvalid)
    .refine((value) => isIsoDate(value), drawerMessages.dateInvalid)
    .meta({ format: 'date' })
    .optional(),
});

/** The cash types of a session's totals (the ticket's lines), with their direction in the drawer. */
export const drawerMovementKinds = {
  deposit: { label: 'Dépôts', direction: 1 },
  external_transfer: { label: 'Transferts envoyés en espèces', direction: 1 },
  withdrawal: { label: 'Retraits', direction: -1 },
  external_payout: { label: 'Transferts payés', direction: -1 },
  external_refund: { label: 'Remboursements en espèces', direction: -1 },
  // A correction carried out at the counter (decision 226): a deposit's cash goes back, a withdrawal's comes back.
  deposit_reversal: { label: 'Corrections de dépôts (espèces rendues)', direction: -1 },
  withdrawal_reversal: { label: 'Corrections de retraits (espèces reprises)', direction: 1 },
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
export const drawerDifferenceWords: Record<DrawerDifferenceKind, string> = {
  none: 'aucun écart',
  rounding: 'arrondi',
  surplus: 'excédent',
  shortage: 'manquant',
};
type DifferenceWithAmount = Exclude<DrawerDifferenceKind, 'none'>;
const differenceArticles: Record<DifferenceWithAmount, string> = {
  rounding: 'un arrondi',
  surplus: 'un excédent',
  shortage: 'un manquant',
};

/** A difference with its sign and what it is: « −0,03 HTG (arrondi) », « 0,00 HTG (aucun écart) ». */
export function drawerDifferenceText(differenceHtg: number): string {
  return `${formatSignedHtg(differenceHtg)} (${drawerDifferenceWords[drawerDifferenceKind(differenceHtg)]})`;
}

/** The drawer's screens (decision 149). */
export const drawerTexts = {
  pageTitle: 'Ma caisse',
  adminTitle: 'Caisses des caissiers',
  ticketTitle: 'Ticket de caisse',
  closedNotice: 'Caisse fermée',
  /** The close's banner when the count differs from what was expected: the gap, said at once. */
  closedWithDifference: (amount: string, kind: DifferenceWithAmount) =>
    `Caisse fermée avec ${differenceArticles[kind]} de ${amount}`,
  closedNoticeText:
    'Les opérations en espèces demandent une caisse ouverte. Comptez vos espèces pour l’ouvrir.',
  openAction: 'Ouvrir ma caisse',
  openAgain: 'Ouvrir une nouvelle caisse',
  openedNow: 'Caisse ouverte : les opérations en espèces sont possibles.',
  backToOperation: 'Reprendre l’opération',
  openIntro: 'Comptez les billets et les pièces du fonds de caisse, coupure par coupure.',
  closeIntro:
    'Comptez les billets et les pièces de la caisse, coupure par coupure. Le montant attendu s’affichera après votre comptage.',
  closeAction: 'Fermer la caisse',
  openConfirmTitle: 'Ouvrir la caisse ?',
  openConfirm: (counted: string) =>
    `Vous ouvrez la caisse avec un fonds de caisse de ${counted}. Il ne pourra plus être changé avant la clôture.`,
  openNothingCounted:
    'Aucun billet ni aucune pièce n’est compté : la caisse s’ouvrira vide. Si elle contient des espèces, annulez et comptez-les d’abord.',
  openConfirmAction: 'Ouvrir avec ce comptage',
  closeConfirmTitle: 'Fermer la caisse ?',
  closeConfirm: (counted: string) =>
    `Vous fermez la caisse avec ${counted} comptés. La clôture ne peut pas être annulée : l’écart avec le montant attendu sera enregistré.`,
  closeNothingCounted:
    'Aucun billet ni aucune pièce n’est compté : si la caisse contient des espèces, annulez et comptez-les d’abord.',
  closeConfirmAction: 'Fermer avec ce comptage',
  openedSince: 'Caisse ouverte depuis',
  openingAmount: 'Fonds de caisse',
  countTotal: 'Total compté',
  expected: 'Attendu',
  counted: 'Compté',
  difference: 'Écart',
  /** A difference below the smallest coin (decision 212): said as such, never as a shortage. */
  roundingExplained: (smallestCoin: string) =>
    `Moins que la plus petite pièce (${smallestCoin}) : un arrondi, ni manquant ni excédent.`,
  needsAcknowledgement: 'Écart au-delà du seuil : à valider par l’administrateur',
  acknowledgedBy: 'Écart validé par',
  // The opening compared with the teller's previous close (decision 201).
  openingDifference: 'Écart à l’ouverture',
  openingDifferenceSince: (previous: string) => `par rapport à votre dernière clôture (${previous})`,
  openingDifferenceOf: (previous: string) => `par rapport à la clôture précédente (${previous})`,
  openedWithDifference: (amount: string, kind: DifferenceWithAmount) =>
    `Caisse ouverte avec ${differenceArticles[kind]} de ${amount}`,
  openingNeedsAcknowledgement: 'Écart à l’ouverture au-delà du seuil : à valider par l’administrateur',
  openingAcknowledgedBy: 'Écart à l’ouverture validé par',
  acknowledgeOpeningAction: 'Valider l’écart d’ouverture',
  previousCounted: 'Compté à la clôture précédente',
  // An administrator closes a drawer left open (decision 201).
  closedBy: 'Fermée par',
  closedByAdministrator: 'fermée par un administrateur avec son propre comptage',
  adminCloseAction: 'Fermer cette caisse',
  adminCloseIntro: (teller: string) =>
    `Comptez vous-même les espèces de la caisse de ${teller}, coupure par coupure. L’écart sera validé par le super administrateur.`,
  adminCloseConfirmTitle: 'Fermer la caisse de ce caissier ?',
  adminCloseConfirm: (teller: string, counted: string) =>
    `Vous fermez la caisse de ${teller} avec ${counted} comptés par vous. La clôture est enregistrée à votre nom et ne peut pas être annulée.`,
  adminClosed: (teller: string) => `Caisse de ${teller} fermée`,
  superAdminAcknowledges: 'Écart compté par un administrateur : à valider par le super administrateur',
  cancel: 'Annuler',
  acknowledgeAction: 'Valider l’écart',
  print: 'Imprimer le ticket',
  verify: 'Vérifier',
  fingerprint: 'Empreinte',
  totals: 'Opérations de la session',
  // The session's fees, split as the drawer sees them: paid in cash into it (a deposit's, a cash send's), or
  // taken from the customer's account (a withdrawal's), which the expected amount does not count.
  cashFees: 'Frais encaissés en espèces',
  accountFees: 'Frais prélevés sur les comptes',
  agentShare: 'Part de l’agent',
  denomination: 'Coupure',
  notes: 'Billets',
  coins: 'Pièces',
  pieces: 'Nombre',
  date: 'Date',
  teller: 'Caissier',
  agent: 'Agent',
  status: 'État',
  statusOpen: 'Ouverte',
  statusClosed: 'Fermée',
  openedAt: 'Ouverte le',
  closedAt: 'Fermée le',
  viewTicket: 'Voir le ticket',
  none: 'Aucune caisse ce jour-là.',
  openingCounts: 'Comptage à l’ouverture',
  closingCounts: 'Comptage à la clôture',
  loadFailed: 'Échec du chargement de la caisse',
} as const;

/** Where an opening's difference above the threshold stands: acknowledged by whom, or waiting (decision 201). */
export function openingAcknowledgementText(session: { openingAcknowledgedBy: string | null }): string {
  return session.openingAcknowledgedBy
    ? `${drawerTexts.openingAcknowledgedBy} ${session.openingAcknowledgedBy}`
    : drawerTexts.openingNeedsAcknowledgement;
}

/** Where a close's difference above the threshold stands, and who is to acknowledge it (decision 201). */
export function closeAcknowledgementText(session: {
  acknowledgedBy: string | null;
  closedByAdministrator: boolean;
}): string {
  if (session.acknowledgedBy) return `${drawerTexts.acknowledgedBy} ${session.acknowledgedBy}`;
  return session.closedByAdministrator
    ? drawerTexts.superAdminAcknowledges
    : drawerTexts.needsAcknowledgement;
}

/** The rounding's explanation, with the smallest coin in HTG (decision 212). */
export function roundingExplanation(): string {
  return drawerTexts.roundingExplained(formatHtg(centimesToHtg(SMALLEST_COIN_CENTIMES)));
}

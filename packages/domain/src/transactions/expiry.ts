import { z } from 'zod';
import { formatDateFr } from '../dates.js';
import { formatHtg } from '../money.js';
import { groupDigits } from '../digit-groups.js';
import { listResponseSchema } from '../pagination.js';
import { payoutRecipientSchema } from './flows/payout.js';

// Transfers that expire (DESIGN §4c, decision 225): a pending external transfer not paid out within the
// delay becomes `expired`; from an account it is refunded at once, in cash the sending agent refunds it.

/** The delay, in days, when `TRANSFER_EXPIRY_DAYS` is not set. */
export const DEFAULT_TRANSFER_EXPIRY_DAYS = 30;

/** The name under which the expiry job posts: the system user's, shown in the history and the audit trail. */
export const SYSTEM_USER_NAME = 'Lajan (automatique)';

export const transferExpiryMessages = {
  /** The refusal of a pay-out, a cancellation or a search of an expired transfer. */
  expired:
    "Ce transfert a expiré sans être payé : il ne peut plus être payé ni annulé. L'agent expéditeur rembourse l'expéditeur",
  /** Refunding what is not an expired cash transfer of this agent still owed. */
  notToRefund: "Ce transfert n'est pas un transfert expiré à rembourser",
  navLabel: 'Transferts à rembourser',
  title: 'Transferts à rembourser',
  intro:
    "Ces transferts en espèces n'ont pas été payés dans le délai : ils ont expiré. Remboursez le montant à l'expéditeur, en espèces, après avoir vérifié sa pièce d'identité ; les frais restent acquis.",
  empty: 'Aucun transfert à rembourser.',
  loading: 'Chargement des transferts à rembourser...',
  loadFailed: 'Impossible de charger les transferts à rembourser',
  columns: {
    transactionNumber: 'Numéro',
    sentAt: 'Envoyé le',
    expiredAt: 'Expiré le',
    sender: 'Expéditeur',
    recipient: 'Bénéficiaire',
    amount: 'Montant à rendre',
    actions: 'Actions',
  },
  refundButton: 'Rembourser',
  refundButtonLabel: (transactionNumber: string) =>
    `Rembourser le transfert ${groupDigits(transactionNumber)}`,
  refundTitle: 'Rembourser un transfert expiré',
  refundExplanation: (transactionNumber: string, amountHtg: number) =>
    `Le transfert ${groupDigits(transactionNumber)} n'a pas été payé dans le délai. Rendez ${formatHtg(amountHtg)} en espèces à l'expéditeur, de votre caisse ; les frais restent acquis.`,
  confirm: 'Confirmer le remboursement',
  pending: 'Remboursement...',
  back: 'Retour',
  success: 'Transfert remboursé : le montant a été rendu en espèces',
  failure: 'Échec du remboursement du transfert',
  /** A transfer locked by five failed identifications: refunded once its agent's administrator unlocks it. */
  locked: "Bloqué après cinq identifications échouées : l'administrateur de l'agent doit le débloquer",
} as const;

/** The sender's e-mail when her transfer expires (the mail spool, decision 225). */
export function transferExpiredMail(input: {
  firstName: string;
  transactionNumber: string;
  amountHtg: number;
  sentAt: string | Date;
  days: number;
  /** Refunded to this account at once; null: in cash, at the sending agent. */
  refundedToAccount: string | null;
  agentName: string;
}): { subject: string; text: string } {
  const code = groupDigits(input.transactionNumber);
  const sentOn = formatDateFr(typeof input.sentAt === 'string' ? input.sentAt : input.sentAt.toISOString());
  return {
    subject: `Votre transfert ${code} a expiré`,
    text: [
      `Bonjour ${input.firstName},`,
      '',
      `Le transfert de ${formatHtg(input.amountHtg)} que vous avez envoyé le ${sentOn} (code ${code}) n'a pas été retiré par son bénéficiaire dans les ${input.days} jours : il a expiré et ne peut plus être payé.`,
      input.refundedToAccount
        ? `Son montant a été rendu sur votre compte ${groupDigits(input.refundedToAccount)}. Les frais d'envoi restent acquis.`
        : `Son montant vous attend chez ${input.agentName} : présentez-vous avec la pièce d'identité donnée à l'envoi pour être remboursé en espèces. Les frais d'envoi restent acquis.`,
      '',
      "L'équipe Lajan",
    ].join('\n'),
  };
}

/** `POST /transactions/{transactionNumber}/refund`: the sender identified from the card presented. */
export const refundExpiredBodySchema = z.object({
  sender: payoutRecipientSchema,
});
export type RefundExpiredBody = z.input<typeof refundExpiredBodySchema>;

/** One transfer of `GET /transactions/to-refund`: an expired cash transfer of the agent, not refunded yet. */
export const transferToRefundSchema = z.object({
  transactionNumber: z.string(),
  amount: z.number(),
  fee: z.number(),
  sentAt: z.string(),
  expiredAt: z.string(),
  sender: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  recipient: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  locked: z
    .boolean()
    .describe(
      "Bloqué après cinq identifications échouées : l'administrateur de l'agent le débloque avant le remboursement (décision 225).",
    ),
});
export type TransferToRefund = z.infer<typeof transferToRefundSchema>;

export const transfersToRefundResponseSchema = listResponseSchema(transferToRefundSchema);

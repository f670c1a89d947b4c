import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { formatHtg } from '../money.js';
import { groupDigits } from '../digit-groups.js';
import { texts, translate } from '../i18n.js';
import { isLanguage } from '../languages.js';
import { formatDate } from '../locale-format.js';
import { withGroups } from './grouped-texts.js';
import { listResponseSchema } from '../pagination.js';
import { payoutRecipientSchema } from './flows/payout.js';

// Transfers that expire (DESIGN §4c, decision 225): a pending external transfer not paid out within the
// delay becomes `expired`; from an account it is refunded at once, in cash the sending agent refunds it.

/** The delay, in days, when `TRANSFER_EXPIRY_DAYS` is not set. */
export const DEFAULT_TRANSFER_EXPIRY_DAYS = 30;

/** The name under which the expiry job posts: the system user's, shown in the history and the audit trail. */
export const SYSTEM_USER_NAME = 'Lajan (automatique)';

const transferExpiryTexts = texts({
  /** The refusal of a pay-out, a cancellation or a search of an expired transfer. */
  expired: msg`Ce transfert a expiré sans être payé : il ne peut plus être payé ni annulé. L'agent expéditeur rembourse l'expéditeur`,
  /** Refunding what is not an expired cash transfer of this agent still owed. */
  notToRefund: msg`Ce transfert n'est pas un transfert expiré à rembourser`,
  navLabel: msg`Transferts à rembourser`,
  title: msg`Transferts à rembourser`,
  intro: msg`Ces transferts en espèces n'ont pas été payés dans le délai : ils ont expiré. Remboursez le montant à l'expéditeur, en espèces, après avoir vérifié sa pièce d'identité ; les frais restent acquis.`,
  empty: msg`Aucun transfert à rembourser.`,
  loading: msg`Chargement des transferts à rembourser...`,
  loadFailed: msg`Impossible de charger les transferts à rembourser`,
  refundButton: msg`Rembourser`,
  refundButtonLabel: (transactionNumber: string) => {
    const number = groupDigits(transactionNumber);
    return msg`Rembourser le transfert ${number}`;
  },
  refundTitle: msg`Rembourser un transfert expiré`,
  refundExplanation: (transactionNumber: string, amountHtg: number) => {
    const number = groupDigits(transactionNumber);
    const amount = formatHtg(amountHtg);
    return msg`Le transfert ${number} n'a pas été payé dans le délai. Rendez ${amount} en espèces à l'expéditeur, de votre caisse ; les frais restent acquis.`;
  },
  confirm: msg`Confirmer le remboursement`,
  pending: msg`Remboursement...`,
  back: msg`Retour`,
  success: msg`Transfert remboursé : le montant a été rendu en espèces`,
  failure: msg`Échec du remboursement du transfert`,
  /** A transfer locked by five failed identifications: refunded once its agent's administrator unlocks it. */
  locked: msg`Bloqué après cinq identifications échouées : l'administrateur de l'agent doit le débloquer`,
});

export const transferExpiryMessages = withGroups(transferExpiryTexts, {
  columns: texts({
    transactionNumber: msg`Numéro`,
    sentAt: msg`Envoyé le`,
    expiredAt: msg`Expiré le`,
    sender: msg`Expéditeur`,
    recipient: msg`Bénéficiaire`,
    amount: msg`Montant à rendre`,
    actions: msg`Actions`,
  }),
});

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
  // In the language of the moment (decision 236): the job's, French unless it chose the sender's.
  const language = isLanguage(i18n.locale) ? i18n.locale : 'fr';
  const code = groupDigits(input.transactionNumber);
  const sentOn = formatDate(
    typeof input.sentAt === 'string' ? input.sentAt : input.sentAt.toISOString(),
    language,
  );
  const { firstName, days, agentName } = input;
  const amount = formatHtg(input.amountHtg);
  const account = input.refundedToAccount ? groupDigits(input.refundedToAccount) : null;
  return {
    subject: translate(msg`Votre transfert ${code} a expiré`),
    text: [
      translate(msg`Bonjour ${firstName},`),
      '',
      translate(
        msg`Le transfert de ${amount} que vous avez envoyé le ${sentOn} (code ${code}) n'a pas été retiré par son bénéficiaire dans les ${days} jours : il a expiré et ne peut plus être payé.`,
      ),
      account
        ? translate(
            msg`Son montant a été rendu sur votre compte ${account}. Les frais d'envoi restent acquis.`,
          )
        : translate(
            msg`Son montant vous attend chez ${agentName} : présentez-vous avec la pièce d'identité donnée à l'envoi pour être remboursé en espèces. Les frais d'envoi restent acquis.`,
          ),
      '',
      translate(msg`L'équipe Lajan`),
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

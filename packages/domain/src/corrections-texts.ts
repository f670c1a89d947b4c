import { formatHtg } from './money.js';
import type { TransactionType } from './transactions/names.js';

/*
 * A correction (DESIGN §4c, decision 226): asked by one with a reason, approved by another, posted as a
 * `reversal` of the original's entries negated; one that moves cash is carried out at a counter.
 */

/** The types a correction may reverse, once completed. */
export const reversibleTypes = ['deposit', 'withdrawal', 'transfer', 'agent_deposit'] as const;
export type ReversibleType = (typeof reversibleTypes)[number];

export function isReversibleType(type: TransactionType): type is ReversibleType {
  return (reversibleTypes as readonly string[]).includes(type);
}

/** Whether reversing a type moves cash at a counter: a deposit's cash goes back, a withdrawal's comes back. */
export function reversalMovesCash(type: ReversibleType): boolean {
  return type === 'deposit' || type === 'withdrawal';
}

export const correctionStatuses = ['requested', 'approved', 'rejected', 'executed'] as const;
export type CorrectionStatus = (typeof correctionStatuses)[number];
export const correctionStatusLabels: Record<CorrectionStatus, string> = {
  requested: 'Demandée',
  approved: 'Approuvée',
  rejected: 'Rejetée',
  executed: 'Exécutée',
};

export const correctionMessages = {
  reasonRequired: 'Le motif est requis',
  reasonTooLong: 'Le motif ne peut pas dépasser 500 caractères',
  notReversible:
    'Cette opération ne peut pas être corrigée : seuls un dépôt, un retrait, un transfert entre comptes ou un dépôt sur agent complétés le peuvent',
  alreadyReversed: 'Cette opération a déjà été corrigée',
  alreadyRequested: 'Une demande de correction de cette opération est déjà en cours',
  notFound: 'Demande de correction introuvable',
  ownRequest:
    'Vous ne pouvez pas approuver ou rejeter votre propre demande : une autre personne doit la valider',
  superAdminRequired: 'Cette demande doit être validée par un super administrateur',
  agentAdminRequired: "Cette demande doit être validée par un administrateur de l'agent",
  notRequested: "Cette demande n'est plus en attente de validation",
  notApproved: "Cette correction n'est pas approuvée, ou a déjà été exécutée",
  noCashToMove: 'Cette correction ne déplace pas d’espèces : elle est enregistrée à son approbation',
  cashAtCounter: "Une correction qui déplace des espèces est exécutée au guichet par un caissier de l'agent",
  askedBySuperAdmin:
    "La correction d'un dépôt sur agent est demandée par un super administrateur ou l'administrateur de l'agent",
  askedByAgentUser:
    "Un super administrateur ne demande que la correction d'un dépôt sur agent : celle d'une autre opération est demandée par un caissier ou un administrateur de l'agent",
  /** The reversal would take an account below zero (DESIGN §4c): what is missing, and why. */
  missing: (missingHtg: number, accountNumber: string | null) =>
    `Correction impossible : il manque ${formatHtg(missingHtg)} ${
      accountNumber === null ? "sur le float de l'agent" : `sur le compte ${accountNumber}`
    } ; l'argent a déjà été dépensé`,
  requested: 'Demande de correction envoyée pour validation',
  approved: 'Correction approuvée',
  rejected: 'Demande de correction rejetée',
  executed: 'Correction exécutée',
  failure: "La correction n'a pas pu être enregistrée",
} as const;

/** The screens' words: the history's button, the lists to validate and to carry out, their dialogs. */
export const correctionTexts = {
  pageTitle: 'Corrections',
  requestButton: 'Demander une correction',
  requestButtonLabel: (transactionNumber: string) =>
    `Demander la correction de l'opération ${transactionNumber}`,
  requestTitle: 'Demander une correction',
  requestExplanation:
    "L'opération ne sera pas modifiée : une fois la demande approuvée par une autre personne, une correction de sens inverse sera enregistrée.",
  reasonLabel: 'Motif',
  requestConfirm: 'Envoyer la demande',
  requestPending: 'Envoi…',
  toValidate: 'Corrections à valider',
  toExecute: 'Corrections à exécuter',
  others: 'Autres demandes',
  none: 'Aucune demande',
  approve: 'Approuver',
  approveLabel: (transactionNumber: string) => `Approuver la correction de l'opération ${transactionNumber}`,
  approveTitle: 'Approuver la correction',
  approveCash: 'Un caissier de l’agent l’exécutera au guichet, dans sa caisse.',
  approveNoCash: 'La correction sera enregistrée dès l’approbation.',
  reject: 'Rejeter',
  rejectLabel: (transactionNumber: string) => `Rejeter la correction de l'opération ${transactionNumber}`,
  rejectTitle: 'Rejeter la demande de correction',
  rejectConfirm: 'Rejeter la demande',
  execute: 'Exécuter',
  executeLabel: (transactionNumber: string) => `Exécuter la correction de l'opération ${transactionNumber}`,
  executeTitle: 'Exécuter la correction au guichet',
  executeDeposit:
    'Rendez les espèces du dépôt au client (ou gardez-les pour le bon dépôt) : elles sortent de votre caisse.',
  executeWithdrawal: 'Reprenez les espèces du retrait : elles entrent dans votre caisse.',
  pending: 'Enregistrement…',
  back: 'Annuler',
  slipTitle: 'Bordereau de correction',
  columns: {
    transaction: 'Opération',
    type: 'Type',
    amount: 'Montant',
    requestedBy: 'Demandée par',
    reason: 'Motif',
    status: 'Statut',
    actions: 'Actions',
  },
} as const;

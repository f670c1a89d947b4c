import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';
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
export const correctionStatusLabels = texts({
  requested: msg`Demandée`,
  approved: msg`Approuvée`,
  rejected: msg`Rejetée`,
  executed: msg`Exécutée`,
});

export const correctionMessages = texts({
  reasonRequired: msg`Le motif est requis`,
  reasonTooLong: msg`Le motif ne peut pas dépasser 500 caractères`,
  notReversible: msg`Cette opération ne peut pas être corrigée : seuls un dépôt, un retrait, un transfert entre comptes ou un dépôt sur agent complétés le peuvent`,
  alreadyReversed: msg`Cette opération a déjà été corrigée`,
  alreadyRequested: msg`Une demande de correction de cette opération est déjà en cours`,
  notFound: msg`Demande de correction introuvable`,
  ownRequest: msg`Vous ne pouvez pas approuver ou rejeter votre propre demande : une autre personne doit la valider`,
  superAdminRequired: msg`Cette demande doit être validée par un super administrateur`,
  agentAdminRequired: msg`Cette demande doit être validée par un administrateur de l'agent`,
  notRequested: msg`Cette demande n'est plus en attente de validation`,
  notApproved: msg`Cette correction n'est pas approuvée, ou a déjà été exécutée`,
  noCashToMove: msg`Cette correction ne déplace pas d’espèces : elle est enregistrée à son approbation`,
  cashAtCounter: msg`Une correction qui déplace des espèces est exécutée au guichet par un caissier de l'agent`,
  askedBySuperAdmin: msg`La correction d'un dépôt sur agent est demandée par un super administrateur ou l'administrateur de l'agent`,
  askedByAgentUser: msg`Un super administrateur ne demande que la correction d'un dépôt sur agent : celle d'une autre opération est demandée par un caissier ou un administrateur de l'agent`,
  /** The reversal would take an account below zero (DESIGN §4c): what is missing, and why. */
  missing: (missingHtg: number, accountNumber: string | null) => {
    const missing = formatHtg(missingHtg);
    return accountNumber === null
      ? msg`Correction impossible : il manque ${missing} sur le float de l'agent ; l'argent a déjà été dépensé`
      : msg`Correction impossible : il manque ${missing} sur le compte ${accountNumber} ; l'argent a déjà été dépensé`;
  },
  requested: msg`Demande de correction envoyée pour validation`,
  approved: msg`Correction approuvée`,
  rejected: msg`Demande de correction rejetée`,
  executed: msg`Correction exécutée`,
  failure: msg`La correction n'a pas pu être enregistrée`,
});

/** The screens' words: the history's button, the lists to validate and to carry out, their dialogs. */
export const correctionTexts = texts({
  pageTitle: msg`Corrections`,
  requestButton: msg`Demander une correction`,
  requestButtonLabel: (transactionNumber: string) =>
    msg`Demander la correction de l'opération ${transactionNumber}`,
  requestTitle: msg`Demander une correction`,
  requestExplanation: msg`L'opération ne sera pas modifiée : une fois la demande approuvée par une autre personne, une correction de sens inverse sera enregistrée.`,
  reasonLabel: msg`Motif`,
  requestConfirm: msg`Envoyer la demande`,
  requestPending: msg`Envoi…`,
  toValidate: msg`Corrections à valider`,
  toExecute: msg`Corrections à exécuter`,
  others: msg`Autres demandes`,
  none: msg`Aucune demande`,
  approve: msg`Approuver`,
  approveLabel: (transactionNumber: string) =>
    msg`Approuver la correction de l'opération ${transactionNumber}`,
  approveTitle: msg`Approuver la correction`,
  approveCash: msg`Un caissier de l’agent l’exécutera au guichet, dans sa caisse.`,
  approveNoCash: msg`La correction sera enregistrée dès l’approbation.`,
  reject: msg`Rejeter`,
  rejectLabel: (transactionNumber: string) => msg`Rejeter la correction de l'opération ${transactionNumber}`,
  rejectTitle: msg`Rejeter la demande de correction`,
  rejectConfirm: msg`Rejeter la demande`,
  execute: msg`Exécuter`,
  executeLabel: (transactionNumber: string) =>
    msg`Exécuter la correction de l'opération ${transactionNumber}`,
  executeTitle: msg`Exécuter la correction au guichet`,
  executeDeposit: msg`Rendez les espèces du dépôt au client (ou gardez-les pour le bon dépôt) : elles sortent de votre caisse.`,
  executeWithdrawal: msg`Reprenez les espèces du retrait : elles entrent dans votre caisse.`,
  pending: msg`Enregistrement…`,
  back: msg`Annuler`,
  slipTitle: msg`Bordereau de correction`,
});

/** The columns of the lists of corrections. */
export const correctionColumnTexts = texts({
  transaction: msg`Opération`,
  type: msg`Type`,
  amount: msg`Montant`,
  requestedBy: msg`Demandée par`,
  reason: msg`Motif`,
  status: msg`Statut`,
  actions: msg`Actions`,
});

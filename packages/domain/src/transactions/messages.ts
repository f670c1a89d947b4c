import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { texts, translate } from '../i18n.js';
import { formatHtg, formatWholeHtg, MAX_AGENT_DEPOSIT_HTG } from '../money.js';
import { withGroups } from './grouped-texts.js';
import type { FeeType } from './names.js';

// Every text here is read in the language of the moment (decision 236): a map is `texts({…})`, never a
// string read when the module loads.
const maxAgentDeposit = formatWholeHtg(MAX_AGENT_DEPOSIT_HTG);

/** SPEC §5 "Transactions" and the refusals of DESIGN §4, worded once. */
export const transactionMessages = texts({
  partyNameRequired: msg`Le nom est requis`,
  documentTypeRequired: msg`Le type de document est requis`,
  documentNumberRequired: msg`Le numéro de document est requis`,
  accountNumberRequired: msg`Le numéro de compte est requis`,
  accountNumberInvalid: msg`Numéro de compte invalide`,
  transactionNumberRequired: msg`Le numéro de transaction est requis`,
  transactionNumberInvalid: msg`Numéro de transaction invalide`,
  agentCodeRequired: msg`Le code de l'agent est requis`,
  agentCodeTooLong: (max: number) => msg`Le code de l'agent ne peut pas dépasser ${max} caractères`,
  /** The person at the counter's name, or a recipient's last name. */
  nameTooLong: (max: number) => msg`Le nom ne peut pas dépasser ${max} caractères`,
  senderRequired: msg`L'expéditeur est requis`,
  currencyRequired: msg`La devise est requise`,
  sameAccount: msg`Le compte bénéficiaire ne peut pas être le même que le compte expéditeur`,
  currencyMismatch: msg`Les devises des comptes doivent être identiques`,
  inactiveAccount: msg`Le compte n'est pas actif`,
  insufficientFunds: msg`Solde insuffisant`,
  /** An amount outside every band of its type (outsideFeeBandsMessage says the range). */
  outsideFeeBands: msg`Montant hors barème`,
  /** The same refusal with what the paying account holds (decision 176): the teller can say how much is possible. */
  insufficientFundsAvailable: (availableHtg: number) => {
    const available = formatHtg(availableHtg);
    return msg`Solde insuffisant : solde disponible ${available}`;
  },
  /** The same when the teller's float pays (a deposit, a cash transfer): not to be read as the customer's. */
  insufficientFloatAvailable: (availableHtg: number) => {
    const available = formatHtg(availableHtg);
    return msg`Float de l'agent insuffisant : disponible ${available}`;
  },
  agentDepositLimit: msg`Le montant d'un dépôt sur agent ne peut pas dépasser ${maxAgentDeposit}`,
  amountMismatch: msg`Le montant ne correspond pas au montant du transfert`,
  agentNotActive: msg`L'agent n'est pas actif`,
  notAccountHolder: msg`La personne au guichet n'est pas titulaire de ce compte`,
  notSendingAgent: msg`Seul l'agent expéditeur peut annuler ce transfert`,
  transferNotPending: msg`Ce transfert n'est plus en attente`,
  idempotencyConflict: msg`Cette clé d'idempotence a déjà servi pour une autre opération`,
  accountNotFound: msg`Compte introuvable`,
  transactionNotFound: msg`Transaction introuvable`,
  agentNotFound: msg`Agent introuvable`,
  personNotFound: msg`Personne introuvable`,
});

/**
 * The recipient of a cash transfer (decision 209): the name and the phone, then a document the sender may
 * not have, given whole (type and number) or not at all.
 */
export const recipientMessages = texts({
  documentGroup: msg`Pièce d'identité du bénéficiaire (facultatif)`,
  documentHint: msg`Si l'expéditeur connaît la pièce du bénéficiaire, donnez son type et son numéro : seule cette pièce permettra le retrait. Sinon, laissez les deux vides.`,
  /** The document type's empty choice: no document given. */
  noDocument: msg`Aucun`,
  documentNumberWithType: msg`Le numéro de document est requis quand le type est choisi : donnez les deux, ou aucun`,
  documentTypeWithNumber: msg`Le type de document est requis quand le numéro est saisi : donnez les deux, ou aucun`,
  documentTypeInvalid: msg`Type de document invalide`,
  /** The confirmation's lines. */
  confirmPhone: msg`Téléphone du bénéficiaire`,
  confirmDocument: msg`Pièce du bénéficiaire`,
  confirmNoDocument: msg`Aucune : le nom seul sera vérifié au retrait`,
  documentNumberInvalid: msg`Numéro de document invalide`,
});

/** SPEC §8 fallbacks of the transactions' reads, in French (a money flow's own are in its file of `flows/`). */
export const transactionFailureMessages = texts({
  search: msg`Échec de la recherche`,
  fees: msg`Échec du chargement des frais`,
  /** The history's CSV export: the fallback of a failure without a message. */
  historyExport: msg`Échec de l'export des transactions`,
});

/** How the sender of an external transfer pays: the radio choices and the confirmation's "Mode de paiement". */
export const externalTransferPaymentModeLabels: Readonly<Record<'cash' | 'account', string>> = texts({
  cash: msg`Espèces`,
  account: msg`Depuis un compte`,
});

/**
 * A receipt's total (amount + fee) says where it came from (decision 214): taken from the customer's account
 * (a withdrawal, a transfer, a send from an account) or paid in cash at the counter (a deposit, a cash send).
 */
export const receiptTotalLabels = texts({
  debited: msg`Total débité du compte`,
  cash: msg`Total payé en espèces`,
  other: msg`Total`,
});

/**
 * The total beside the fee before Enregistrer (the amount step, the confirmation): what the counter takes in
 * cash, what the account pays, or what an agent's float receives.
 */
export const operationTotalLabels = texts({
  cash: msg`Total à encaisser`,
  // receiptTotalLabels.debited's text, the same catalogue entry.
  debited: msg`Total débité du compte`,
  credited: msg`Total crédité`,
});

export function receiptTotalLabel(transaction: {
  type: string;
  senderAccountNumber?: string | null;
}): string {
  switch (transaction.type) {
    case 'withdrawal':
    case 'transfer':
      return receiptTotalLabels.debited;
    case 'external_transfer':
      return transaction.senderAccountNumber ? receiptTotalLabels.debited : receiptTotalLabels.cash;
    case 'deposit':
      return receiptTotalLabels.cash;
    default:
      return receiptTotalLabels.other;
  }
}

/** Why "Enregistrer" waits on a money operation's confirmation: its fee is not known yet. */
export const quoteTexts = texts({
  blockedHint: msg`Les frais doivent être calculés avant d’enregistrer.`,
});

/** The super administrator's fee editor: its success toast and the fallback of a refusal without a message. */
export const feeScheduleMessages = texts({
  saved: msg`Barème des frais enregistré`,
  failed: msg`Échec de la modification du barème des frais`,
});

/** cancelTransferMessages but its explanation's parts. */
const cancelTransferTexts = texts({
  button: msg`Annuler`,
  /** The button's accessible name: which transfer it cancels. */
  buttonLabel: (transactionNumber: string) => msg`Annuler le transfert ${transactionNumber}`,
  title: msg`Annuler le transfert externe`,
  confirm: msg`Confirmer l'annulation`,
  pending: msg`Annulation...`,
  back: msg`Retour`,
  success: msg`Transfert annulé : le montant a été rendu`,
  failure: msg`Échec de l'annulation du transfert`,
  /** A teller cancels with the sender at the counter (decision 200): the identity typed from her card. */
  identifyLegend: msg`Saisissez le nom complet et la pièce d'identité tels qu'ils figurent sur la pièce présentée par l'expéditeur.`,
  senderRequired: msg`Identifiez l'expéditeur : son nom et sa pièce d'identité, lus sur la pièce présentée`,
  senderMismatch: msg`L'identité présentée ne correspond pas à l'expéditeur du transfert`,
  /** The same refusal with what is left before the transfer locks (decisions 176 and 200). */
  senderMismatchTriesLeft: (triesLeft: number) =>
    triesLeft <= 0
      ? msg`L'identité présentée ne correspond pas à l'expéditeur du transfert : le transfert est maintenant bloqué ; l'administrateur de l'agent doit le débloquer`
      : msg`L'identité présentée ne correspond pas à l'expéditeur du transfert : ${plural(triesLeft, {
          one: 'encore un essai',
          other: 'encore # essais',
        })} avant le blocage du transfert`,
  /** The agent's administrator approves the cancellation of a send from an account, with a reason. */
  approveTitle: msg`Approuver l'annulation du transfert externe`,
  approveExplanation: msg`Le montant sera rendu au compte de l'expéditeur : aucune espèce ne sort de caisse ; les frais restent acquis.`,
  approveConfirm: msg`Approuver l'annulation`,
  reasonLabel: msg`Motif de l'annulation`,
  reasonRequired: msg`Le motif de l'annulation est requis`,
  reasonTooLong: msg`Le motif ne peut pas dépasser 500 caractères`,
  reasonOnlyForApproval: msg`Seul l'administrateur de l'agent approuve une annulation avec un motif`,
  cashNeedsSender: msg`Un transfert payé en espèces s'annule au guichet, avec son expéditeur : seul un envoi depuis un compte s'annule sur approbation`,
  /** The receipt of a cancellation: who was identified, or who approved it and why. */
  receiptIdentified: msg`Expéditeur identifié`,
  receiptApprovedBy: msg`Approuvée par`,
  /** Who approved it: the administrator's username. */
  receiptApprover: msg`Utilisateur`,
  receiptReason: msg`Motif`,
});

/** Cancelling a pending external transfer (issue 5): the history's button, its confirmation and outcome. */
export const cancelTransferMessages = withGroups(cancelTransferTexts, {
  /** The dialog's sentence around the transfer's number and amount: "Le transfert <n> de <montant> n'a pas été payé. …". */
  explanation: texts({
    transfer: msg`Le transfert`,
    of: msg`de`,
    notPaid: msg`n'a pas été payé. Son montant sera rendu à l'expéditeur ; les frais restent acquis.`,
  }),
});

/** The account's holders, or a cash transfer's sender, offered as the person at the counter (decision 132). */
export const counterPartyTexts = {
  holders: texts({
    title: msg`Titulaires du compte`,
    hint: msg`Si la personne au guichet est un titulaire, choisissez-la, puis saisissez le numéro de sa pièce.`,
  }),
  sender: texts({
    title: msg`Expéditeur`,
    hint: msg`Si l'expéditeur est la personne au guichet, choisissez-le, puis saisissez le numéro de sa pièce.`,
  }),
} as const;

/** "outside every band": the allowed range of a type, written out so that the agent knows what to change. */
export function outsideFeeBandsMessage(type: FeeType, minHtg: number, maxHtg: number): string {
  const min = formatHtg(minHtg);
  const max = formatHtg(maxHtg);
  // One whole sentence a type: the article and the agreement are the language's, not a word put in.
  const sentences: Record<FeeType, () => MessageDescriptor> = {
    deposit: () => msg`Montant hors barème : un dépôt doit être compris entre ${min} et ${max}`,
    transfer: () => msg`Montant hors barème : un transfert doit être compris entre ${min} et ${max}`,
    withdrawal: () => msg`Montant hors barème : un retrait doit être compris entre ${min} et ${max}`,
    external_transfer: () =>
      msg`Montant hors barème : un transfert externe doit être compris entre ${min} et ${max}`,
  };
  return translate(sentences[type]());
}

/**
 * Leaving a money operation's screen with something typed and nothing posted (decision 177): the sidebar,
 * the "Ouvrir ma caisse" link, the browser's back button ask first.
 */
export const leaveOperationTexts = texts({
  title: msg`Quitter l'opération ?`,
  text: msg`Ce que vous avez saisi sera perdu : rien n'a encore été enregistré.`,
  stay: msg`Rester`,
  leave: msg`Quitter`,
  /** The same question while the confirmation is on its way: it may already be posted. */
  pendingTitle: msg`Enregistrement en cours`,
  pendingText: msg`L'opération est en cours d'enregistrement : attendez la réponse du serveur avant de quitter cet écran.`,
});

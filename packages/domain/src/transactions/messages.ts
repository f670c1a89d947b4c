import { formatHtg, formatWholeHtg, MAX_AGENT_DEPOSIT_HTG } from '../money.js';
import { payoutMessages } from '../payout-messages.js';
import type { FeeType } from './names.js';

/** SPEC §5 "Transactions" and the refusals of DESIGN §4, worded once. */
export const transactionMessages = {
  partyNameRequired: 'Le nom est requis',
  documentTypeRequired: 'Le type de document est requis',
  documentNumberRequired: 'Le numéro de document est requis',
  accountNumberRequired: 'Le numéro de compte est requis',
  accountNumberInvalid: 'Numéro de compte invalide',
  transactionNumberRequired: 'Le numéro de transaction est requis',
  transactionNumberInvalid: 'Numéro de transaction invalide',
  agentCodeRequired: "Le code de l'agent est requis",
  senderRequired: "L'expéditeur est requis",
  currencyRequired: 'La devise est requise',
  sameAccount: 'Le compte bénéficiaire ne peut pas être le même que le compte expéditeur',
  currencyMismatch: 'Les devises des comptes doivent être identiques',
  inactiveAccount: "Le compte n'est pas actif",
  insufficientFunds: 'Solde insuffisant',
  /** The same refusal with what the paying account holds (decision 176): the teller can say how much is possible. */
  insufficientFundsAvailable: (availableHtg: number) =>
    `Solde insuffisant : solde disponible ${formatHtg(availableHtg)}`,
  /** The same when the teller's float pays (a deposit, a cash transfer): not to be read as the customer's. */
  insufficientFloatAvailable: (availableHtg: number) =>
    `Float de l'agent insuffisant : disponible ${formatHtg(availableHtg)}`,
  agentDepositLimit: `Le montant d'un dépôt sur agent ne peut pas dépasser ${formatWholeHtg(MAX_AGENT_DEPOSIT_HTG)}`,
  amountMismatch: 'Le montant ne correspond pas au montant du transfert',
  agentNotActive: "L'agent n'est pas actif",
  notAccountHolder: "La personne au guichet n'est pas titulaire de ce compte",
  // Read when used, in the language of the moment (decision 236).
  get recipientMismatch() {
    return payoutMessages.recipientMismatch;
  },
  notSendingAgent: "Seul l'agent expéditeur peut annuler ce transfert",
  transferNotPending: "Ce transfert n'est plus en attente",
  idempotencyConflict: "Cette clé d'idempotence a déjà servi pour une autre opération",
  accountNotFound: 'Compte introuvable',
  transactionNotFound: 'Transaction introuvable',
  agentNotFound: 'Agent introuvable',
  personNotFound: 'Personne introuvable',
} as const;

/**
 * The recipient of a cash transfer (decision 209): the name and the phone, then a document the sender may
 * not have, given whole (type and number) or not at all.
 */
export const recipientMessages = {
  documentGroup: "Pièce d'identité du bénéficiaire (facultatif)",
  documentHint:
    "Si l'expéditeur connaît la pièce du bénéficiaire, donnez son type et son numéro : seule cette pièce permettra le retrait. Sinon, laissez les deux vides.",
  /** The document type's empty choice: no document given. */
  noDocument: 'Aucun',
  documentNumberWithType:
    'Le numéro de document est requis quand le type est choisi : donnez les deux, ou aucun',
  documentTypeWithNumber:
    'Le type de document est requis quand le numéro est saisi : donnez les deux, ou aucun',
  documentTypeInvalid: 'Type de document invalide',
  /** The confirmation's lines. */
  confirmPhone: 'Téléphone du bénéficiaire',
  confirmDocument: 'Pièce du bénéficiaire',
  confirmNoDocument: 'Aucune : le nom seul sera vérifié au retrait',
  documentNumberInvalid: 'Numéro de document invalide',
} as const;

/** SPEC §8 fallbacks of the transactions' reads, in French (a money flow's own are in its file of `flows/`). */
export const transactionFailureMessages = {
  search: 'Échec de la recherche',
  fees: 'Échec du chargement des frais',
} as const;

/** How the sender of an external transfer pays: the radio choices and the confirmation's "Mode de paiement". */
export const externalTransferPaymentModeLabels = {
  cash: 'Espèces',
  account: 'Depuis un compte',
} as const satisfies Record<'cash' | 'account', string>;

/** The history's CSV export: the fallback of a failure without a message. */
export const historyExportFailureMessage = "Échec de l'export des transactions";

/**
 * A receipt's total (amount + fee) says where it came from (decision 214): taken from the customer's account
 * (a withdrawal, a transfer, a send from an account) or paid in cash at the counter (a deposit, a cash send).
 */
export const receiptTotalLabels = {
  debited: 'Total débité du compte',
  cash: 'Total payé en espèces',
  other: 'Total',
} as const;

/**
 * The total beside the fee before Enregistrer (the amount step, the confirmation): what the counter takes in
 * cash, what the account pays, or what an agent's float receives.
 */
export const operationTotalLabels = {
  cash: 'Total à encaisser',
  debited: receiptTotalLabels.debited,
  credited: 'Total crédité',
} as const;

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
export const quoteBlockedHint = 'Les frais doivent être calculés avant d’enregistrer.';

/** The super administrator's fee editor: its success toast and the fallback of a refusal without a message. */
export const feeScheduleMessages = {
  saved: 'Barème des frais enregistré',
  failed: 'Échec de la modification du barème des frais',
} as const;

/** Cancelling a pending external transfer (issue 5): the history's button, its confirmation and outcome. */
export const cancelTransferMessages = {
  button: 'Annuler',
  /** The button's accessible name: which transfer it cancels. */
  buttonLabel: (transactionNumber: string) => `Annuler le transfert ${transactionNumber}`,
  title: 'Annuler le transfert externe',
  confirm: "Confirmer l'annulation",
  pending: 'Annulation...',
  back: 'Retour',
  /** The dialog's sentence around the transfer's number and amount: "Le transfert <n> de <montant> n'a pas été payé. …". */
  explanation: {
    transfer: 'Le transfert',
    of: 'de',
    notPaid: "n'a pas été payé. Son montant sera rendu à l'expéditeur ; les frais restent acquis.",
  },
  success: 'Transfert annulé : le montant a été rendu',
  failure: "Échec de l'annulation du transfert",
  /** A teller cancels with the sender at the counter (decision 200): the identity typed from her card. */
  identifyLegend:
    "Saisissez le nom complet et la pièce d'identité tels qu'ils figurent sur la pièce présentée par l'expéditeur.",
  senderRequired: "Identifiez l'expéditeur : son nom et sa pièce d'identité, lus sur la pièce présentée",
  senderMismatch: "L'identité présentée ne correspond pas à l'expéditeur du transfert",
  /** The same refusal with what is left before the transfer locks (decisions 176 and 200). */
  senderMismatchTriesLeft: (triesLeft: number) =>
    triesLeft <= 0
      ? "L'identité présentée ne correspond pas à l'expéditeur du transfert : le transfert est maintenant bloqué ; l'administrateur de l'agent doit le débloquer"
      : `L'identité présentée ne correspond pas à l'expéditeur du transfert : ${
          triesLeft === 1 ? 'encore un essai' : `encore ${triesLeft} essais`
        } avant le blocage du transfert`,
  /** The agent's administrator approves the cancellation of a send from an account, with a reason. */
  approveTitle: "Approuver l'annulation du transfert externe",
  approveExplanation:
    "Le montant sera rendu au compte de l'expéditeur : aucune espèce ne sort de caisse ; les frais restent acquis.",
  approveConfirm: "Approuver l'annulation",
  reasonLabel: "Motif de l'annulation",
  reasonRequired: "Le motif de l'annulation est requis",
  reasonTooLong: 'Le motif ne peut pas dépasser 500 caractères',
  reasonOnlyForApproval: "Seul l'administrateur de l'agent approuve une annulation avec un motif",
  cashNeedsSender:
    "Un transfert payé en espèces s'annule au guichet, avec son expéditeur : seul un envoi depuis un compte s'annule sur approbation",
  /** The receipt of a cancellation: who was identified, or who approved it and why. */
  receiptIdentified: 'Expéditeur identifié',
  receiptApprovedBy: 'Approuvée par',
  /** Who approved it: the administrator's username. */
  receiptApprover: 'Utilisateur',
  receiptReason: 'Motif',
} as const;

/** The account's holders, or a cash transfer's sender, offered as the person at the counter (decision 132). */
export const counterPartyTexts = {
  holders: {
    title: 'Titulaires du compte',
    hint: 'Si la personne au guichet est un titulaire, choisissez-la, puis saisissez le numéro de sa pièce.',
  },
  sender: {
    title: 'Expéditeur',
    hint: "Si l'expéditeur est la personne au guichet, choisissez-le, puis saisissez le numéro de sa pièce.",
  },
} as const;

/** "outside every band": the allowed range of a type, written out so that the agent knows what to change. */
export function outsideFeeBandsMessage(type: FeeType, minHtg: number, maxHtg: number): string {
  const what: Record<FeeType, string> = {
    deposit: 'un dépôt',
    transfer: 'un transfert',
    withdrawal: 'un retrait',
    external_transfer: 'un transfert externe',
  };
  return `Montant hors barème : ${what[type]} doit être compris entre ${formatHtg(minHtg)} et ${formatHtg(maxHtg)}`;
}

/**
 * Leaving a money operation's screen with something typed and nothing posted (decision 177): the sidebar,
 * the "Ouvrir ma caisse" link, the browser's back button ask first.
 */
export const leaveOperationTexts = {
  title: "Quitter l'opération ?",
  text: "Ce que vous avez saisi sera perdu : rien n'a encore été enregistré.",
  stay: 'Rester',
  leave: 'Quitter',
  /** The same question while the confirmation is on its way: it may already be posted. */
  pendingTitle: 'Enregistrement en cours',
  pendingText:
    "L'opération est en cours d'enregistrement : attendez la réponse du serveur avant de quitter cet écran.",
} as const;

// Nothing but texts here (no zod): the pending operations' banner, on every screen, reads one of them
// (decision 145's sign-in budget).

const htgNumberFormat = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * `formatHtg`'s text ("1 510,00 HTG"), written again here: money.ts reaches the accounts' schemas, and with them
 * zod, which the banner's path must not load (fee-version-texts.test.ts checks that both agree).
 */
function htgText(amount: number): string {
  return `${htgNumberFormat.format(amount)}\u00a0HTG`;
}

/** The code of the 409 of a confirmation whose quoted fee version is no longer in force (`ledgerFailures.FeesChanged`). */
export const FEES_CHANGED_CODE = 'FEES_CHANGED';

/**
 * What the screens say of fee versions (decision 150): the confirmation whose fees changed, the fee table's
 * versions in force and coming, the editor's "Entrée en vigueur", the versions list.
 */
export const feeVersionTexts = {
  // The confirmation of a money screen.
  changedTitle: 'Les frais ont changé',
  changedHint:
    'Le barème a changé depuis le calcul des frais. Annoncez les nouveaux frais au client, puis appuyez de nouveau sur Enregistrer.',
  newFee: 'Nouveaux frais',
  newTotal: 'Nouveau total',
  before: (amount: string) => `avant : ${amount}`,
  /**
   * A held operation refused on resend because the fees changed meanwhile: final, never posted. Said after
   * "Le serveur a refusé l'opération : ". The amounts in HTG, from the refusal's new quote, when it has one.
   */
  heldRefused: (feeHtg: number | null, totalHtg: number | null) =>
    feeHtg !== null && totalHtg !== null
      ? `les frais ont changé ; elle n'a pas été enregistrée. Nouveaux frais : ${htgText(feeHtg)}, total ${htgText(totalHtg)}. Saisissez-la à nouveau si le client accepte.`
      : "les frais ont changé ; elle n'a pas été enregistrée. Saisissez-la à nouveau si le client accepte.",

  // The fee table.
  inForceSince: (number: number, date: string) => `Version n° ${number}, en vigueur depuis le ${date}`,
  inForceFromStart: (number: number) => `Version n° ${number}, en vigueur depuis la mise en service`,
  comingFrom: (number: number, date: string) => `Version n° ${number}, à partir du ${date}`,
  comingCaption: (label: string, number: number) => `Frais à venir : ${label}, version n° ${number}`,
  cancelButton: 'Annuler cette version',
  cancelButtonLabel: (label: string, number: number) => `Annuler la version n° ${number} : ${label}`,
  cancelTitle: (number: number) => `Annuler la version n° ${number} ?`,
  cancelBody: (label: string, date: string) =>
    `Le barème prévu pour le ${date} ne s'appliquera pas : les frais de «\u00a0${label}\u00a0» restent ceux en vigueur. L'annulation est définitive ; la version reste dans la liste des versions.`,
  cancelConfirm: 'Annuler la version',
  cancelKeep: 'Garder la version',
  cancelPending: 'Annulation...',
  cancelFailed: "Échec de l'annulation de la version",

  // The versions list.
  versionsButton: 'Versions',
  versionsButtonLabel: (label: string) => `Versions du barème : ${label}`,
  versionsCaption: (label: string) => `Versions du barème : ${label}`,
  versionsLoading: 'Chargement des versions...',
  versionsFailed: 'Échec du chargement des versions',
  versionsEmpty: 'Aucune version.',
  columns: {
    number: 'Version',
    from: 'En vigueur à partir du',
    by: 'Créée par',
    at: 'Créée le',
    status: 'Statut',
  },
  /** A version nobody made (the first one, seeded at the first start). */
  bySystem: 'Mise en service',
  fromStart: 'Mise en service',
  cancelledOn: (date: string) => `le ${date}`,

  // The editor.
  effectiveLegend: 'Entrée en vigueur',
  effectiveNow: 'Maintenant',
  effectiveLater: 'À une date et heure',
  effectiveAt: "Date et heure (heure d'Haïti)",
  effectiveRequired: "Choisissez la date et l'heure d'entrée en vigueur",
  confirmNow: (count: number, label: string) =>
    `Les ${count} tranche${count > 1 ? 's' : ''} de «\u00a0${label}\u00a0» s'appliqueront dès maintenant, à la place du barème actuel.`,
  confirmLater: (count: number, label: string, date: string) =>
    `Les ${count} tranche${count > 1 ? 's' : ''} de «\u00a0${label}\u00a0» s'appliqueront à partir du ${date} (heure d'Haïti). D'ici là, le barème actuel reste appliqué.`,
  confirmKept: 'Les transactions déjà enregistrées gardent leurs frais.',
  scheduled: (date: string) => `Nouveau barème programmé pour le ${date}`,
} as const;

/** The fee table's calculator: the fee and total of an amount typed, for one type. */
export const feeCalculatorTexts = {
  title: 'Calculer les frais',
  type: "Type d'opération",
  amount: 'Montant (HTG)',
  notAnAmount: 'Saisissez un montant positif en HTG, au plus deux décimales : par exemple 1\u202f500,50',
};

/**
 * What the amount step and the confirmation say of an amount they cannot take (decisions 132 and 182): one
 * sentence each, for the fee preview's refusal and the balance's.
 */
export const amountStepTexts = {
  changeHere: 'Changez le montant pour continuer.',
  changeBack: "Revenez à l'étape précédente pour changer le montant.",
  outsideBands: 'Changez le montant : il est hors barème.',
  aboveBalance: 'Changez le montant : le total dépasse le solde du compte.',
};

/**
 * The fee preview of the amount step, the confirmation and the calculator (decisions 080, 132): the fee and
 * the total, or why there are none. An amount the bands refuse is the amount's fault; a quote that got no
 * answer is the link's, and says so (decision 215). The region's name is the e2e specs' contract.
 */
export const feePreviewTexts = {
  region: 'Frais et total',
  amount: 'Montant',
  fee: 'Frais',
  total: 'Total (montant + frais)',
  computing: 'Calcul des frais...',
  refusedTitle: 'Opération impossible avec ce montant',
  notLoadedTitle: 'Les frais n’ont pas pu être calculés',
  recompute: 'Recalculer les frais',
  /** At the confirmation, when its own quote got no answer: the one the teller saw a step before. */
  fromAmountStep:
    'Frais calculés à l’étape du montant : le serveur n’a pas répondu depuis. Il les vérifie à l’enregistrement.',
} as const;

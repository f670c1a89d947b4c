// Nothing but texts here (no zod): the pending operations' banner, on every screen, reads one of them
// (decision 145's sign-in budget). Lingui's core and the domain's texts() weigh nothing more: the frame has them.
import { msg, plural } from '@lingui/core/macro';
import { texts } from '../i18n.js';
import { withGroups } from './grouped-texts.js';

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

/** feeVersionTexts but its columns. */
const feeVersionTextsOnly = texts({
  // The confirmation of a money screen.
  changedTitle: msg`Les frais ont changé`,
  changedHint: msg`Le barème a changé depuis le calcul des frais. Annoncez les nouveaux frais au client, puis appuyez de nouveau sur Enregistrer.`,
  newFee: msg`Nouveaux frais`,
  newTotal: msg`Nouveau total`,
  before: (amount: string) => msg`avant : ${amount}`,
  /**
   * A held operation refused on resend because the fees changed meanwhile: final, never posted. Said after
   * "Le serveur a refusé l'opération : ". The amounts in HTG, from the refusal's new quote, when it has one.
   */
  heldRefused: (feeHtg: number | null, totalHtg: number | null) => {
    if (feeHtg === null || totalHtg === null) {
      return msg`les frais ont changé ; elle n'a pas été enregistrée. Saisissez-la à nouveau si le client accepte.`;
    }
    const fee = htgText(feeHtg);
    const total = htgText(totalHtg);
    return msg`les frais ont changé ; elle n'a pas été enregistrée. Nouveaux frais : ${fee}, total ${total}. Saisissez-la à nouveau si le client accepte.`;
  },

  // The fee table.
  inForceSince: (number: number, date: string) => msg`Version n° ${number}, en vigueur depuis le ${date}`,
  inForceFromStart: (number: number) => msg`Version n° ${number}, en vigueur depuis la mise en service`,
  comingFrom: (number: number, date: string) => msg`Version n° ${number}, à partir du ${date}`,
  comingCaption: (label: string, number: number) => msg`Frais à venir : ${label}, version n° ${number}`,
  cancelButton: msg`Annuler cette version`,
  cancelButtonLabel: (label: string, number: number) => msg`Annuler la version n° ${number} : ${label}`,
  cancelTitle: (number: number) => msg`Annuler la version n° ${number} ?`,
  cancelBody: (label: string, date: string) =>
    msg`Le barème prévu pour le ${date} ne s'appliquera pas : les frais de «\u00a0${label}\u00a0» restent ceux en vigueur. L'annulation est définitive ; la version reste dans la liste des versions.`,
  cancelConfirm: msg`Annuler la version`,
  cancelKeep: msg`Garder la version`,
  cancelPending: msg`Annulation...`,
  cancelFailed: msg`Échec de l'annulation de la version`,

  // The versions list.
  versionsButton: msg`Versions`,
  versionsButtonLabel: (label: string) => msg`Versions du barème : ${label}`,
  versionsCaption: (label: string) => msg`Versions du barème : ${label}`,
  versionsLoading: msg`Chargement des versions...`,
  versionsFailed: msg`Échec du chargement des versions`,
  versionsEmpty: msg`Aucune version.`,
  /** A version nobody made (the first one, seeded at the first start). */
  bySystem: msg`Mise en service`,
  fromStart: msg`Mise en service`,
  cancelledOn: (date: string) => msg`le ${date}`,

  // The editor.
  effectiveLegend: msg`Entrée en vigueur`,
  effectiveNow: msg`Maintenant`,
  effectiveLater: msg`À une date et heure`,
  effectiveAt: msg`Date et heure (heure d'Haïti)`,
  effectiveRequired: msg`Choisissez la date et l'heure d'entrée en vigueur`,
  confirmNow: (count: number, label: string) =>
    msg`Les ${plural(count, { one: '# tranche', other: '# tranches' })} de «\u00a0${label}\u00a0» s'appliqueront dès maintenant, à la place du barème actuel.`,
  confirmLater: (count: number, label: string, date: string) =>
    msg`Les ${plural(count, { one: '# tranche', other: '# tranches' })} de «\u00a0${label}\u00a0» s'appliqueront à partir du ${date} (heure d'Haïti). D'ici là, le barème actuel reste appliqué.`,
  confirmKept: msg`Les transactions déjà enregistrées gardent leurs frais.`,
  scheduled: (date: string) => msg`Nouveau barème programmé pour le ${date}`,
});

/**
 * What the screens say of fee versions (decision 150): the confirmation whose fees changed, the fee table's
 * versions in force and coming, the editor's "Entrée en vigueur", the versions list.
 */
export const feeVersionTexts = withGroups(feeVersionTextsOnly, {
  /** The versions list's columns. */
  columns: texts({
    number: msg`Version`,
    from: msg`En vigueur à partir du`,
    by: msg`Créée par`,
    at: msg`Créée le`,
    status: msg`Statut`,
  }),
});

/** The fee table's calculator: the fee and total of an amount typed, for one type. */
export const feeCalculatorTexts = texts({
  title: msg`Calculer les frais`,
  type: msg`Type d'opération`,
  amount: msg`Montant (HTG)`,
  notAnAmount: msg`Saisissez un montant positif en HTG, au plus deux décimales : par exemple 1\u202f500,50`,
});

/**
 * What the amount step and the confirmation say of an amount they cannot take (decisions 132 and 182): one
 * sentence each, for the fee preview's refusal and the balance's.
 */
export const amountStepTexts = texts({
  changeHere: msg`Changez le montant pour continuer.`,
  changeBack: msg`Revenez à l'étape précédente pour changer le montant.`,
  outsideBands: msg`Changez le montant : il est hors barème.`,
  aboveBalance: msg`Changez le montant : le total dépasse le solde du compte.`,
});

/**
 * The fee preview of the amount step, the confirmation and the calculator (decisions 080, 132): the fee and
 * the total, or why there are none. An amount the bands refuse is the amount's fault; a quote that got no
 * answer is the link's, and says so (decision 215). The region's name is the e2e specs' contract.
 */
export const feePreviewTexts = texts({
  region: msg`Frais et total`,
  amount: msg`Montant`,
  fee: msg`Frais`,
  total: msg`Total (montant + frais)`,
  computing: msg`Calcul des frais...`,
  refusedTitle: msg`Opération impossible avec ce montant`,
  notLoadedTitle: msg`Les frais n’ont pas pu être calculés`,
  recompute: msg`Recalculer les frais`,
  /** At the confirmation, when its own quote got no answer: the one the teller saw a step before. */
  fromAmountStep: msg`Frais calculés à l’étape du montant : le serveur n’a pas répondu depuis. Il les vérifie à l’enregistrement.`,
});

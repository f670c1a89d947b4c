import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { translate } from './i18n.js';

/**
 * The spec's English or misspelled texts with the French Lajan shows instead (decision 134). None may show: a
 * test scans the sources and the end-to-end walks check each screen, matching whole words, case and spaces
 * set aside.
 */
export interface SpecForbiddenText {
  /** The text as SPEC.md gives it. */
  spec: string;
  /** What Lajan shows instead: the French, read in the language of the moment (decision 236). */
  readonly french: string;
  /** Where SPEC.md gives it. */
  where: string;
}

const specTexts: readonly { spec: string; french: MessageDescriptor; where: string }[] = [
  // §2, the user menu and the sidebar.
  { spec: 'Deconecter', french: msg`Se déconnecter`, where: '§2 user menu' },
  { spec: 'Depot', french: msg`Dépôt`, where: '§2 sidebar' },
  { spec: 'Depot sur Agent', french: msg`Dépôt sur agent`, where: '§2 sidebar' },
  { spec: 'Creer un Compte', french: msg`Créer un compte`, where: '§2 sidebar' },
  { spec: 'Creer agent', french: msg`Créer un agent`, where: '§2 sidebar' },
  { spec: 'List des utilisateur', french: msg`Liste des utilisateurs`, where: '§2 sidebar' },
  { spec: 'Creer utilisateur', french: msg`Créer un utilisateur`, where: '§2 sidebar' },
  { spec: 'Creer Administrateur', french: msg`Créer un administrateur`, where: '§2 sidebar' },
  { spec: 'Creer', french: msg`Créer`, where: '§2 sidebar, §2 history table' },
  // §2, the dashboard's quick actions and periods, named in English.
  { spec: 'Deposit', french: msg`Dépôt`, where: '§2 dashboard quick actions' },
  { spec: 'Withdraw', french: msg`Retrait`, where: '§2 dashboard quick actions' },
  { spec: 'Create account', french: msg`Créer un compte`, where: '§2 dashboard quick actions' },
  { spec: 'Transfer', french: msg`Transfert`, where: '§2 dashboard quick actions' },
  { spec: 'Receive transfer', french: msg`Recevoir un transfert`, where: '§2 dashboard quick actions' },
  { spec: 'Create user', french: msg`Créer un utilisateur`, where: '§2 dashboard quick actions' },
  { spec: 'Create administrator', french: msg`Créer un administrateur`, where: '§2 dashboard quick actions' },
  { spec: 'Create agent', french: msg`Créer un agent`, where: '§2 dashboard quick actions' },
  { spec: '7 days', french: msg`7 jours`, where: '§2 dashboard periods' },
  { spec: '30 days', french: msg`30 jours`, where: '§2 dashboard periods' },
  { spec: '3 months', french: msg`3 mois`, where: '§2 dashboard periods' },
  // §2, the register-client screen.
  { spec: 'Departement', french: msg`Département`, where: '§2 register-client screen' },
  { spec: "Carte d'identite", french: msg`Carte d'identité`, where: '§2 register-client screen' },
  { spec: 'passport', french: msg`Passeport`, where: '§2 register-client screen' },
  { spec: '+509 (Haiti)', french: msg`+509 (Haïti)`, where: '§2 register-client screen' },
  { spec: '+1 (US)', french: msg`+1 (États-Unis)`, where: '§2 register-client screen' },
  // §2, the person search.
  { spec: 'Resultat de la recherche', french: msg`Résultat de la recherche`, where: '§2 person search modal' },
  { spec: 'Pas de resultat pour', french: msg`Pas de résultat pour`, where: '§2 person search modal, §8' },
  // §2, the history table.
  { spec: 'Numero', french: msg`Numéro`, where: '§2 history table, §5' },
  { spec: 'Status', french: msg`Statut`, where: '§2 history table' },
  { spec: 'Creer par', french: msg`Créé par`, where: '§2 history table' },
  { spec: 'Date and time', french: msg`Date`, where: '§2 history table' },
  // §5, the uniqueness messages: a field is named by its label, never by its code.
  { spec: 'phoneNumber existe déjà', french: msg`Ce numéro de téléphone existe déjà`, where: '§5 person form' },
  { spec: 'email existe déjà', french: msg`Cette adresse e-mail existe déjà`, where: '§5 person form' },
  { spec: 'username existe déjà', french: msg`Ce nom d'utilisateur existe déjà`, where: '§5 create user' },
  { spec: 'id_card', french: msg`carte d'identité`, where: '§5 person form' },
  { spec: 'driving_license', french: msg`permis de conduire`, where: '§5 person form' },
  {
    spec: 'existe deja existe déjà',
    french: msg`Ce numéro de <document> existe déjà`,
    where: '§5 person form',
  },
  { spec: 'existe deja', french: msg`existe déjà`, where: '§5 person form' },
  // §5, the person form's messages that named a field otherwise than its label.
  { spec: "L'état est requis", french: msg`Le département est requis`, where: '§5 person form' },
  { spec: 'La ville est requise', french: msg`La commune est requise`, where: '§5 person form' },
  { spec: 'Méthode de contact invalide', french: msg`Moyen de contact invalide`, where: '§5 person form' },
  // §8, the fallbacks of failed calls.
  { spec: 'An error occurred', french: msg`Une erreur est survenue`, where: '§8' },
  { spec: 'Deposit failed', french: msg`Échec du dépôt`, where: '§8' },
  { spec: 'Withdrawal failed', french: msg`Échec du retrait`, where: '§8' },
  { spec: 'Transfer failed', french: msg`Échec du transfert`, where: '§8' },
  { spec: 'External transfer failed', french: msg`Échec du transfert externe`, where: '§8' },
  { spec: 'Failed to receive transaction', french: msg`Échec du paiement du transfert`, where: '§8' },
  { spec: 'Search failed', french: msg`Échec de la recherche`, where: '§8' },
  { spec: 'Failed to fetch fees', french: msg`Échec du chargement des frais`, where: '§8' },
  { spec: 'Failed to fetch users', french: msg`Échec du chargement des utilisateurs`, where: '§8' },
  { spec: 'Failed to update user', french: msg`Échec de la modification de l'utilisateur`, where: '§8' },
  { spec: 'Failed to update password', french: msg`Échec de la modification du mot de passe`, where: '§8' },
  { spec: 'Failed to delete user', french: msg`Échec de la suppression de l'utilisateur`, where: '§8' },
  {
    spec: 'Failed to send password reset link',
    french: msg`Échec de l'envoi du lien de réinitialisation`,
    where: '§8',
  },
  { spec: 'Failed to update person', french: msg`Échec de la modification de la personne`, where: '§8' },
  { spec: 'Failed to delete person', french: msg`Échec de la suppression de la personne`, where: '§8' },
  {
    spec: 'Failed to fetch persons list',
    french: msg`Échec du chargement de la liste des personnes`,
    where: '§8',
  },
  { spec: 'Failed to update account', french: msg`Échec de la modification du compte`, where: '§8' },
  { spec: 'Failed to delete account', french: msg`Échec de la suppression du compte`, where: '§8' },
  {
    spec: 'Failed to fetch accounts list',
    french: msg`Échec du chargement de la liste des comptes`,
    where: '§8',
  },
  { spec: 'Invalid object format', french: msg`Format de données invalide`, where: '§8' },
  {
    spec: 'Failed to fetch account',
    french: msg`Échec du chargement du compte`,
    where: 'issue 12 (Mon Compte)',
  },
  {
    spec: 'Failed to update fees',
    french: msg`Échec de la modification du barème des frais`,
    where: 'decision 091',
  },
  // §8, the success messages.
  { spec: 'Depot realiser avec success', french: msg`Dépôt réalisé avec succès`, where: '§8' },
  { spec: 'Retrait realiser avec success', french: msg`Retrait réalisé avec succès`, where: '§8' },
  { spec: 'realiser', french: msg`réalisé`, where: '§8' },
  { spec: 'avec success', french: msg`avec succès`, where: '§8' },
  { spec: 'Transfer successful', french: msg`Transfert réalisé avec succès`, where: '§8' },
  { spec: 'External transfer successful', french: msg`Transfert externe réalisé avec succès`, where: '§8' },
  { spec: 'Transaction received successfully', french: msg`Transfert payé avec succès`, where: '§8' },
  { spec: 'Agent suspended successfully', french: msg`Agent suspendu avec succès`, where: '§8' },
  { spec: 'Agent activated successfully', french: msg`Agent réactivé avec succès`, where: '§8' },
  { spec: 'Agent deleted successfully', french: msg`Agent supprimé avec succès`, where: '§8' },
  { spec: 'User created successfully', french: msg`Utilisateur créé avec succès`, where: '§8' },
  { spec: 'User updated successfully', french: msg`Utilisateur modifié avec succès`, where: '§8' },
  { spec: 'User deleted successfully', french: msg`Utilisateur supprimé avec succès`, where: '§8' },
  { spec: 'successfully', french: msg`avec succès`, where: '§8' },
  { spec: 'successful', french: msg`réalisé avec succès`, where: '§8' },
];

export const specForbiddenTexts: readonly SpecForbiddenText[] = specTexts.map(({ spec, french, where }) => ({
  spec,
  get french() {
    return translate(french);
  },
  where,
}));

const collapse = (text: string) => text.replace(/\s+/g, ' ');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern per listed text: whole words (a letter or digit on neither side), any case, any spacing. */
const patterns = specForbiddenTexts.map((entry) => ({
  entry,
  pattern: new RegExp(
    `(?<![\\p{L}\\p{N}_])${escape(entry.spec).replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}_])`,
    'iu',
  ),
}));

/** The listed texts that `text` (a screen's text, a message, a label) shows; none, when it is correct. */
export function findSpecForbiddenTexts(text: string): SpecForbiddenText[] {
  const collapsed = collapse(text);
  return patterns.filter(({ pattern }) => pattern.test(collapsed)).map(({ entry }) => entry);
}

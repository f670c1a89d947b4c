/**
 * The spec's English or misspelled texts with the French Lajan shows instead (decision 134). None may show: a
 * test scans the sources and the end-to-end walks check each screen, matching whole words, case and spaces
 * set aside.
 */
export interface SpecForbiddenText {
  /** The text as SPEC.md gives it. */
  spec: string;
  /** What Lajan shows instead. */
  french: string;
  /** Where SPEC.md gives it. */
  where: string;
}

export const specForbiddenTexts: readonly SpecForbiddenText[] = [
  // §2, the user menu and the sidebar.
  { spec: 'Deconecter', french: 'Se déconnecter', where: '§2 user menu' },
  { spec: 'Depot', french: 'Dépôt', where: '§2 sidebar' },
  { spec: 'Depot sur Agent', french: 'Dépôt sur agent', where: '§2 sidebar' },
  { spec: 'Creer un Compte', french: 'Créer un compte', where: '§2 sidebar' },
  { spec: 'Creer agent', french: 'Créer un agent', where: '§2 sidebar' },
  { spec: 'List des utilisateur', french: 'Liste des utilisateurs', where: '§2 sidebar' },
  { spec: 'Creer utilisateur', french: 'Créer un utilisateur', where: '§2 sidebar' },
  { spec: 'Creer Administrateur', french: 'Créer un administrateur', where: '§2 sidebar' },
  { spec: 'Creer', french: 'Créer', where: '§2 sidebar, §2 history table' },
  // §2, the dashboard's quick actions and periods, named in English.
  { spec: 'Deposit', french: 'Dépôt', where: '§2 dashboard quick actions' },
  { spec: 'Withdraw', french: 'Retrait', where: '§2 dashboard quick actions' },
  { spec: 'Create account', french: 'Créer un compte', where: '§2 dashboard quick actions' },
  { spec: 'Transfer', french: 'Transfert', where: '§2 dashboard quick actions' },
  { spec: 'Receive transfer', french: 'Recevoir un transfert', where: '§2 dashboard quick actions' },
  { spec: 'Create user', french: 'Créer un utilisateur', where: '§2 dashboard quick actions' },
  { spec: 'Create administrator', french: 'Créer un administrateur', where: '§2 dashboard quick actions' },
  { spec: 'Create agent', french: 'Créer un agent', where: '§2 dashboard quick actions' },
  { spec: '7 days', french: '7 jours', where: '§2 dashboard periods' },
  { spec: '30 days', french: '30 jours', where: '§2 dashboard periods' },
  { spec: '3 months', french: '3 mois', where: '§2 dashboard periods' },
  // §2, the register-client screen.
  { spec: 'Departement', french: 'Département', where: '§2 register-client screen' },
  { spec: "Carte d'identite", french: "Carte d'identité", where: '§2 register-client screen' },
  { spec: 'passport', french: 'Passeport', where: '§2 register-client screen' },
  { spec: '+509 (Haiti)', french: '+509 (Haïti)', where: '§2 register-client screen' },
  { spec: '+1 (US)', french: '+1 (États-Unis)', where: '§2 register-client screen' },
  // §2, the person search.
  { spec: 'Resultat de la recherche', french: 'Résultat de la recherche', where: '§2 person search modal' },
  { spec: 'Pas de resultat pour', french: 'Pas de résultat pour', where: '§2 person search modal, §8' },
  // §2, the history table.
  { spec: 'Numero', french: 'Numéro', where: '§2 history table, §5' },
  { spec: 'Status', french: 'Statut', where: '§2 history table' },
  { spec: 'Creer par', french: 'Créé par', where: '§2 history table' },
  { spec: 'Date and time', french: 'Date', where: '§2 history table' },
  // §5, the uniqueness messages: a field is named by its label, never by its code.
  { spec: 'phoneNumber existe déjà', french: 'Ce numéro de téléphone existe déjà', where: '§5 person form' },
  { spec: 'email existe déjà', french: 'Cette adresse e-mail existe déjà', where: '§5 person form' },
  { spec: 'username existe déjà', french: "Ce nom d'utilisateur existe déjà", where: '§5 create user' },
  { spec: 'id_card', french: "carte d'identité", where: '§5 person form' },
  { spec: 'driving_license', french: 'permis de conduire', where: '§5 person form' },
  {
    spec: 'existe deja existe déjà',
    french: 'Ce numéro de <document> existe déjà',
    where: '§5 person form',
  },
  { spec: 'existe deja', french: 'existe déjà', where: '§5 person form' },
  // §5, the person form's messages that named a field otherwise than its label.
  { spec: "L'état est requis", french: 'Le département est requis', where: '§5 person form' },
  { spec: 'La ville est requise', french: 'La commune est requise', where: '§5 person form' },
  { spec: 'Méthode de contact invalide', french: 'Moyen de contact invalide', where: '§5 person form' },
  // §8, the fallbacks of failed calls.
  { spec: 'An error occurred', french: 'Une erreur est survenue', where: '§8' },
  { spec: 'Deposit failed', french: 'Échec du dépôt', where: '§8' },
  { spec: 'Withdrawal failed', french: 'Échec du retrait', where: '§8' },
  { spec: 'Transfer failed', french: 'Échec du transfert', where: '§8' },
  { spec: 'External transfer failed', french: 'Échec du transfert externe', where: '§8' },
  { spec: 'Failed to receive transaction', french: 'Échec du paiement du transfert', where: '§8' },
  { spec: 'Search failed', french: 'Échec de la recherche', where: '§8' },
  { spec: 'Failed to fetch fees', french: 'Échec du chargement des frais', where: '§8' },
  { spec: 'Failed to fetch users', french: 'Échec du chargement des utilisateurs', where: '§8' },
  { spec: 'Failed to update user', french: "Échec de la modification de l'utilisateur", where: '§8' },
  { spec: 'Failed to update password', french: 'Échec de la modification du mot de passe', where: '§8' },
  { spec: 'Failed to delete user', french: "Échec de la suppression de l'utilisateur", where: '§8' },
  {
    spec: 'Failed to send password reset link',
    french: "Échec de l'envoi du lien de réinitialisation",
    where: '§8',
  },
  { spec: 'Failed to update person', french: 'Échec de la modification de la personne', where: '§8' },
  { spec: 'Failed to delete person', french: 'Échec de la suppression de la personne', where: '§8' },
  {
    spec: 'Failed to fetch persons list',
    french: 'Échec du chargement de la liste des personnes',
    where: '§8',
  },
  { spec: 'Failed to update account', french: 'Échec de la modification du compte', where: '§8' },
  { spec: 'Failed to delete account', french: 'Échec de la suppression du compte', where: '§8' },
  {
    spec: 'Failed to fetch accounts list',
    french: 'Échec du chargement de la liste des comptes',
    where: '§8',
  },
  { spec: 'Invalid object format', french: 'Format de données invalide', where: '§8' },
  {
    spec: 'Failed to fetch account',
    french: 'Échec du chargement du compte',
    where: 'issue 12 (Mon Compte)',
  },
  {
    spec: 'Failed to update fees',
    french: 'Échec de la modification du barème des frais',
    where: 'decision 091',
  },
  // §8, the success messages.
  { spec: 'Depot realiser avec success', french: 'Dépôt réalisé avec succès', where: '§8' },
  { spec: 'Retrait realiser avec success', french: 'Retrait réalisé avec succès', where: '§8' },
  { spec: 'realiser', french: 'réalisé', where: '§8' },
  { spec: 'avec success', french: 'avec succès', where: '§8' },
  { spec: 'Transfer successful', french: 'Transfert réalisé avec succès', where: '§8' },
  { spec: 'External transfer successful', french: 'Transfert externe réalisé avec succès', where: '§8' },
  { spec: 'Transaction received successfully', french: 'Transfert payé avec succès', where: '§8' },
  { spec: 'Agent suspended successfully', french: 'Agent suspendu avec succès', where: '§8' },
  { spec: 'Agent activated successfully', french: 'Agent réactivé avec succès', where: '§8' },
  { spec: 'Agent deleted successfully', french: 'Agent supprimé avec succès', where: '§8' },
  { spec: 'User created successfully', french: 'Utilisateur créé avec succès', where: '§8' },
  { spec: 'User updated successfully', french: 'Utilisateur modifié avec succès', where: '§8' },
  { spec: 'User deleted successfully', french: 'Utilisateur supprimé avec succès', where: '§8' },
  { spec: 'successfully', french: 'avec succès', where: '§8' },
  { spec: 'successful', french: 'réalisé avec succès', where: '§8' },
];

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

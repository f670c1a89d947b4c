import { transactionTypeLabels, transactionTypes } from '@lajan/domain';

/**
 * French names of the audit trail's actions. The server names actions `domain.verb`; an action not
 * listed here (a newer one) shows its code alone, so that nothing recorded is ever hidden. The money
 * movements (`transactions.<type>`) are named as the history names their types.
 */
const writeLabels: Record<string, string> = {
  'auth.login': 'Connexion',
  'auth.login_failed': 'Connexion refusée',
  'auth.login_throttled': 'Connexion bloquée (trop de tentatives)',
  'auth.logout': 'Déconnexion',
  'auth.password_changed': 'Mot de passe changé',
  'auth.password_check_throttled': 'Changement de mot de passe bloqué (trop de tentatives)',
  'accounts.holder_check_throttled': 'Ouverture de compte bloquée (trop de numéros de pièce erronés)',
  'auth.lookup_throttled': 'Recherches bloquées (trop de recherches)',
  'auth.password_check_locked': 'Session fermée (trop de mots de passe actuels incorrects)',
  'auth.reset_requested': 'Réinitialisation demandée',
  'auth.password_reset': 'Mot de passe réinitialisé',
  'auth.reset_failed': 'Réinitialisation refusée',
  'users.super_admin_created': 'Super administrateur créé',
  'users.create': 'Utilisateur créé',
  'users.update': 'Utilisateur modifié',
  'users.delete': 'Utilisateur supprimé',
  'users.sessions_ended': 'Sessions d’un utilisateur fermées',
  'users.email_changed': 'Adresse e-mail d’un utilisateur modifiée',
  'agents.create': 'Agent créé',
  'agents.suspend': 'Agent suspendu',
  'agents.activate': 'Agent réactivé',
  'agents.delete': 'Agent supprimé (désactivé)',
  'persons.created': 'Personne enregistrée',
  'persons.updated': 'Personne modifiée',
  'persons.deleted': 'Personne supprimée',
  'persons.read': 'Fiche d’identité consultée',
  'accounts.created': 'Compte créé',
  'accounts.status_changed': 'Statut de compte modifié',
  'accounts.closed': 'Compte fermé',
  'accounts.request_received': "Demande d'ouverture reçue",
  'accounts.request_activated': "Demande d'ouverture acceptée",
  'accounts.request_rejected': "Demande d'ouverture refusée",
  'fees.updated': 'Barème des frais modifié',
  'transactions.transfer_unlocked': 'Transfert débloqué',
};

const moneyLabels: Record<string, string> = Object.fromEntries(
  transactionTypes.map((type) => [`transactions.${type}`, transactionTypeLabels[type]]),
);

const actionLabels: Record<string, string> = { ...moneyLabels, ...writeLabels };

export function auditActionLabel(action: string): string | undefined {
  return actionLabels[action];
}

/** True for a line that is a posted money movement (its amount is in `details`). */
export function isMoneyMovement(action: string): boolean {
  return action in moneyLabels;
}

/** The choices of the action filter: the money movements first, then the other writes. */
export const moneyActionOptions = Object.entries(moneyLabels).map(([value, label]) => ({ value, label }));
export const writeActionOptions = Object.entries(writeLabels).map(([value, label]) => ({ value, label }));

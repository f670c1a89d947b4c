import { transactionTypeLabels, transactionTypes, type TransactionType } from './transactions/index.js';

/**
 * The audit trail's actions, named `domain.verb`, with their French names. The server records
 * only these (`recordAudit` takes an `AuditWriteAction`); the money movements come from the ledger as
 * `transactions.<type>`, named as the history names their types. Never a password, a token or a link.
 */
export const auditWriteActionLabels = {
  'auth.login': 'Connexion',
  'auth.login_failed': 'Connexion refusée',
  'auth.login_throttled': 'Connexion bloquée (trop de tentatives)',
  'auth.logout': 'Déconnexion',
  'auth.mfa_challenged': 'Connexion : code de second facteur demandé',
  'auth.mfa_failed': 'Code de second facteur refusé',
  'auth.mfa_throttled': 'Second facteur bloqué (trop de codes incorrects)',
  'auth.mfa_recovery_used': 'Code de secours utilisé',
  'auth.mfa_enrolled': 'Second facteur activé',
  'auth.mfa_disabled': 'Second facteur désactivé',
  'auth.mfa_reset': 'Second facteur retiré par l’exploitant',
  'auth.password_changed': 'Mot de passe changé',
  'auth.password_check_throttled': 'Changement de mot de passe bloqué (trop de tentatives)',
  'accounts.holder_check_throttled': 'Ouverture de compte bloquée (trop de numéros de pièce erronés)',
  'auth.lookup_throttled': 'Recherches bloquées (trop de recherches)',
  'auth.password_check_locked': 'Session fermée (trop de mots de passe actuels incorrects)',
  'auth.reset_requested': 'Réinitialisation demandée',
  'auth.password_reset': 'Mot de passe réinitialisé',
  'auth.reset_failed': 'Réinitialisation refusée',
  'auth.reset_throttled': 'Réinitialisation bloquée (trop de demandes)',
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
  'accounts.request_received': 'Demande d’ouverture reçue',
  'accounts.request_throttled': 'Demandes d’ouverture bloquées (trop de demandes)',
  'accounts.request_duplicate': 'Demande d’ouverture sur des informations déjà enregistrées (rien d’ouvert)',
  'accounts.request_activated': 'Demande d’ouverture acceptée',
  'accounts.request_rejected': 'Demande d’ouverture refusée',
  'fees.updated': 'Barème des frais modifié',
  'fees.version_cancelled': 'Version du barème annulée',
  'limits.version_created': 'Limites des clients : nouvelle version',
  'limits.version_cancelled': 'Limites des clients : version annulée',
  'transactions.transfer_unlocked': 'Transfert débloqué',
  'transactions.transfer_expired': 'Transfert expiré (non payé dans le délai)',
  'transactions.holder_check_throttled': 'Retraits et transferts bloqués (trop de numéros de pièce erronés)',
  'corrections.requested': 'Correction demandée',
  'corrections.approved': 'Correction approuvée',
  'corrections.rejected': 'Correction rejetée',
  'drawer.opened': 'Caisse ouverte',
  'drawer.closed': 'Caisse fermée',
  'drawer.difference_acknowledged': 'Écart de caisse validé',
  'drawer.closed_by_administrator': 'Caisse d’un caissier fermée par un administrateur',
  'drawer.opening_difference_acknowledged': 'Écart de caisse à l’ouverture validé',
  'reports.declarations_read': 'Déclarations UCREF consultées',
  'reports.declarations_exported': 'Déclarations UCREF exportées (CSV)',
} as const satisfies Record<string, string>;

/** An action the server records in the audit log (the money movements are the ledger's). */
export type AuditWriteAction = keyof typeof auditWriteActionLabels;

// The money movements' names are the transaction types' labels, read when asked: never when this module
// loads, or they would stay in that moment's language (decision 236).
const auditMoneyActionTypes = new Map<string, TransactionType>(
  transactionTypes.map((type) => [`transactions.${type}`, type]),
);

/** The French name of an action; undefined for one this version does not know (shown as its code). */
export function auditActionLabel(action: string): string | undefined {
  const type = auditMoneyActionTypes.get(action);
  if (type) return transactionTypeLabels[type];
  return (auditWriteActionLabels as Record<string, string>)[action];
}

/** True for a line that is a posted money movement (its amount is in `details`). */
export function isAuditMoneyMovement(action: string): boolean {
  return auditMoneyActionTypes.has(action);
}

/** The choices of the action filter: the money movements first, then the other writes. */
export const auditMoneyActionOptions: readonly { readonly value: string; readonly label: string }[] = [
  ...auditMoneyActionTypes,
].map(([value, type]) => ({
  value,
  get label() {
    return transactionTypeLabels[type];
  },
}));
export const auditWriteActionOptions = Object.entries(auditWriteActionLabels).map(([value, label]) => ({
  value,
  label,
}));

/** A money movement's details under its name in the trail: an approved cancellation's reason (decision 205). */
export const auditMoneyDetailLabels = {
  reason: (reason: string) => `motif : ${reason}`,
} as const;

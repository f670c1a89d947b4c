import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';
import { transactionTypeLabels, transactionTypes, type TransactionType } from './transactions/index.js';

/**
 * The audit trail's actions, named `domain.verb`, with their names. The server records
 * only these (`recordAudit` takes an `AuditWriteAction`); the money movements come from the ledger as
 * `transactions.<type>`, named as the history names their types. Never a password, a token or a link.
 */
export const auditWriteActionLabels = texts({
  'auth.login': msg`Connexion`,
  'auth.login_failed': msg`Connexion refusée`,
  'auth.login_throttled': msg`Connexion bloquée (trop de tentatives)`,
  'auth.logout': msg`Déconnexion`,
  'auth.mfa_challenged': msg`Connexion : code de second facteur demandé`,
  'auth.mfa_failed': msg`Code de second facteur refusé`,
  'auth.mfa_throttled': msg`Second facteur bloqué (trop de codes incorrects)`,
  'auth.mfa_recovery_used': msg`Code de secours utilisé`,
  'auth.mfa_enrolled': msg`Second facteur activé`,
  'auth.mfa_disabled': msg`Second facteur désactivé`,
  'auth.mfa_reset': msg`Second facteur retiré par l’exploitant`,
  'auth.password_changed': msg`Mot de passe changé`,
  'auth.password_check_throttled': msg`Changement de mot de passe bloqué (trop de tentatives)`,
  'accounts.holder_check_throttled': msg`Ouverture de compte bloquée (trop de numéros de pièce erronés)`,
  'auth.lookup_throttled': msg`Recherches bloquées (trop de recherches)`,
  'auth.password_check_locked': msg`Session fermée (trop de mots de passe actuels incorrects)`,
  'auth.reset_requested': msg`Réinitialisation demandée`,
  'auth.password_reset': msg`Mot de passe réinitialisé`,
  'auth.reset_failed': msg`Réinitialisation refusée`,
  'auth.reset_throttled': msg`Réinitialisation bloquée (trop de demandes)`,
  'users.super_admin_created': msg`Super administrateur créé`,
  'users.create': msg`Utilisateur créé`,
  'users.update': msg`Utilisateur modifié`,
  'users.delete': msg`Utilisateur supprimé`,
  'users.sessions_ended': msg`Sessions d’un utilisateur fermées`,
  'users.email_changed': msg`Adresse e-mail d’un utilisateur modifiée`,
  'agents.create': msg`Agent créé`,
  'agents.suspend': msg`Agent suspendu`,
  'agents.activate': msg`Agent réactivé`,
  'agents.delete': msg`Agent supprimé (désactivé)`,
  'persons.created': msg`Personne enregistrée`,
  'persons.updated': msg`Personne modifiée`,
  'persons.deleted': msg`Personne supprimée`,
  'persons.read': msg`Fiche d’identité consultée`,
  'accounts.created': msg`Compte créé`,
  'accounts.status_changed': msg`Statut de compte modifié`,
  'accounts.closed': msg`Compte fermé`,
  'accounts.request_received': msg`Demande d’ouverture reçue`,
  'accounts.request_throttled': msg`Demandes d’ouverture bloquées (trop de demandes)`,
  'accounts.request_duplicate': msg`Demande d’ouverture sur des informations déjà enregistrées (rien d’ouvert)`,
  'accounts.request_activated': msg`Demande d’ouverture acceptée`,
  'accounts.request_rejected': msg`Demande d’ouverture refusée`,
  'fees.updated': msg`Barème des frais modifié`,
  'fees.version_cancelled': msg`Version du barème annulée`,
  'limits.version_created': msg`Limites des clients : nouvelle version`,
  'limits.version_cancelled': msg`Limites des clients : version annulée`,
  'sms.kind_enabled': msg`SMS : type de message activé`,
  'sms.kind_disabled': msg`SMS : type de message désactivé`,
  'sms.retried': msg`SMS en échec renvoyé`,
  'transactions.transfer_unlocked': msg`Transfert débloqué`,
  'transactions.transfer_expired': msg`Transfert expiré (non payé dans le délai)`,
  'transactions.holder_check_throttled': msg`Retraits et transferts bloqués (trop de numéros de pièce erronés)`,
  'corrections.requested': msg`Correction demandée`,
  'corrections.approved': msg`Correction approuvée`,
  'corrections.rejected': msg`Correction rejetée`,
  'drawer.opened': msg`Caisse ouverte`,
  'drawer.closed': msg`Caisse fermée`,
  'drawer.difference_acknowledged': msg`Écart de caisse validé`,
  'drawer.closed_by_administrator': msg`Caisse d’un caissier fermée par un administrateur`,
  'drawer.opening_difference_acknowledged': msg`Écart de caisse à l’ouverture validé`,
  'reports.declarations_read': msg`Déclarations UCREF consultées`,
  'reports.declarations_exported': msg`Déclarations UCREF exportées (CSV)`,
});

/** An action the server records in the audit log (the money movements are the ledger's). */
export type AuditWriteAction = keyof typeof auditWriteActionLabels;

// The money movements' names are the history's, read when said (decision 236): never copied at load.
const auditMoneyActions = new Map<string, TransactionType>(
  transactionTypes.map((type) => [`transactions.${type}`, type]),
);

function isAuditWriteAction(action: string): action is AuditWriteAction {
  return Object.hasOwn(auditWriteActionLabels, action);
}

/** The name of an action; undefined for one this version does not know (shown as its code). */
export function auditActionLabel(action: string): string | undefined {
  const type = auditMoneyActions.get(action);
  if (type) return transactionTypeLabels[type];
  return isAuditWriteAction(action) ? auditWriteActionLabels[action] : undefined;
}

/** True for a line that is a posted money movement (its amount is in `details`). */
export function isAuditMoneyMovement(action: string): boolean {
  return auditMoneyActions.has(action);
}

/** The choices of the action filter: the money movements first, then the other writes. */
export function auditMoneyActionOptions(): { value: string; label: string }[] {
  return [...auditMoneyActions].map(([value, type]) => ({ value, label: transactionTypeLabels[type] }));
}
export function auditWriteActionOptions(): { value: string; label: string }[] {
  return Object.entries(auditWriteActionLabels).map(([value, label]) => ({ value, label }));
}

/** A money movement's details under its name in the trail: an approved cancellation's reason (decision 205). */
export const auditMoneyDetailLabels = texts({
  reason: (reason: string) => msg`motif : ${reason}`,
});

import type { Capability } from '@lajan/domain';

export interface QuickAction {
  label: string;
  description: string;
  /** A path of the route table (a test checks that each one exists and opens for whoever sees it). */
  to: string;
  capability: Capability;
}

/**
 * Tellers see deposit, withdraw, create account, a new client (decision 132), transfer and
 * receive transfer; an administrator sees create user; the super administrator sees create administrator
 * and create agent.
 */
export const quickActions: readonly QuickAction[] = [
  { label: 'Dépôt', description: "Déposer de l'argent sur un compte", to: '/transaction/deposit', capability: 'transactions.operate' },
  { label: 'Retrait', description: "Retirer de l'argent d'un compte", to: '/transaction/withdraw', capability: 'transactions.operate' },
  { label: 'Créer un compte', description: 'Ouvrir un compte pour un client', to: '/create-account', capability: 'accounts.manage' },
  { label: 'Nouveau client', description: 'Enregistrer un client qui se présente', to: '/person', capability: 'accounts.manage' },
  { label: 'Transfert', description: 'Virer entre deux comptes', to: '/transaction/transfer', capability: 'transactions.operate' },
  {
    label: 'Recevoir un transfert',
    description: 'Payer un transfert externe',
    to: '/transaction/external-transfer/receive',
    capability: 'transactions.operate',
  },
  { label: 'Créer un utilisateur', description: 'Ajouter un utilisateur à votre agent', to: '/create-user', capability: 'agentUsers.manage' },
  { label: 'Créer un administrateur', description: 'Ajouter un super administrateur', to: '/create-user', capability: 'admins.manage' },
  { label: 'Créer un agent', description: 'Ouvrir un nouveau point de service', to: '/create-agent', capability: 'agents.manage' },
];

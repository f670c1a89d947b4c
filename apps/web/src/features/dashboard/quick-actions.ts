import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Capability } from '@lajan/domain';

/** Its words are descriptors, read in the screens' language when the dashboard renders (decision 236). */
export interface QuickAction {
  label: MessageDescriptor;
  description: MessageDescriptor;
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
  {
    label: msg`Dépôt`,
    description: msg`Déposer de l'argent sur un compte`,
    to: '/transaction/deposit',
    capability: 'transactions.operate',
  },
  {
    label: msg`Retrait`,
    description: msg`Retirer de l'argent d'un compte`,
    to: '/transaction/withdraw',
    capability: 'transactions.operate',
  },
  {
    label: msg`Créer un compte`,
    description: msg`Ouvrir un compte pour un client`,
    to: '/create-account',
    capability: 'accounts.manage',
  },
  {
    label: msg`Nouveau client`,
    description: msg`Enregistrer un client qui se présente`,
    to: '/person',
    capability: 'accounts.manage',
  },
  {
    label: msg`Transfert`,
    description: msg`Virer entre deux comptes`,
    to: '/transaction/transfer',
    capability: 'transactions.operate',
  },
  {
    label: msg`Recevoir un transfert`,
    description: msg`Payer un transfert externe`,
    to: '/transaction/external-transfer/receive',
    capability: 'transactions.operate',
  },
  {
    label: msg`Créer un utilisateur`,
    description: msg`Ajouter un utilisateur à votre agent`,
    to: '/create-user',
    capability: 'agentUsers.manage',
  },
  {
    label: msg`Créer un administrateur`,
    description: msg`Ajouter un super administrateur`,
    to: '/create-user',
    capability: 'admins.manage',
  },
  {
    label: msg`Créer un agent`,
    description: msg`Ouvrir un nouveau point de service`,
    to: '/create-agent',
    capability: 'agents.manage',
  },
];

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { can, type Capability, type SessionUser } from '@lajan/domain';
import { pathOf, type RouteName } from '../route-table';

// Labels are descriptors, read in the screens' language when the menus render (decision 236).
export interface NavLinkItem {
  kind: 'link';
  label: MessageDescriptor;
  route: RouteName;
  capability: Capability;
}

export interface NavGroupItem {
  kind: 'group';
  label: MessageDescriptor;
  capability: Capability;
  children: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

const link = (label: MessageDescriptor, route: RouteName, capability: Capability): NavLinkItem => ({
  kind: 'link',
  label,
  route,
  capability,
});

/**
 * The sidebar of SPEC §2, labels as the spec writes them, its misspellings corrected (decision 134). Each item names the capability that shows
 * it; where the spec shows an item to fewer people than may open its route (Historique, Liste des
 * agents, the users list), the item carries the narrower capability (docs/decisions/021).
 */
export const sidebarItems: readonly NavItem[] = [
  link(msg`Tableau de Bord`, 'dashboard', 'dashboard.view'),
  link(msg`Ma caisse`, 'drawer', 'drawer.operate'),
  link(msg`Retrait`, 'withdraw', 'transactions.operate'),
  link(msg`Dépôt`, 'deposit', 'transactions.operate'),
  link(msg`Transfert`, 'transfer', 'transactions.operate'),
  {
    kind: 'group',
    label: msg`Transfert externe`,
    capability: 'transactions.operate',
    children: [
      link(msg`Effectuer`, 'create-transfer', 'transactions.operate'),
      link(msg`Recevoir`, 'receive-transfer', 'transactions.operate'),
      // Expired cash transfers owed to their senders (decision 225).
      link(msg`À rembourser`, 'transfers-to-refund', 'transactions.cancel'),
    ],
  },
  link(msg`Historique`, 'history', 'transactions.operate'),
  link(msg`Créer un compte`, 'create-account', 'accounts.manage'),
  // A teller registers walk-in customers (decision 132); "Personnes" lists them.
  link(msg`Nouveau client`, 'person', 'accounts.manage'),
  link(msg`Demandes d'ouverture`, 'account-requests', 'accounts.manage'),
  link(msg`Personnes`, 'persons', 'persons.manage'),
  link(msg`Liste des agents`, 'agents', 'agents.manage'),
  link(msg`Dépôt sur agent`, 'deposit-agent', 'agents.deposit'),
  link(msg`Créer un agent`, 'create-agent', 'agents.manage'),
  link(msg`Mon Compte`, 'account', 'account.self'),
  link(msg`Liste des utilisateurs`, 'users', 'agentUsers.manage'),
  link(msg`Créer un utilisateur`, 'create-user', 'agentUsers.manage'),
  link(msg`Lister les administrateurs`, 'administrators', 'admins.manage'),
  link(msg`Créer un administrateur`, 'create-user', 'admins.manage'),
  link(msg`Caisses`, 'drawers', 'drawer.supervise'),
  link(msg`Corrections`, 'corrections', 'corrections.read'),
  link(msg`Journal d'audit`, 'audit', 'audit.read'),
  // Issue 16's reports (decision 148): every role sees the group, each its own links.
  {
    kind: 'group',
    label: msg`Rapports`,
    capability: 'reports.accountStatement',
    children: [
      link(msg`Relevé de commissions`, 'reports-commissions', 'reports.commissions'),
      link(msg`Rapports du réseau`, 'reports-network', 'reports.network'),
      link(msg`Déclarations UCREF`, 'reports-declarations', 'reports.declarations'),
      link(msg`Relevé de compte`, 'account-statement', 'reports.accountStatement'),
      link(msg`Relevé du float`, 'float-statement', 'reports.floatStatement'),
    ],
  },
  link(msg`Tableau des Frais`, 'fees-list', 'fees.read'),
  // A customer's limits (decision 227): the super administrator's schedule, beside the fee table.
  link(msg`Limites des clients`, 'limits', 'limits.edit'),
  // The SMS sent to customers: a switch per kind, the failed deliveries (decision 242).
  link(msg`SMS`, 'sms', 'sms.read'),
];

/** The items this person sees, groups keeping only their visible children. */
export function visibleNavItems(user: SessionUser | null): NavItem[] {
  const out: NavItem[] = [];
  for (const item of sidebarItems) {
    if (!can(user, item.capability)) continue;
    if (item.kind === 'link') out.push(item);
    else {
      const children = item.children.filter((child) => can(user, child.capability));
      if (children.length) out.push({ ...item, children });
    }
  }
  return out;
}

export interface UserMenuLink {
  label: MessageDescriptor;
  to: string;
  capability: Capability;
}

/** The user menu's links; "Compte" is the own-agent account, hidden from the super administrator. */
export const userMenuLinks: readonly UserMenuLink[] = [
  { label: msg`Tableau de Bord`, to: pathOf('dashboard'), capability: 'dashboard.view' },
  { label: msg`Mon Profil`, to: pathOf('profile'), capability: 'profile.view' },
  { label: msg`Compte`, to: pathOf('account'), capability: 'account.self' },
];

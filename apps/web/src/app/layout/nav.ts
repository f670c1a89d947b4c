import { can, type Capability, type SessionUser } from '@lajan/domain';
import { pathOf, type RouteName } from '../route-table';

export interface NavLinkItem {
  kind: 'link';
  label: string;
  route: RouteName;
  capability: Capability;
}

export interface NavGroupItem {
  kind: 'group';
  label: string;
  capability: Capability;
  children: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

const link = (label: string, route: RouteName, capability: Capability): NavLinkItem => ({
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
  link('Tableau de Bord', 'dashboard', 'dashboard.view'),
  link('Ma caisse', 'drawer', 'drawer.operate'),
  link('Retrait', 'withdraw', 'transactions.operate'),
  link('Dépôt', 'deposit', 'transactions.operate'),
  link('Transfert', 'transfer', 'transactions.operate'),
  {
    kind: 'group',
    label: 'Transfert externe',
    capability: 'transactions.operate',
    children: [
      link('Effectuer', 'create-transfer', 'transactions.operate'),
      link('Recevoir', 'receive-transfer', 'transactions.operate'),
      // Expired cash transfers owed to their senders (decision 225).
      link('À rembourser', 'transfers-to-refund', 'transactions.cancel'),
    ],
  },
  link('Historique', 'history', 'transactions.operate'),
  link('Créer un compte', 'create-account', 'accounts.manage'),
  // A teller registers walk-in customers (decision 132); "Personnes" lists them.
  link('Nouveau client', 'person', 'accounts.manage'),
  link("Demandes d'ouverture", 'account-requests', 'accounts.manage'),
  link('Personnes', 'persons', 'persons.manage'),
  link('Liste des agents', 'agents', 'agents.manage'),
  link('Dépôt sur agent', 'deposit-agent', 'agents.deposit'),
  link('Créer un agent', 'create-agent', 'agents.manage'),
  link('Mon Compte', 'account', 'account.self'),
  link('Liste des utilisateurs', 'users', 'agentUsers.manage'),
  link('Créer un utilisateur', 'create-user', 'agentUsers.manage'),
  link('Lister les administrateurs', 'administrators', 'admins.manage'),
  link('Créer un administrateur', 'create-user', 'admins.manage'),
  link('Caisses', 'drawers', 'drawer.supervise'),
  link('Corrections', 'corrections', 'corrections.read'),
  link("Journal d'audit", 'audit', 'audit.read'),
  // Issue 16's reports (decision 148): every role sees the group, each its own links.
  {
    kind: 'group',
    label: 'Rapports',
    capability: 'reports.accountStatement',
    children: [
      link('Relevé de commissions', 'reports-commissions', 'reports.commissions'),
      link('Rapports du réseau', 'reports-network', 'reports.network'),
      link('Déclarations UCREF', 'reports-declarations', 'reports.declarations'),
      link('Relevé de compte', 'account-statement', 'reports.accountStatement'),
      link('Relevé du float', 'float-statement', 'reports.floatStatement'),
    ],
  },
  link('Tableau des Frais', 'fees-list', 'fees.read'),
  // A customer's limits (decision 227): the super administrator's schedule, beside the fee table.
  link('Limites des clients', 'limits', 'limits.edit'),
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
  label: string;
  to: string;
  capability: Capability;
}

/** The user menu's links; "Compte" is the own-agent account, hidden from the super administrator. */
export const userMenuLinks: readonly UserMenuLink[] = [
  { label: 'Tableau de Bord', to: pathOf('dashboard'), capability: 'dashboard.view' },
  { label: 'Mon Profil', to: pathOf('profile'), capability: 'profile.view' },
  { label: 'Compte', to: pathOf('account'), capability: 'account.self' },
];

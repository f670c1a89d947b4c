import { audienceOf, type Audience } from './roles.js';
import type { SessionUser } from './sign-in.js';

/**
 * The one permission table, read by the web's guards and sidebar and the server's route checks; a capability
 * not listed is allowed to no one (decision 060). The server adds the object-level rules on top.
 */
export const permissions = {
  /** Dashboard, own profile, fee table, password pages. */
  'dashboard.view': ['superAdmin', 'agentAdmin', 'teller'],
  'profile.view': ['superAdmin', 'agentAdmin', 'teller'],
  'password.update': ['superAdmin', 'agentAdmin', 'teller'],
  /** A second factor (decision 203): those who hold the network; tellers keep a password. */
  'mfa.manage': ['superAdmin', 'agentAdmin'],
  /** Who must hold a second factor when `MFA_REQUIRED=1`, and may not disable it (decision 203). */
  'mfa.enforced': ['superAdmin'],
  'fees.read': ['superAdmin', 'agentAdmin', 'teller'],
  'fees.edit': ['superAdmin'],
  /**
   * A customer's limits (decision 227): the schedule read as the fee table is, written by the super
   * administrator; what a customer has left, for whoever serves her at the counter (the object rules of the
   * accounts and persons routes on top).
   */
  'limits.read': ['superAdmin', 'agentAdmin', 'teller'],
  'limits.edit': ['superAdmin'],
  'limits.left': ['superAdmin', 'agentAdmin', 'teller'],
  /** Lists answer everyone, scoped to one's own agent except for the super administrator. */
  'agents.read': ['superAdmin', 'agentAdmin', 'teller'],
  'users.read': ['superAdmin', 'agentAdmin', 'teller'],
  /** Registering and searching persons (customers, owners of agents, people behind users). */
  'persons.manage': ['superAdmin', 'agentAdmin', 'teller'],
  /**
   * The phone numbers migration 0036 could not store in E.164, another person holding that form
   * (decision 204): the network's, the super administrator's to sort out.
   */
  'persons.phoneReviews': ['superAdmin'],
  /** "Mon Compte": the float account of one's own agent. */
  'account.self': ['agentAdmin', 'teller'],
  /** Customer accounts and every money movement at the counter. */
  'accounts.manage': ['teller'],
  'transactions.operate': ['teller'],
  /**
   * Cancelling a pending external transfer of one's own agent (decision 200): a teller with the sender at
   * the counter, identified as a pay-out's recipient; the administrator approves one sent from an account.
   */
  'transactions.cancel': ['agentAdmin', 'teller'],
  /** Approving a cancellation without the sender, with a reason: a send from an account only. */
  'transactions.approveCancel': ['agentAdmin'],
  /** Lifting the lock of five failed identifications (decision 200 amends 112: not a teller any more). */
  'transactions.unlock': ['agentAdmin'],
  /** A transfer's recipient document read back whole (decision 200: the sending agent's tellers read it masked). */
  'transactions.readRecipientDocument': ['superAdmin', 'agentAdmin'],
  /** The document of whoever stood at the counter read back whole (decision 208). */
  'transactions.readPartyDocument': ['superAdmin'],
  'transactions.history': ['superAdmin', 'agentAdmin', 'teller'],
  /**
   * Corrections (decision 226): asked by the agent's users, decided by another (its administrator, or a
   * super administrator when the request says so), carried out by a teller when cash moves.
   */
  'corrections.request': ['superAdmin', 'agentAdmin', 'teller'],
  'corrections.read': ['superAdmin', 'agentAdmin', 'teller'],
  'corrections.review': ['superAdmin', 'agentAdmin'],
  'corrections.execute': ['teller'],
  /** The agent network and its float. */
  'agents.manage': ['superAdmin'],
  'agents.deposit': ['superAdmin'],
  /** Users: an administrator creates its agent's users; the super administrator creates `sudo` users. */
  'users.create': ['superAdmin', 'agentAdmin'],
  'users.manage': ['superAdmin', 'agentAdmin'],
  'admins.manage': ['superAdmin'],
  /**
   * An agent's administrator managing its own agent's users: the sidebar's "Liste des utilisateurs"
   * and "Créer un utilisateur" and the dashboard's "Créer un utilisateur" (SPEC §2: admin-role agents only;
   * the super administrator reaches the same screens through "Lister les administrateurs").
   */
  'agentUsers.manage': ['agentAdmin'],
  /** The audit trail: the super administrator's whole, an administrator's its own agent's (decision 133). */
  'audit.read': ['superAdmin', 'agentAdmin'],
  /**
   * The commission statement (decision 148): an administrator its own agent's, the super administrator
   * every agent's and the network's. Not a teller: what the agent earns is its owner's business.
   */
  'reports.commissions': ['superAdmin', 'agentAdmin'],
  /** The network's reports: trial balance, fee income by agent, large operations. */
  'reports.network': ['superAdmin'],
  /**
   * « Déclarations UCREF » (decision 228): each client's cash of a day with her identification, whole
   * (need-to-know, DESIGN §3): the super administrator's, apart from the network's figures.
   */
  'reports.declarations': ['superAdmin'],
  /**
   * A customer account's statement: the users of the agent that holds the account (a teller prints it
   * for the customer at the counter) and the super administrator; another agent gets 404.
   */
  'reports.accountStatement': ['superAdmin', 'agentAdmin', 'teller'],
  /**
   * An agent's float statement (decision 191): the same statement, of the float account, for its agent's
   * administrator and the super administrator. Not a teller: each movement of the float carries the
   * agent's share of the fee, as the commission statement does.
   */
  'reports.floatStatement': ['superAdmin', 'agentAdmin'],
  /**
   * The SMS (issue 46, decision 242): the switch of each kind and the failed deliveries, masked, the
   * network's operator's alone; `sms.edit` turns a kind off or on and queues a failed SMS again.
   */
  'sms.read': ['superAdmin'],
  'sms.edit': ['superAdmin'],
  /** The teller's own cash drawer: open, blind close, its tickets (decision 149). */
  'drawer.operate': ['teller'],
  /** The tellers' drawers of a day: an administrator its agent's, the super administrator all. */
  'drawer.supervise': ['superAdmin', 'agentAdmin'],
  /** A drawer's ticket and its fingerprint's check: the teller its own, the others as `drawer.supervise`. */
  'drawer.read': ['superAdmin', 'agentAdmin', 'teller'],
  /**
   * Acknowledging a difference above the threshold, at a close or at an opening: a teller's, by its agent's
   * administrator; one counted by an administrator closing the drawer, by the super administrator (decision 201).
   */
  'drawer.acknowledge': ['superAdmin', 'agentAdmin'],
  /** Of those, a teller's close or opening: its agent's administrator alone (decision 201). */
  'drawer.acknowledgeTellerCount': ['agentAdmin'],
  /** Of those, a close an administrator counted herself: the super administrator alone (decision 201). */
  'drawer.acknowledgeAdministratorCount': ['superAdmin'],
  /**
   * Closing a drawer left open by a teller (suspended, deleted, gone home) with one's own count: its agent's
   * administrator; the difference is then the super administrator's to acknowledge (decision 201).
   */
  'drawer.closeForTeller': ['agentAdmin'],
} as const satisfies Record<string, readonly Audience[]>;

export type Capability = keyof typeof permissions;

export function can(
  user: Pick<SessionUser, 'isSuperAdmin' | 'role' | 'agent'> | null | undefined,
  capability: Capability,
): boolean {
  return user ? audienceMay(audienceOf(user), capability) : false;
}

/** `can` for a reader known by its audience alone (a server's view of a session). */
export function audienceMay(audience: Audience, capability: Capability): boolean {
  const allowed: readonly Audience[] = permissions[capability];
  return allowed.includes(audience);
}

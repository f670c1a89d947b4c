import { msg } from '@lingui/core/macro';
import { texts } from './i18n.js';
import type { agentRoles, roles, SessionUser } from './sign-in.js';

/** `role` as the data says it. */
export type Role = (typeof roles)[number];
/** A user's role inside its agent: `admin` (administrator) or `agent` (teller). */
export type AgentRole = (typeof agentRoles)[number];

/**
 * The one place a role is named to a person: screens, lists, filters, forms. The teller is
 * « Caissier », never « Agent », which names the cash point (decision 213).
 */
export const roleLabels = texts({
  sudo: msg`Super administrateur`,
  agent_admin: msg`Administrateur`,
  user: msg`Caissier`,
} satisfies Record<Role, unknown>);

/**
 * Who a signed-in person is, for the permission table: the super administrator,
 * an agent's administrator, or an agent's teller.
 */
export type Audience = 'superAdmin' | 'agentAdmin' | 'teller';

export function audienceOf(user: Pick<SessionUser, 'isSuperAdmin' | 'role' | 'agent'>): Audience {
  if (user.isSuperAdmin || user.role === 'sudo') return 'superAdmin';
  if (user.role === 'agent_admin' || user.agent?.role === 'admin') return 'agentAdmin';
  return 'teller';
}

import { z } from 'zod';

/** `role` as the data says it (DESIGN §3). */
export const roleSchema = z.enum(['sudo', 'agent_admin', 'user']);
export type Role = z.infer<typeof roleSchema>;

/** A user's role inside its agent: `admin` (administrator) or `agent` (teller). */
export const agentRoleSchema = z.enum(['admin', 'agent']);
export type AgentRole = z.infer<typeof agentRoleSchema>;

export const roleLabels: Record<Role, string> = {
  sudo: 'Super administrateur',
  agent_admin: 'Administrateur',
  user: 'Agent',
};

/** The `user` claim of the access token and the answer of `GET /auth/user` (DESIGN §6). */
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  isSuperAdmin: z.boolean(),
  passwordUpdatedAt: z.string().nullable(),
  agent: z.object({ code: z.string(), name: z.string(), role: agentRoleSchema }).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

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

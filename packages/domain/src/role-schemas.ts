import { z } from 'zod';
import { agentRoles, roles } from './sign-in.js';

/** `role` as the data says it. */
export const roleSchema = z.enum(roles);
/** A user's role inside its agent: `admin` (administrator) or `agent` (teller). */
export const agentRoleSchema = z.enum(agentRoles);

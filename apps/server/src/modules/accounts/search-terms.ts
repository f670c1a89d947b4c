import { normalizePhone } from '@lajan/domain';
import { eq, type SQL } from 'drizzle-orm';
import { accounts } from '../../db/schema.js';
import type { Viewer } from '../persons/index.js';

/* What a teller types in the accounts' search, turned into what the database holds (decision 132). */

/**
 * The stored forms a typed phone may have (`normalizePhone`): as typed with its prefix, or without one,
 * with Haiti's +509 in front (a teller types "3712 3456"). Empty when the term is not a phone.
 */
export function phoneForms(term: string): string[] {
  if (!/^\+?[\d\s-]+$/.test(term)) return [];
  const normal = normalizePhone(term);
  const digits = normal.replace(/\D/g, '');
  if (digits.length < 8) return [];
  return normal.startsWith('+') ? [normal] : [digits, `+${digits}`, `+509${digits}`];
}

/** The accounts whose holders a name search may list: the viewer's agent's, all for the super administrator. */
export function ownAccountsSql(viewer: Viewer): SQL | undefined {
  if (viewer.superAdmin) return eq(accounts.kind, 'customer');
  if (viewer.agentId === null) return undefined;
  return eq(accounts.agentId, viewer.agentId);
}


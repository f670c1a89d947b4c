import { phoneStoredForms } from '@lajan/domain';
import { eq, type SQL } from 'drizzle-orm';
import { accounts } from '../../db/schema.js';
import type { Viewer } from '../persons/index.js';

/* What a teller types in the accounts' search, turned into what the database holds (decision 132). */

/**
 * The stored forms a typed phone may have: its E.164 form and an earlier build's forms
 * (`phoneStoredForms`, decision 204), and `+` before digits typed with their country code but no `+`.
 * Empty when the term is not a phone.
 */
export function phoneForms(term: string): string[] {
  if (!/^\+?[\d\s-]+$/.test(term)) return [];
  const digits = term.replace(/\D/g, '');
  if (digits.length < 8) return [];
  const forms = phoneStoredForms(term);
  if (!term.trim().startsWith('+')) forms.push(`+${digits}`, `+509${digits}`);
  return [...new Set(forms)];
}

/** The accounts whose holders a name search may list: the viewer's agent's, all for the super administrator. */
export function ownAccountsSql(viewer: Viewer): SQL | undefined {
  if (viewer.superAdmin) return eq(accounts.kind, 'customer');
  if (viewer.agentId === null) return undefined;
  return eq(accounts.agentId, viewer.agentId);
}

import type { PersonFormValues } from '../../components/persons/PersonForm';
import { personFormFields } from '../../components/persons/PersonForm';

/**
 * The register-client draft (SPEC §2: remembered persistently, reloaded when the screen reopens,
 * cleared after a successful save). One per signed-in user, so that a colleague at the same counter
 * does not inherit someone else's customer (decision 031).
 */
export function personDraftKey(userId: string) {
  return `lajan.person-draft.${userId}`;
}

export function loadPersonDraft(storage: Storage, key: string): PersonFormValues | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const out: Record<string, string | boolean> = {};
  for (const field of personFormFields) {
    const value = (parsed as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'boolean') out[field] = value;
  }
  return out;
}

export function savePersonDraft(storage: Storage, key: string, values: PersonFormValues) {
  try {
    storage.setItem(key, JSON.stringify(values));
  } catch {
    // A full or disabled storage loses the draft, never the form.
  }
}

import type { PersonFormValues } from '../../components/persons/PersonForm';
import { personFormFields } from '../../components/persons/PersonForm';
import { isSealed, type Sealer } from '../../lib/storage-key';
import { readDraft as read } from './person-draft-storage';

/** What a person draft is sealed for, beside its user (decision 202). */
const CONTEXT = 'person-draft';
/** The writes still on their way, by storage key: a screen opened again reads the last one. */
const writes = new Map<string, Promise<void>>();

function formValues(parsed: unknown): PersonFormValues | undefined {
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const out: Record<string, string | boolean> = {};
  for (const field of personFormFields) {
    const value = (parsed as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'boolean') out[field] = value;
  }
  return out;
}

/** The user's draft, opened with her key; one written in clear before decision 202 is sealed now. */
export async function loadPersonDraft(
  storage: Storage,
  key: string,
  sealer: Sealer,
): Promise<PersonFormValues | undefined> {
  await writes.get(key);
  const parsed = read(storage, key);
  if (isSealed(parsed)) {
    try {
      return formValues(await sealer.open(parsed, CONTEXT));
    } catch {
      // Sealed under another key: not hers to read.
      return undefined;
    }
  }
  const values = formValues(parsed);
  if (values) await savePersonDraft(storage, key, values, sealer);
  return values;
}

/** Every draft write still on its way: a test awaits them before it clears the storage for the next. */
export async function draftWritesSettled(): Promise<void> {
  await Promise.all(writes.values());
  writes.clear();
}

export async function savePersonDraft(
  storage: Storage,
  key: string,
  values: PersonFormValues,
  sealer: Sealer,
): Promise<void> {
  const sealed = await sealer.seal(values, CONTEXT);
  try {
    storage.setItem(key, JSON.stringify(sealed));
  } catch {
    // A full or disabled storage loses the draft, never the form.
  }
}

/**
 * Writes the draft at each change, one write after the other (a slower seal never overwrites a newer
 * draft), and nothing once `clear` was called (a save that succeeded).
 */
export function draftWriter(storage: Storage, key: string, sealer: Sealer) {
  let chain: Promise<void> = Promise.resolve();
  let cleared = false;
  return {
    write(values: PersonFormValues) {
      chain = chain.then(() => (cleared ? undefined : savePersonDraft(storage, key, values, sealer)));
      writes.set(key, chain);
    },
    async clear() {
      cleared = true;
      await chain;
      storage.removeItem(key);
    },
  };
}

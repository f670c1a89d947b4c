// Where the register-client drafts are kept, apart from the form's code: the sign-out sweep runs in the
// app's entry, which must not load the person form and its schemas (scripts/web-budget.test.mjs).
import { isSealed } from '../../lib/storage-key';

const PREFIX = 'lajan.person-draft.';

/**
 * The register-client draft (SPEC §2: remembered persistently, reloaded when the screen reopens,
 * cleared after a successful save). One per signed-in user (decision 031), sealed under her storage key
 * (decision 202): a colleague at the same counter can neither inherit nor read someone else's customer.
 */
export function personDraftKey(userId: string) {
  return `${PREFIX}${userId}`;
}

export function readDraft(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

/** At sign-out: a draft still in clear (written before decision 202) is removed, nobody's to read. */
export function dropClearPersonDrafts(storage: Storage | null) {
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key?.startsWith(PREFIX) === true,
    );
    for (const key of keys) if (!isSealed(readDraft(storage, key))) storage.removeItem(key);
  } catch {
    // A storage that cannot be read holds nothing to remove.
  }
}

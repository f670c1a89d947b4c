import { useSessionStore } from './session-context';
import type { SessionStore } from './session';

/**
 * What a money operation typed so far, kept while its teller opens her drawer (decision 210): the form's
 * values, its step and what the page found (the account, the transfer, the sender). In this tab's memory
 * only, never in the browser's storage: it goes with the session (sign-out, expiry, another user).
 */
export interface OperationDraft {
  /** The operation's page: a draft is resumed there only. */
  path: string;
  step: number;
  values: unknown;
  /** The page's own state, as it kept it. */
  extra: unknown;
}

export interface OperationDrafts {
  keep: (id: string, draft: OperationDraft) => void;
  peek: (id: string) => OperationDraft | undefined;
  drop: (id: string) => void;
}

/** One store per app (its session store), emptied as soon as the signed-in user changes or signs out. */
const stores = new WeakMap<SessionStore, OperationDrafts>();

export function operationDraftsOf(session: SessionStore): OperationDrafts {
  const known = stores.get(session);
  if (known) return known;
  const drafts = new Map<string, OperationDraft & { userId: string }>();
  let userId = session.getSnapshot().user?.id ?? null;
  session.subscribe(() => {
    const current = session.getSnapshot().user?.id ?? null;
    if (current === userId) return;
    userId = current;
    drafts.clear();
  });
  const store: OperationDrafts = {
    keep: (id, draft) => {
      if (userId !== null) drafts.set(id, { ...draft, userId });
    },
    peek: (id) => {
      const draft = drafts.get(id);
      return draft && draft.userId === userId ? draft : undefined;
    },
    drop: (id) => {
      drafts.delete(id);
    },
  };
  stores.set(session, store);
  return store;
}

export function useOperationDrafts(): OperationDrafts {
  return operationDraftsOf(useSessionStore());
}

/** The draft id a navigation's state carries, or null. */
export function resumeIdOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const resume = (state as { resume?: unknown }).resume;
  return typeof resume === 'string' && resume !== '' ? resume : null;
}

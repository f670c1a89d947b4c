import { useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * The router state of a replace that only tidies the page's own history entry (a state read once and
 * cleared, decision 132): the page's visit goes on, nothing of it starts over.
 */
export const sameVisitState = { sameVisit: true } as const;

/** Whether a navigation's state is `sameVisitState`: the page's visit goes on. */
export function isSameVisit(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { sameVisit?: unknown }).sameVisit === true;
}

/**
 * A key for one visit of a page (decision 131): a new one for each history entry it is shown on (a link
 * to the page itself, "Nouveau transfert", the receipt's "Nouvelle opération", back and forward), except
 * an entry that replaced the current one with `sameVisitState`.
 */
export function useVisitKey(): string {
  const location = useLocation();
  const key = location.key;
  const state: unknown = location.state;
  const type = useNavigationType();
  const [current, setCurrent] = useState({ key, visit: key });
  if (current.key === key) return current.visit;
  const visit = type === NavigationType.Replace && isSameVisit(state) ? current.visit : key;
  // Adjusted while rendering, so that the page never renders one frame under the wrong visit.
  setCurrent({ key, visit });
  return visit;
}

/**
 * The router state of a menu link (the sidebar, the top bar's « Lajan »): its page opens afresh, even when
 * it is the page on view (« Créer un compte » from the account just created, decision 211).
 */
export const freshVisitState = { freshVisit: true } as const;

function isFreshVisit(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { freshVisit?: unknown }).freshVisit === true
  );
}

/**
 * A key for the screen of the shell: a new one for each entry reached by a menu link (`freshVisitState`),
 * so that the screen starts over even on its own path; any other navigation keeps it (a page's own search
 * parameters, its tidying replaces), and a new path mounts its own screen anyway.
 */
export function useFreshVisitKey(): string {
  const location = useLocation();
  const fresh = isFreshVisit(location.state);
  const [current, setCurrent] = useState(location.key);
  if (fresh && current !== location.key) {
    // Adjusted while rendering, so that the old screen never renders one frame on the new entry.
    setCurrent(location.key);
    return location.key;
  }
  return current;
}

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

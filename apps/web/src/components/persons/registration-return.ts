import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router';
import { sameVisitState } from '../../lib/visit-key';
import { personSearchResultSchema, type PersonSearchResult } from './api';

/**
 * The way to the registration and back (decision 132): /person gets `{ returnTo }` in the router's state and
 * returns with `{ registeredPerson }`. Nothing goes in the address, so a reload or a shared link carries no
 * person.
 */
export interface RegistrationState {
  returnTo: string;
}

export interface RegisteredPersonState {
  registeredPerson: PersonSearchResult;
}

/** The router state that opens the registration from this page. */
export function registrationStateFrom(location: Pick<Location, 'pathname' | 'search'>): RegistrationState {
  return { returnTo: `${location.pathname}${location.search}` };
}

/** Where the registration goes back to, when it was opened from a page of the app (never another site). */
export function returnToOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { returnTo } = state as Partial<RegistrationState>;
  return typeof returnTo === 'string' && returnTo.startsWith('/') && !returnTo.startsWith('//')
    ? returnTo
    : null;
}

/** The person just registered that this page was given back, or null. */
function registeredPersonOf(state: unknown): PersonSearchResult | null {
  if (typeof state !== 'object' || state === null) return null;
  const parsed = personSearchResultSchema.safeParse(
    (state as { registeredPerson?: unknown }).registeredPerson,
  );
  return parsed.success ? parsed.data : null;
}

/**
 * Calls `onPerson` once with the person just registered from this page, then forgets it (the state is
 * replaced), so that going back and forth does not select it again. `enabled` false: does nothing.
 */
export function useRegisteredPerson(onPerson: (person: PersonSearchResult) => void, enabled = true) {
  const location = useLocation();
  const navigate = useNavigate();
  const callback = useRef(onPerson);
  useEffect(() => {
    callback.current = onPerson;
  });
  const handled = useRef<string | null>(null);
  const person = enabled ? registeredPersonOf(location.state) : null;
  const { pathname, search } = location;
  useEffect(() => {
    // Once per person, even when an effect runs twice (React's strict mode).
    if (!person || handled.current === person.id) return;
    handled.current = person.id;
    callback.current(person);
    // The same visit of the page: a page that starts over on each entry keeps the person (decision 132).
    void navigate(`${pathname}${search}`, { replace: true, state: sameVisitState });
  }, [person, navigate, pathname, search]);
}

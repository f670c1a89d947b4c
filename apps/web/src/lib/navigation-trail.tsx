import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType } from 'react-router';

/**
 * The browser's history as the teller made it, which React Router does not expose, so that a finished
 * operation knows its previous page: never an empty form (decision 131) nor « Ma caisse » (decision 211).
 */
interface Entry {
  key: string;
  pathname: string;
}

interface Trail {
  entries: Entry[];
  index: number;
}

interface TrailValue {
  /** The page before the current one in the history, or null (the app was opened here). */
  previous: () => Entry | null;
  /** Whether a path is a screen a finished operation must not go back to (an empty form, « Ma caisse »). */
  isNoReturnPath: (pathname: string) => boolean;
}

const TrailContext = createContext<TrailValue | null>(null);

export function NavigationTrailProvider({
  isNoReturnPath,
  children,
}: {
  isNoReturnPath: (pathname: string) => boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const trail = useRef<Trail>({ entries: [], index: -1 });

  useEffect(() => {
    const entry = { key: location.key, pathname: location.pathname };
    const current = trail.current;
    if (current.entries[current.index]?.key === entry.key) return;
    if (navigationType === NavigationType.Push) {
      current.entries = [...current.entries.slice(0, current.index + 1), entry];
      current.index = current.entries.length - 1;
    } else if (navigationType === NavigationType.Replace && current.index >= 0) {
      current.entries[current.index] = entry;
    } else {
      // A pop (back or forward) to a page we know, or anything we cannot place: start over from it.
      const known = current.entries.findIndex((candidate) => candidate.key === entry.key);
      if (known >= 0) current.index = known;
      else trail.current = { entries: [entry], index: 0 };
    }
  }, [location.key, location.pathname, navigationType]);

  const [value] = useState<TrailValue>(() => ({
    previous: () => trail.current.entries[trail.current.index - 1] ?? null,
    isNoReturnPath,
  }));
  return <TrailContext value={value}>{children}</TrailContext>;
}

/**
 * After an operation or a registration: back to the page it was
 * started from, unless that page is an empty form (decision 131) or a page whose main button cannot be
 * undone, « Ma caisse » (decision 211), or there is none: then the dashboard, replacing the finished form.
 */
export function useReturnAfterSave() {
  const navigate = useNavigate();
  const trail = useContext(TrailContext);
  return () => {
    const previous = trail?.previous() ?? null;
    if (previous && !trail?.isNoReturnPath(previous.pathname)) void navigate(-1);
    else void navigate('/', { replace: true });
  };
}

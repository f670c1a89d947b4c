import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Transaction } from '@lajan/domain';

/**
 * The transaction chosen for printing, after a success or for a reprint. The receipt belongs to one page: it
 * closes as soon as the teller moves to another, never staying over the pages that follow (decision 131).
 */
export interface SelectOptions {
  /** The page of the operation just posted: the panel's "Nouvelle opération" opens it afresh. */
  againPath?: string;
  /**
   * The operation navigates away as it finishes (back to the previous page): the receipt belongs to
   * the page it lands on, not to the one it leaves.
   */
  followNavigation?: boolean;
  /** A transaction printed again (a history row): its receipt says it is a duplicate, and when. */
  reprint?: boolean;
}

interface Shown {
  transaction: Transaction;
  againPath: string | null;
  reprintedAt: string | null;
  /** The page (history entry) it belongs to; null until the navigation it waits for has happened. */
  locationKey: string | null;
}

/**
 * What the panel says while the confirmation of the page's operation waits on the link, where its receipt
 * will be (decision 210): the state of the link and what to do with the cash.
 */
export interface ReceiptWaiting {
  title: string;
  cash: string | null;
}

interface ReceiptContextValue {
  transaction: Transaction | null;
  /** The operation on the screen waits for its confirmation; shown until its receipt replaces it. */
  waiting: ReceiptWaiting | null;
  /** Said by the operation's form while it waits; null once it no longer does (or it left the screen). */
  showWaiting: (waiting: ReceiptWaiting | null) => void;
  /** Where "Nouvelle opération" leads, for a transaction just posted; null for a reprint. */
  againPath: string | null;
  /** When the receipt was taken up again for a reprint (ISO); null for a transaction just posted. */
  reprintedAt: string | null;
  select: (transaction: Transaction, options?: SelectOptions) => void;
  clear: () => void;
}

const ReceiptContext = createContext<ReceiptContextValue | null>(null);

export function ReceiptProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [waiting, setWaiting] = useState<ReceiptWaiting | null>(null);

  // On another page (adjusted while rendering, React's way for state that follows a prop): the receipt
  // that waited for its page binds to it; any other is forgotten.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setShown((current) => {
      if (!current || current.locationKey === location.key) return current;
      // The page the operation went back to: the receipt stays there, and there only.
      if (current.locationKey === null) return { ...current, locationKey: location.key };
      return null;
    });
  }

  // Another page's receipt is gone from the first render of the new page, before the effect forgets it.
  const current = shown && (shown.locationKey === null || shown.locationKey === location.key) ? shown : null;

  const value = useMemo<ReceiptContextValue>(
    () => ({
      transaction: current?.transaction ?? null,
      waiting,
      showWaiting: setWaiting,
      againPath: current?.againPath ?? null,
      reprintedAt: current?.reprintedAt ?? null,
      select: (transaction, options = {}) =>
        setShown({
          transaction,
          againPath: options.againPath ?? null,
          reprintedAt: options.reprint ? new Date().toISOString() : null,
          locationKey: options.followNavigation ? null : location.key,
        }),
      clear: () => setShown(null),
    }),
    [current, location.key, waiting],
  );
  return <ReceiptContext value={value}>{children}</ReceiptContext>;
}

export function useReceipt(): ReceiptContextValue {
  const value = useContext(ReceiptContext);
  if (!value) throw new Error('useReceipt needs a ReceiptProvider');
  return value;
}

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Transaction } from '@lajan/domain';

/**
 * The transaction chosen for printing (SPEC §2 "Layout": the right-hand panel shows its receipt). The
 * money screens put the posted transaction here after a success; a history row puts one for a reprint.
 */
interface ReceiptContextValue {
  transaction: Transaction | null;
  select: (transaction: Transaction) => void;
  clear: () => void;
}

const ReceiptContext = createContext<ReceiptContextValue | null>(null);

export function ReceiptProvider({ children }: { children: ReactNode }) {
  const [transaction, setTransaction] = useState<Transaction | null>(null);
  const value = useMemo<ReceiptContextValue>(
    () => ({ transaction, select: setTransaction, clear: () => setTransaction(null) }),
    [transaction],
  );
  return <ReceiptContext value={value}>{children}</ReceiptContext>;
}

export function useReceipt(): ReceiptContextValue {
  const value = useContext(ReceiptContext);
  if (!value) throw new Error('useReceipt needs a ReceiptProvider');
  return value;
}

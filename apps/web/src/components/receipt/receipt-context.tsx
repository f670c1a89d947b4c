import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * A transaction chosen for printing. The money screens (a later issue) put the posted transaction
 * here; the receipt itself (SPEC §2 "Receipt") will render its details.
 */
export interface ReceiptTransaction {
  transactionNumber: string;
  [field: string]: unknown;
}

interface ReceiptContextValue {
  transaction: ReceiptTransaction | null;
  select: (transaction: ReceiptTransaction) => void;
  clear: () => void;
}

const ReceiptContext = createContext<ReceiptContextValue | null>(null);

export function ReceiptProvider({ children }: { children: ReactNode }) {
  const [transaction, setTransaction] = useState<ReceiptTransaction | null>(null);
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

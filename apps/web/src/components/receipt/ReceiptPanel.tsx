import { useEffect, useRef } from 'react';
import { Button } from '../Button';
import { Receipt } from './Receipt';
import { useReceipt } from './receipt-context';
import './receipt.css';

/**
 * The right-hand slot of the shell (SPEC §2 "Layout"): empty until a transaction is selected for
 * printing. Printing opens the print dialog and then closes the panel (SPEC §2 "Receipt"). Below
 * 1024 px it covers the screen, so that the teller on a phone sees the receipt at once.
 */
export function ReceiptPanel() {
  const { transaction, clear } = useReceipt();
  const printRef = useRef<HTMLButtonElement>(null);
  const shown = transaction?.transactionNumber;

  // A new receipt takes the keyboard: Enter prints it.
  useEffect(() => {
    if (shown) printRef.current?.focus();
  }, [shown]);

  if (!transaction) return null;

  function print() {
    // window.print() returns once the print dialog is closed (printed or cancelled).
    window.print();
    clear();
  }

  return (
    <aside
      aria-label="Reçu"
      className="receipt-panel fixed inset-0 z-30 overflow-y-auto bg-white p-4 lg:static lg:z-auto lg:w-[21rem] lg:shrink-0 lg:border-l lg:border-slate-200"
    >
      <div className="mx-auto w-[80mm] max-w-full">
        <h2 className="mb-3 text-lg font-semibold text-slate-900 print:hidden">Reçu</h2>
        <div className="receipt-print rounded-md border border-slate-200 p-3 print:border-0 print:p-0">
          <Receipt transaction={transaction} />
        </div>
        <div className="mt-4 flex gap-2 print:hidden">
          <Button ref={printRef} onClick={print} className="flex-1">
            Imprimer
          </Button>
          <Button variant="secondary" onClick={clear} className="flex-1">
            Fermer
          </Button>
        </div>
      </div>
    </aside>
  );
}

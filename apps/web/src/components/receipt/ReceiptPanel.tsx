import { Button } from '../Button';
import { useReceipt } from './receipt-context';

/**
 * The right-hand slot of the shell (SPEC §2 "Layout"): empty until a transaction is selected for
 * printing. Printing opens the print dialog and then closes the panel (SPEC §2 "Receipt").
 */
export function ReceiptPanel() {
  const { transaction, clear } = useReceipt();
  if (!transaction) return null;

  function print() {
    window.print();
    clear();
  }

  return (
    <aside
      aria-label="Reçu"
      className="fixed inset-0 z-30 overflow-y-auto bg-white p-4 print:static print:p-0 lg:static lg:z-auto lg:w-80 lg:shrink-0 lg:border-l lg:border-slate-200"
    >
      <div className="mx-auto w-[80mm] max-w-full">
        <h2 className="text-lg font-semibold text-slate-900">Reçu</h2>
        <p className="mt-2 text-sm text-slate-700">
          Transaction <span className="font-mono font-semibold">{transaction.transactionNumber}</span>
        </p>
        <p className="mt-6 border-t border-dashed border-slate-300 pt-3 text-center text-xs text-slate-600">
          Merci de votre confiance. Conservez ce reçu comme preuve.
        </p>
      </div>
      <div className="mt-6 flex gap-2 print:hidden">
        <Button onClick={print}>Imprimer</Button>
        <Button variant="secondary" onClick={clear}>
          Fermer
        </Button>
      </div>
    </aside>
  );
}

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { msg } from '@lingui/core/macro';
import { isReversibleType, linkWaitTexts, pickUpCodeMessages, texts, type Language } from '@lajan/domain';
import { currentLanguage, formatLanguage, loadLanguage } from '../../i18n/i18n';
import { Button, buttonClasses } from '../Button';
import { keepTabIn } from '../dialog/Dialog';
import { Receipt, receiptHasQr } from './Receipt';
import { useReceipt, type ReceiptWaiting } from './receipt-context';
import './receipt.css';

// The history row's button, loaded with the first receipt that may offer it (decision 226, web budget).
const RequestCorrectionButton = lazy(() =>
  import('../history/RequestCorrectionButton').then((module) => ({
    default: module.RequestCorrectionButton,
  })),
);

/**
 * The shell's receipt slot: it covers a phone's screen; from 1024 px the page's column narrows beside it,
 * since lying over the page it hid « Réimprimer » (decision 187). It closes on print, on Escape and when the
 * teller moves to another page (decision 131).
 */
export function ReceiptPanel() {
  const { transaction, waiting, againPath, reprintedAt, clear } = useReceipt();
  const printRef = useRef<HTMLButtonElement>(null);
  const receiptRef = useRef<HTMLDivElement>(null);
  const shown = transaction?.transactionNumber;

  // What had the keyboard before the receipt took it (a row's "Réimprimer"): it gets it back when the panel
  // closes (Fermer, Escape, printed), if it is still on the page; a screen reader's user, or a teller at the
  // keyboard, goes on from the row, not from the top of the page.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(
    () => () => {
      if (opener.current?.isConnected) opener.current.focus({ preventScroll: true });
    },
    [],
  );

  // A receipt with a pick-up code prints once its QR is drawn (loaded on first use): printed at once, the
  // slip came out with a blank square (decision 215). At most QR_WAIT_MS: a receipt is never withheld.
  const [qrShownFor, setQrShownFor] = useState<string | null>(null);
  const onQrShown = useCallback(() => setQrShownFor(shown ?? null), [shown]);
  const waitsForQr = transaction !== null && receiptHasQr(transaction) && qrShownFor !== shown;
  const [gaveUpFor, setGaveUpFor] = useState<string | null>(null);
  useEffect(() => {
    if (!waitsForQr || !shown) return;
    const timer = setTimeout(() => setGaveUpFor(shown), QR_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waitsForQr, shown]);
  // Printed in the customer's language (decision 236): its texts first, if the screens speak another.
  const language = useTextsOf(transaction?.receiptLanguage);
  const printable = (!waitsForQr || gaveUpFor === shown) && language !== null;

  // A new receipt takes the keyboard: Enter prints it. Without scrolling the panel to its button: the
  // receipt's heading (the agent, the operation) stays in sight.
  useEffect(() => {
    if (!shown) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !active.closest('.receipt-panel'))
      opener.current = active;
  }, [shown]);
  useEffect(() => {
    if (shown && printable) printRef.current?.focus({ preventScroll: true });
  }, [shown, printable]);

  // Escape closes it, as every panel over the page. Below 1024 px the panel covers the whole page: Tab goes
  // round its own buttons, never to the hidden page behind it (a walk-through tabbed from « Fermer » onto
  // « Aller au contenu » and « Ouvrir le menu », out of sight).
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!shown) return;
    function onKeyDown(event: KeyboardEvent) {
      // A dialog opened from the panel (« Demander une correction ») keeps its own keys.
      if (event.target instanceof Element && event.target.closest('[aria-modal="true"]')) return;
      if (event.key === 'Escape') clear();
      else if (event.key === 'Tab' && coversThePage() && panelRef.current) keepTabIn(event, panelRef.current);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [shown, clear]);

  if (!transaction) return waiting ? <WaitingPanel waiting={waiting} /> : null;

  function print() {
    if (printReceipt(receiptRef.current)) clear();
  }

  return (
    <aside
      ref={panelRef}
      aria-label={receiptPanelTexts.title}
      className="receipt-panel fixed inset-0 z-30 overflow-y-auto bg-white p-4 lg:top-16 lg:left-auto lg:w-[21rem] lg:border-l lg:border-slate-200 lg:shadow-xl"
    >
      <div className="mx-auto w-[80mm] max-w-full">
        <h2 className="mb-3 text-lg font-semibold text-slate-900 print:hidden">{receiptPanelTexts.title}</h2>
        <div
          ref={receiptRef}
          className="receipt-print rounded-md border border-slate-200 p-3 print:border-0 print:p-0"
        >
          <Receipt
            transaction={transaction}
            language={language ?? screensLanguage()}
            reprintedAt={reprintedAt}
            onQrShown={onQrShown}
          />
        </div>
        {/*
          Kept in sight at the panel's bottom while the receipt scrolls: on a phone a cash send's receipt is
          longer than the screen, and Imprimer was below it (decision 215).
        */}
        <div className="sticky -bottom-4 -mx-4 mt-4 flex flex-wrap gap-2 border-t border-slate-200 bg-white px-4 py-3 print:hidden">
          <Button
            ref={printRef}
            onClick={print}
            className="flex-1"
            loading={!printable}
            loadingText={pickUpCodeMessages.qrPreparing}
          >
            {receiptPanelTexts.print}
          </Button>
          {againPath && (
            <Link to={againPath} className={buttonClasses('secondary', 'flex-1')}>
              {receiptPanelTexts.again}
            </Link>
          )}
          <Button variant="secondary" onClick={clear} className="flex-1">
            {receiptPanelTexts.close}
          </Button>
          {transaction.status === 'completed' && isReversibleType(transaction.type) ? (
            <Suspense fallback={null}>
              <RequestCorrectionButton transaction={transaction} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </aside>
  );
}

/**
 * Where the receipt will be, while the operation's confirmation waits on the link (decision 210): the same
 * words as beside Enregistrer (which alone is announced). From 1024 px only: below, the panel would cover
 * the form, its button and the banner, while the words beside the button are already in sight.
 */
function WaitingPanel({ waiting }: { waiting: ReceiptWaiting }) {
  return (
    <aside
      aria-label={receiptPanelTexts.title}
      className="fixed top-16 right-0 bottom-0 z-30 hidden w-[21rem] overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-xl lg:block print:hidden"
    >
      <div className="mx-auto w-[80mm] max-w-full">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{receiptPanelTexts.title}</h2>
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">{linkWaitTexts.noReceiptYet}</p>
          <p className="mt-1">{waiting.title}</p>
          {waiting.cash && <p className="mt-1 font-semibold">{waiting.cash}</p>}
        </div>
      </div>
    </aside>
  );
}

const screensLanguage = () => formatLanguage(currentLanguage());

/** `language` once its texts are loaded (at once for the screens' own); null meanwhile. */
function useTextsOf(language: Language | undefined): Language | null {
  const wanted = language ?? screensLanguage();
  const [loaded, setLoaded] = useState<{ wanted: Language; language: Language } | null>(null);
  useEffect(() => {
    if (wanted === currentLanguage()) return;
    let live = true;
    // Texts that cannot be had: printed in the screens' language rather than never.
    void loadLanguage(wanted).then(
      () => live && setLoaded({ wanted, language: wanted }),
      () => live && setLoaded({ wanted, language: screensLanguage() }),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  // A pseudo screen's receipt in French still loads French's texts: they are not the screens'.
  if (wanted === currentLanguage()) return wanted;
  return loaded?.wanted === wanted ? loaded.language : null;
}

/** How long Imprimer waits for a receipt's QR code (its chunk over a slow link) before printing without it. */
export const QR_WAIT_MS = 5000;

/** Below 1024 px (Tailwind's `lg`) the panel is `fixed inset-0`: the page is behind it, out of sight. */
function coversThePage(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 1023.98px)').matches;
}

export const receiptPanelTexts = texts({
  print: msg`Imprimer`,
  again: msg`Nouvelle opération`,
  close: msg`Fermer`,
  title: msg`Reçu`,
});

/** Millimetres of CSS pixels (96 per inch). */
const MM_PER_PX = 25.4 / 96;
/** Top and bottom page margins (receipt.css) and room for the printer's rounding. */
const PAGE_SLACK_MM = 12;

/**
 * Opens the print window for the receipt alone, the page given the receipt's own length: Chromium ignores
 * `@page { size: 80mm auto }` and would print several A4 pages (decision 080). False without a print window.
 */
export function printReceipt(receipt: HTMLElement | null): boolean {
  // A webview without a print window: the receipt stays on screen rather than vanishing unprinted.
  if (typeof window.print !== 'function') return false;
  const pageStyle = document.createElement('style');
  if (receipt) {
    const heightMm = Math.ceil(receipt.getBoundingClientRect().height * MM_PER_PX) + PAGE_SLACK_MM;
    pageStyle.textContent = `@page { size: 80mm ${heightMm}mm; margin: 3mm; }`;
    document.head.appendChild(pageStyle);
  }
  try {
    window.print();
  } finally {
    pageStyle.remove();
  }
  return true;
}

import { lazy, Suspense, useState } from 'react';
import { pickUpCodeMessages } from '@lajan/domain';
import { Button } from '../../../components/Button';

// The camera and the QR reader are loaded only when the teller asks for them (decision 131).
const QrScannerDialog = lazy(() => import('./QrScannerDialog'));

/** Whether this browser may open a camera (a secure context on a device that has the API). */
export function canUseCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The pay-out screen's "Scanner le QR code": where the device has a camera, reads the pick-up code's
 * QR code from the receipt or the customer's phone and hands over the code. Typing stays the default:
 * without a camera the button is not shown.
 */
export function QrScanButton({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!canUseCamera()) return null;
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path
            strokeLinecap="round"
            d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M7 12h10"
          />
        </svg>
        {pickUpCodeMessages.scanButton}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <QrScannerDialog
            onCode={(code) => {
              setOpen(false);
              onCode(code);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

import { lazy, Suspense } from 'react';

// The QR encoder is only needed once a transfer has been sent: its own chunk, out of the shell's.
const loadQrCode = () => import('./PickUpQrCode');
const PickUpQrCode = lazy(loadQrCode);

/**
 * Starts loading the QR encoder now (the cash send's wizard, decision 215): its receipt and its code then
 * show the QR as they appear, rather than a blank square over a slow link. A failure is left to the render.
 */
export function preloadPickUpQr(): void {
  loadQrCode().catch(() => undefined);
}

/**
 * The pick-up code's QR code, loaded on first use; a blank square of the same size meanwhile. `onShown`: once
 * it is drawn (the receipt's Imprimer waits for it, decision 215).
 */
export function PickUpQr({
  code,
  size = '8rem',
  onShown,
}: {
  code: string;
  size?: string;
  onShown?: () => void;
}) {
  return (
    <Suspense
      fallback={<span aria-hidden="true" className="inline-block" style={{ width: size, height: size }} />}
    >
      <PickUpQrCode code={code} size={size} onShown={onShown} />
    </Suspense>
  );
}

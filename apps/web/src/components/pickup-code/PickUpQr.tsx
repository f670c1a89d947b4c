import { lazy, Suspense } from 'react';

// The QR encoder is only needed once a transfer has been sent: its own chunk, out of the shell's.
const PickUpQrCode = lazy(() => import('./PickUpQrCode'));

/** The pick-up code's QR code, loaded on first use; a blank square of the same size meanwhile. */
export function PickUpQr({ code, size = '8rem' }: { code: string; size?: string }) {
  return (
    <Suspense
      fallback={<span aria-hidden="true" className="inline-block" style={{ width: size, height: size }} />}
    >
      <PickUpQrCode code={code} size={size} />
    </Suspense>
  );
}

import { useEffect } from 'react';
import encodeQR from 'qr';
import { pickUpCodeMessages } from '@lajan/domain';

/** Quiet zone around the modules, in modules (the QR standard asks for four). */
const QUIET_ZONE = 4;

/**
 * The QR code of a pick-up code (decision 131): the bare digits, which the pay-out screen's camera
 * reads. Drawn as one SVG path, black on white, crisp at any size and on the receipt printer.
 */
export default function PickUpQrCode({
  code,
  size,
  onShown,
}: {
  code: string;
  size: string;
  /** Told once the code is on the page. */
  onShown?: () => void;
}) {
  useEffect(() => {
    onShown?.();
  }, [code, onShown]);
  // The matrix with its quiet zone: true is a dark module.
  const modules = encodeQR(code, 'raw', { ecc: 'medium', border: QUIET_ZONE });
  const width = modules.length;
  let path = '';
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={pickUpCodeMessages.qrLabel(code)}
      viewBox={`0 0 ${width} ${width}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="bg-white"
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

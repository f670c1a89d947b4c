import { useEffect, useRef, useState } from 'react';
import { pickUpCodeMessages, pickUpCodeSchema } from '@lajan/domain';
import { Button } from '../../../components/Button';

/** How often a frame is read, in milliseconds: enough for a code held still, light on a phone. */
const SCAN_INTERVAL_MS = 250;

/** The browser's own QR reader (Chromium on Android, Safari), where it has one. */
interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats?: () => Promise<string[]>;
}

type ReadFrame = (video: HTMLVideoElement) => Promise<string | null>;

/**
 * A reader of video frames: the BarcodeDetector API where the browser has it for QR codes, otherwise
 * the `qr` library's decoder (pure JavaScript, loaded here only) on a canvas copy of the frame.
 */
async function frameReader(): Promise<ReadFrame> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const formats = (await Native.getSupportedFormats?.().catch(() => [])) ?? ['qr_code'];
    if (formats.includes('qr_code')) {
      const detector = new Native({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null;
    }
  }
  const { decodeQR } = await import('qr/decode.js');
  const canvas = document.createElement('canvas');
  return (video) => {
    const { videoWidth: width, videoHeight: height } = video;
    const context = width && height ? canvas.getContext('2d', { willReadFrequently: true }) : null;
    if (!context) return Promise.resolve(null);
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    try {
      return Promise.resolve(
        decodeQR({ width, height, data: context.getImageData(0, 0, width, height).data }),
      );
    } catch {
      // No QR code in this frame: the next one.
      return Promise.resolve(null);
    }
  };
}

/**
 * The camera's view while it looks for the pick-up code's QR code (the rear camera where there are
 * two). A QR code that is not a valid pick-up code is said and the reading goes on; a valid one is
 * handed over at once. The camera is released on every way out.
 */
export default function QrScannerDialog({
  onCode,
  onClose,
}: {
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const handlers = useRef({ onCode, onClose });
  useEffect(() => {
    handlers.current = { onCode, onClose };
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    cancelRef.current?.focus();

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch (error) {
        if (!stopped) {
          const denied = error instanceof DOMException && error.name === 'NotAllowedError';
          setProblem(denied ? pickUpCodeMessages.cameraDenied : pickUpCodeMessages.cameraUnavailable);
        }
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = stream;
      await Promise.resolve(video.play()).catch(() => undefined);
      const read = await frameReader();
      const tick = async () => {
        if (stopped) return;
        const text = await read(video);
        if (stopped) return;
        if (text !== null) {
          const code = pickUpCodeSchema.safeParse(text);
          if (code.success) {
            handlers.current.onCode(code.data);
            return;
          }
          setProblem(pickUpCodeMessages.scanNotACode);
        }
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    }

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') handlers.current.onClose();
    }
    document.addEventListener('keydown', onKeyDown);
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/70 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="qr-scan-title"
        aria-describedby="qr-scan-hint"
        className="w-full max-w-md rounded-xl bg-white p-4 shadow-xl"
      >
        <h2 id="qr-scan-title" className="text-lg font-semibold text-slate-900">
          {pickUpCodeMessages.scanTitle}
        </h2>
        <p id="qr-scan-hint" className="mt-1 text-sm text-slate-700">
          {pickUpCodeMessages.scanHint}
        </p>
        <video
          ref={videoRef}
          muted
          playsInline
          aria-hidden="true"
          className="mt-3 aspect-square w-full rounded-md bg-slate-900 object-cover"
        />
        <p role="status" className="mt-2 min-h-5 text-sm text-red-700">
          {problem}
        </p>
        <div className="mt-3 flex justify-end">
          <Button
            ref={cancelRef}
            type="button"
            variant="secondary"
            onClick={() => handlers.current.onClose()}
          >
            {pickUpCodeMessages.scanCancel}
          </Button>
        </div>
      </div>
    </div>
  );
}

import { mfaTexts } from '@lajan/domain';

/** What an enrolment shows (decision 203): the QR code the server drew, and its secret to type by hand. */
export function EnrolmentQr({ qrSvg, secret }: { qrSvg: string; secret: string }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{mfaTexts.scanQr}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt={mfaTexts.qrAlt}
        className="mx-auto h-48 w-48 rounded border border-slate-200 bg-white"
      />
      <p className="text-sm text-slate-700">
        {mfaTexts.typeSecret}{' '}
        <code className="break-all rounded bg-slate-100 px-1 font-mono text-slate-900">{secret}</code>
      </p>
    </div>
  );
}

/** The ten recovery codes, shown once: the person notes them before going on. */
export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-900">{mfaTexts.recoveryCodesIntro}</p>
      <ol
        aria-label={mfaTexts.recoveryCodesLabel}
        className="grid gap-1 font-mono text-sm text-slate-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="break-all rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ol>
    </div>
  );
}

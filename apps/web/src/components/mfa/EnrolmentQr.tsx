/** What an enrolment shows (decision 203): the QR code the server drew, and its secret to type by hand. */
export function EnrolmentQr({ qrSvg, secret }: { qrSvg: string; secret: string }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Scannez ce QR code avec votre application d’authentification (Google Authenticator, Aegis, FreeOTP…),
        puis saisissez le code à 6 chiffres qu’elle affiche.
      </p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt="QR code du second facteur"
        className="mx-auto h-48 w-48 rounded border border-slate-200 bg-white"
      />
      <p className="text-sm text-slate-700">
        Sans appareil photo, saisissez cette clé dans l’application :{' '}
        <code className="break-all rounded bg-slate-100 px-1 font-mono text-slate-900">{secret}</code>
      </p>
    </div>
  );
}

/** The ten recovery codes, shown once: the person notes them before going on. */
export function RecoveryCodesList({ codes }: { codes: readonly string[] }) {
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-900">
        Vos codes de secours : notez-les et gardez-les en lieu sûr. Chacun ne sert qu’une fois, et ils ne
        seront plus jamais affichés.
      </p>
      <ol
        aria-label="Codes de secours"
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

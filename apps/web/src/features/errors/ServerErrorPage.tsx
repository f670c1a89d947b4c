import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../components/Button';
import { referenceText } from '../../lib/http';
import { ErrorFrame } from './ErrorFrame';
import { t } from '@lingui/core/macro';

/**
 * /500?message=…&from=…&ref=…: the server failed or could not be reached (`ref`: the failed request's id,
 * decision 230). "Recharger" reloads the page the person was on (`from`), or this one.
 */
export default function ServerErrorPage() {
  const [searchParams] = useSearchParams();
  const message = searchParams.get('message');
  const from = searchParams.get('from');
  const requestId = searchParams.get('ref');
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = useId();

  function reload() {
    // Only a path of this app: `from` comes from the address bar.
    if (from && from.startsWith('/') && !from.startsWith('//')) window.location.assign(from);
    else window.location.reload();
  }

  return (
    <ErrorFrame
      code="500"
      title={t`Problème serveur`}
      actions={
        <>
          <Button onClick={reload}>{t`Recharger la page`}</Button>
          <Link to="/" className={buttonClasses('secondary')}>
            {t`Accueil`}
          </Link>
        </>
      }
    >
      <p>{t`Le serveur n'a pas pu répondre. Vérifiez votre connexion, puis réessayez dans un instant.`}</p>
      {requestId ? (
        <>
          <p className="mt-2">
            {t`Si le problème continue, donnez cette référence à votre administrateur :`}
          </p>
          <p className="mt-1 font-mono text-sm">{referenceText(requestId)}</p>
        </>
      ) : null}
      <div className="mt-4">
        <button
          type="button"
          aria-expanded={showDetails}
          aria-controls={detailsId}
          onClick={() => setShowDetails((shown) => !shown)}
          className="rounded-sm text-sm font-medium text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {showDetails ? t`Masquer les détails techniques` : t`Afficher les détails techniques`}
        </button>
        <div id={detailsId} hidden={!showDetails}>
          <pre className="mt-3 max-w-full overflow-x-auto rounded-md bg-slate-800 p-3 text-left text-xs whitespace-pre-wrap text-slate-100">
            {message ?? t`Aucun détail disponible.`}
          </pre>
        </div>
      </div>
    </ErrorFrame>
  );
}

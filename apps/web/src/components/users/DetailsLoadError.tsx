import type { ReactNode } from 'react';
import { Alert } from '../Alert';
import { errorMessage, isHttpError } from '../../lib/http';

interface DetailsLoadErrorProps {
  /** The link back to the list, above the heading. */
  backLink: ReactNode;
  /** The page's heading, e.g. "Détails de l'agent". */
  title: string;
  error: unknown;
  /** The alert's title and text when the server answers 404. */
  notFoundTitle: string;
  notFoundText: string;
  /** The alert's title otherwise, and the text when the server gave no message. */
  failureTitle: string;
  failureFallback: string;
}

/** A details page whose record could not be loaded: the way back, the heading and why (404 or other). */
export function DetailsLoadError({
  backLink,
  title,
  error,
  notFoundTitle,
  notFoundText,
  failureTitle,
  failureFallback,
}: DetailsLoadErrorProps) {
  const notFound = isHttpError(error) && error.status === 404;
  return (
    <div className="max-w-2xl space-y-4">
      {backLink}
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <Alert type="danger" title={notFound ? notFoundTitle : failureTitle}>
        {notFound ? notFoundText : errorMessage(error, failureFallback)}
      </Alert>
    </div>
  );
}

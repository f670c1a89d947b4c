import { Link, useLocation } from 'react-router';
import { msg, t } from '@lingui/core/macro';
import { displayName, documentLabel, texts } from '@lajan/domain';
import { textLinkClasses } from '../text-link';
import { registrationStateFrom } from './registration-return';

/** What a row needs; `id` is absent for a person typed inline and not saved yet (/register). */
export interface ClientListItem {
  id?: string;
  firstName: string;
  lastName: string;
  idDocumentType: string;
  idDocumentNumber: string;
}

export interface ClientListProps {
  clients: readonly ClientListItem[];
  /** Without it, no remove buttons (a read-only summary). */
  onRemove?: (client: ClientListItem, index: number) => void;
  /** A "Modifier" button on each row (a person typed inline goes back into the form). */
  onEdit?: (client: ClientListItem, index: number) => void;
  /** "Ajouter une nouvelle personne" → /person. Default true. */
  showAddLink?: boolean;
  /** Shows "Titulaire principal" on the first row and "Titulaire secondaire" on the others. */
  showHolderRole?: boolean;
  title?: string;
  /** The empty state's two lines. */
  emptyTitle?: string;
  emptyHint?: string;
}

export const clientListTexts = texts({
  title: msg`Liste des clients`,
  emptyTitle: msg`Aucun client sélectionné`,
  emptyHint: msg`Veuillez rechercher et sélectionner un client.`,
  addLink: msg`Ajouter une nouvelle personne`,
});

/**
 * "Liste des clients", each row with the full name, the document's
 * label and number and a remove button; an empty state; a link to register a new person.
 */
export function ClientList({
  clients,
  onRemove,
  onEdit,
  showAddLink = true,
  showHolderRole = false,
  title = clientListTexts.title,
  emptyTitle = clientListTexts.emptyTitle,
  emptyHint = clientListTexts.emptyHint,
}: ClientListProps) {
  const location = useLocation();
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        {showAddLink && (
          <Link to="/person" state={registrationStateFrom(location)} className={`text-sm ${textLinkClasses}`}>
            {clientListTexts.addLink}
          </Link>
        )}
      </div>
      {clients.length === 0 ? (
        <div className="px-4 py-6 text-center">
          <p className="font-medium text-slate-800">{emptyTitle}</p>
          <p className="mt-1 text-sm text-slate-600">{emptyHint}</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200">
          {clients.map((client, index) => {
            const name = displayName(client);
            return (
              <li
                key={client.id ?? `${client.idDocumentType}-${client.idDocumentNumber}-${index}`}
                className="flex items-center gap-3 px-4 py-3"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-slate-900">{name}</p>
                  <p className="text-sm break-words text-slate-700">
                    {documentLabel(client.idDocumentType)} ·{' '}
                    <span className="whitespace-nowrap">{client.idDocumentNumber}</span>
                  </p>
                  {showHolderRole && (
                    <p className="mt-0.5 text-xs font-medium text-blue-900">
                      {index === 0 ? t`Titulaire principal` : t`Titulaire secondaire`}
                    </p>
                  )}
                </div>
                {onEdit && (
                  <button
                    type="button"
                    onClick={() => onEdit(client, index)}
                    aria-label={t`Modifier ${name}`}
                    className="min-h-11 shrink-0 rounded-md border border-slate-300 px-3 text-sm font-medium text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                  >
                    {t`Modifier`}
                  </button>
                )}
                {onRemove && (
                  <button
                    type="button"
                    onClick={() => onRemove(client, index)}
                    aria-label={t`Retirer ${name}`}
                    className="min-h-11 shrink-0 rounded-md border border-slate-300 px-3 text-sm font-medium text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                  >
                    {t`Retirer`}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  can,
  displayName,
  documentLabel,
  formatDateFr,
  formatDateTimeFr,
  genderLabels,
  maritalStatusLabel,
  roleLabels,
  userFailureMessages,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button, buttonClasses } from '../../components/Button';
import { PageLoading } from '../../components/PageLoading';
import { textLinkClasses } from '../../components/text-link';
import { errorMessage, isHttpError } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { useUserQuery } from './api/get-user';
import { EditContactForm } from './EditContactForm';
import { UserStatusBadge } from './UserStatusBadge';

const NOT_SPECIFIED = 'Non spécifié';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0">{children || NOT_SPECIFIED}</dd>
    </div>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** /users/:username: a user and its person; contact fields editable; the password link on one's own. */
export default function UserDetailsPage() {
  const { username = '' } = useParams();
  const { user: me } = useSession();
  const query = useUserQuery(username);
  const [editing, setEditing] = useState(false);

  // The super administrator came to an administrator from its own list.
  const toAdministrators = Boolean(me?.isSuperAdmin && query.data?.role === 'sudo');
  const backLink = (
    <Link to={toAdministrators ? '/administrators' : '/users'} className={`${textLinkClasses} text-sm`}>
      ← {toAdministrators ? 'Liste des administrateurs' : 'Liste des utilisateurs'}
    </Link>
  );

  if (query.isPending) return <PageLoading label="Chargement de l'utilisateur..." />;
  if (query.isError) {
    const notFound = isHttpError(query.error) && query.error.status === 404;
    return (
      <div className="max-w-2xl space-y-4">
        {backLink}
        <h1 className="text-2xl font-semibold text-slate-900">Détails de l'utilisateur</h1>
        <Alert type="danger" title={notFound ? 'Utilisateur introuvable' : "L'utilisateur n'a pas pu être chargé."}>
          {notFound
            ? `Aucun utilisateur « ${username} ».`
            : errorMessage(query.error, userFailureMessages.list)}
        </Alert>
      </div>
    );
  }

  const shown = query.data;
  const own = shown.id === me?.id;
  const mayEdit = !shown.deletedAt && (own || can(me, 'users.manage'));

  return (
    <div className="max-w-4xl space-y-6">
      {backLink}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{displayName(shown)}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span className="font-mono">{shown.username}</span>
            <span aria-hidden="true">·</span>
            <span>{roleLabels[shown.role]}</span>
            <UserStatusBadge user={shown} />
          </p>
        </div>
        {/* SPEC §6: the change-password link only on one's own details. */}
        {own && (
          <Link to="/update-password" className={buttonClasses('secondary')}>
            Modifier le mot de passe
          </Link>
        )}
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Informations personnelles">
          <dl className="divide-y divide-slate-100">
            <Field label="Prénom">{shown.firstName}</Field>
            <Field label="Nom">{shown.lastName}</Field>
            <Field label="Date de naissance">{formatDateFr(shown.dob)}</Field>
            <Field label="Sexe">{shown.gender ? genderLabels[shown.gender] : ''}</Field>
            <Field label="Statut matrimonial">{maritalStatusLabel(shown.maritalStatus)}</Field>
            <Field label="Document">
              {shown.idDocumentType ? `${documentLabel(shown.idDocumentType)} · ${shown.idDocumentNumber ?? ''}` : ''}
            </Field>
            <Field label="Pays">{shown.country}</Field>
          </dl>
        </Section>

        <Section title="Compte utilisateur">
          <dl className="divide-y divide-slate-100">
            <Field label="Nom d'utilisateur">{shown.username}</Field>
            <Field label="Rôle">{roleLabels[shown.role]}</Field>
            <Field label="Agent">
              {shown.agent ? (
                <Link to={`/agents/${encodeURIComponent(shown.agent.code)}`} className={textLinkClasses}>
                  {shown.agent.name} ({shown.agent.code})
                </Link>
              ) : (
                ''
              )}
            </Field>
            <Field label="Créé le">{formatDateFr(shown.createdAt)}</Field>
            <Field label="Mot de passe changé le">
              {shown.passwordUpdatedAt ? formatDateTimeFr(shown.passwordUpdatedAt) : 'Jamais (mot de passe temporaire)'}
            </Field>
            {shown.deletedAt && <Field label="Désactivé le">{formatDateFr(shown.deletedAt)}</Field>}
          </dl>
        </Section>
      </div>

      <Section
        title="Coordonnées"
        action={
          mayEdit && !editing ? (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Modifier les coordonnées
            </Button>
          ) : undefined
        }
      >
        {editing ? (
          <EditContactForm user={shown} onDone={() => setEditing(false)} />
        ) : (
          <dl className="divide-y divide-slate-100">
            <Field label="Email">{shown.email}</Field>
            <Field label="Téléphone">{shown.phoneNumber}</Field>
            <Field label="Adresse">{shown.address}</Field>
            <Field label="Commune">{shown.city}</Field>
            <Field label="Departement">{shown.state}</Field>
            <Field label="Code postal">{shown.postalCode}</Field>
          </dl>
        )}
      </Section>
    </div>
  );
}

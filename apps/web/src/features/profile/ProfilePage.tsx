import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
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
import { errorMessage } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { useProfileQuery } from './api/get-profile';

const NOT_SPECIFIED = 'Non spécifié';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0">{children || NOT_SPECIFIED}</dd>
    </div>
  );
}

/**
 * /profile: the signed-in user's own details. It is always one's own profile, so the change-password
 * link is always there (SPEC §6); someone else's details live at /users/:username.
 */
export default function ProfilePage() {
  const { user } = useSession();
  const query = useProfileQuery(user?.id ?? '');

  const passwordLink = (
    <Link to="/update-password" className={buttonClasses('secondary')}>
      Modifier le mot de passe
    </Link>
  );

  if (!user) return null;
  if (query.isPending) return <PageLoading label="Chargement de votre profil..." />;
  if (query.isError) {
    return (
      <div className="max-w-2xl space-y-4">
        <h1 className="text-2xl font-semibold text-slate-900">Mon Profil</h1>
        <Alert type="danger" title="Votre profil n'a pas pu être chargé.">
          <p>{errorMessage(query.error, userFailureMessages.list)}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            Réessayer
          </Button>
        </Alert>
        {passwordLink}
      </div>
    );
  }

  const profile = query.data;
  return (
    <div className="max-w-3xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Mon Profil</h1>
          <p className="mt-1 text-slate-700">
            {displayName(profile)} · {roleLabels[profile.role]}
            {profile.agent ? ` · ${profile.agent.name} (${profile.agent.code})` : ''}
          </p>
        </div>
        {passwordLink}
      </header>

      <section aria-labelledby="profil-identite" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="profil-identite" className="text-lg font-semibold text-slate-900">
          Informations personnelles
        </h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <Field label="Nom d'utilisateur">{profile.username}</Field>
          <Field label="Prénom">{profile.firstName}</Field>
          <Field label="Nom">{profile.lastName}</Field>
          <Field label="Date de naissance">{formatDateFr(profile.dob)}</Field>
          <Field label="Sexe">{profile.gender ? genderLabels[profile.gender] : ''}</Field>
          <Field label="Statut matrimonial">{maritalStatusLabel(profile.maritalStatus)}</Field>
          <Field label="Document">
            {profile.idDocumentType
              ? `${documentLabel(profile.idDocumentType)} · ${profile.idDocumentNumber ?? ''}`
              : ''}
          </Field>
        </dl>
      </section>

      <section aria-labelledby="profil-coordonnees" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="profil-coordonnees" className="text-lg font-semibold text-slate-900">
          Coordonnées
        </h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <Field label="Email">{profile.email}</Field>
          <Field label="Téléphone">{profile.phoneNumber}</Field>
          <Field label="Adresse">{profile.address}</Field>
          <Field label="Commune">{profile.city}</Field>
          <Field label="Departement">{profile.state}</Field>
          <Field label="Code postal">{profile.postalCode}</Field>
          <Field label="Pays">{profile.country}</Field>
        </dl>
      </section>

      <section aria-labelledby="profil-compte" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="profil-compte" className="text-lg font-semibold text-slate-900">
          Compte
        </h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <Field label="Rôle">{roleLabels[profile.role]}</Field>
          <Field label="Agent">{profile.agent ? `${profile.agent.name} (${profile.agent.code})` : ''}</Field>
          <Field label="Membre depuis le">{formatDateFr(profile.createdAt)}</Field>
          <Field label="Mot de passe changé le">
            {profile.passwordUpdatedAt ? formatDateTimeFr(profile.passwordUpdatedAt) : ''}
          </Field>
        </dl>
      </section>
    </div>
  );
}

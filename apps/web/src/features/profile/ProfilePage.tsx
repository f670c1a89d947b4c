import { Link } from 'react-router';
import {
  can,
  displayName,
  formatDate,
  formatDateTime,
  mfaTexts,
  roleLabels,
  userFailureMessages,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button, buttonClasses } from '../../components/Button';
import { PageLoading } from '../../components/PageLoading';
import { UserLanguagePicker } from '../../components/UserLanguagePicker';
import { DetailField, DetailList, DetailSection } from '../../components/users/DetailList';
import { ContactDetailFields, PersonalDetailFields } from '../../components/users/UserDetailFields';
import { errorMessage } from '../../lib/http';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';
import { useSession } from '../../lib/session-context';
import { useProfileQuery } from './api/get-profile';
import { t } from '@lingui/core/macro';

/**
 * /profile: the signed-in user's own details. It is always one's own profile, so the change-password
 * link is always there; someone else's details live at /users/:username.
 */
export default function ProfilePage() {
  const { user } = useSession();
  const query = useProfileQuery(user?.id ?? '');

  if (!user) return null;
  const passwordLink = (
    <div className="flex flex-wrap gap-2">
      <Link to="/update-password" className={buttonClasses('secondary')}>
        {t`Modifier le mot de passe`}
      </Link>
      {can(user, 'mfa.manage') && (
        <Link to="/security" className={buttonClasses('secondary')}>
          {mfaTexts.title}
        </Link>
      )}
    </div>
  );

  if (query.isPending) return <PageLoading label={t`Chargement de votre profil...`} />;
  if (query.isError) {
    return (
      <div className="max-w-2xl space-y-4">
        <h1 className="text-2xl font-semibold text-slate-900">{t`Mon Profil`}</h1>
        <Alert type="danger" title={t`Votre profil n'a pas pu être chargé.`}>
          <p>{errorMessage(query.error, userFailureMessages.list)}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            {t`Réessayer`}
          </Button>
        </Alert>
        {passwordLink}
      </div>
    );
  }

  const profile = query.data;
  const language = formatLanguage(currentLanguage());
  return (
    <div className="max-w-3xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t`Mon Profil`}</h1>
          <p className="mt-1 text-slate-700">
            {displayName(profile)} · {roleLabels[profile.role]}
            {profile.agent ? ` · ${profile.agent.name} (${profile.agent.code})` : ''}
          </p>
        </div>
        {passwordLink}
      </header>

      <DetailSection title={t`Langue`}>
        <p className="mb-3 text-sm text-slate-700">
          {t`La langue de vos écrans, et des messages que Lajan vous adresse.`}
        </p>
        <UserLanguagePicker />
      </DetailSection>

      <DetailSection title={t`Informations personnelles`}>
        <DetailList>
          <DetailField label={t`Nom d'utilisateur`}>{profile.username}</DetailField>
          <PersonalDetailFields user={profile} />
        </DetailList>
      </DetailSection>

      <DetailSection title={t`Coordonnées`}>
        <DetailList>
          <ContactDetailFields user={profile} />
          <DetailField label={t`Pays`}>{profile.country}</DetailField>
        </DetailList>
      </DetailSection>

      <DetailSection title={t`Compte`}>
        <DetailList>
          <DetailField label={t`Rôle`}>{roleLabels[profile.role]}</DetailField>
          <DetailField label={t`Agent`}>
            {profile.agent ? `${profile.agent.name} (${profile.agent.code})` : ''}
          </DetailField>
          <DetailField label={t`Membre depuis le`}>{formatDate(profile.createdAt, language)}</DetailField>
          <DetailField label={t`Mot de passe changé le`}>
            {profile.passwordUpdatedAt ? formatDateTime(profile.passwordUpdatedAt, language) : ''}
          </DetailField>
        </DetailList>
      </DetailSection>
    </div>
  );
}

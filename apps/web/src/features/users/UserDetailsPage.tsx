import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  can,
  displayName,
  formatDate,
  formatDateTime,
  roleLabels,
  userFailureMessages,
  userMessages,
} from '@lajan/domain';
import { Button, buttonClasses } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { useToasts } from '../../components/toasts/toast-context';
import { PageLoading } from '../../components/PageLoading';
import { textLinkClasses } from '../../components/text-link';
import { DetailField, DetailList, DetailSection } from '../../components/users/DetailList';
import { DetailsLoadError } from '../../components/users/DetailsLoadError';
import { ContactDetailFields, PersonalDetailFields } from '../../components/users/UserDetailFields';
import { currentLanguage } from '../../i18n/i18n';
import { useSession } from '../../lib/session-context';
import { useEndSessionsMutation } from './api/end-sessions';
import { useUserQuery } from './api/get-user';
import { EditContactForm } from './EditContactForm';
import { UserStatusBadge } from './UserStatusBadge';

/** /users/:username: a user and its person; contact fields editable; the password link on one's own. */
export default function UserDetailsPage() {
  const { username = '' } = useParams();
  const { user: me } = useSession();
  const query = useUserQuery(username);
  const [editing, setEditing] = useState(false);
  const [endingSessions, setEndingSessions] = useState(false);
  const endSessions = useEndSessionsMutation();
  const toasts = useToasts();
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';

  // The super administrator came to an administrator from its own list.
  const toAdministrators = can(me, 'admins.manage') && query.data?.role === 'sudo';
  const backLink = (
    <Link to={toAdministrators ? '/administrators' : '/users'} className={`${textLinkClasses} text-sm`}>
      ← {toAdministrators ? t`Liste des administrateurs` : t`Liste des utilisateurs`}
    </Link>
  );

  if (query.isPending) return <PageLoading label={t`Chargement de l'utilisateur...`} />;
  if (query.isError) {
    return (
      <DetailsLoadError
        backLink={backLink}
        title={t`Détails de l'utilisateur`}
        error={query.error}
        notFoundTitle={t`Utilisateur introuvable`}
        notFoundText={t`Aucun utilisateur «\u00a0${username}\u00a0».`}
        failureTitle={t`L'utilisateur n'a pas pu être chargé.`}
        failureFallback={userFailureMessages.list}
      />
    );
  }

  const shown = query.data;
  const own = shown.id === me?.id;
  const mayEdit = !shown.deletedAt && (own || can(me, 'users.manage'));
  // A lost or stolen device: its manager cuts the user's sessions off without disabling it.
  const mayEndSessions = !own && !shown.deletedAt && can(me, 'users.manage');

  async function confirmEndSessions() {
    try {
      await endSessions.mutateAsync(shown.username);
      toasts.success(userMessages.sessionsEnded);
      setEndingSessions(false);
    } catch {
      // The query client toasts the server's message or the fallback; the dialog stays to try again.
    }
  }

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
        {/* The change-password link only on one's own details. */}
        {own && (
          <Link to="/update-password" className={buttonClasses('secondary')}>
            <Trans>Modifier le mot de passe</Trans>
          </Link>
        )}
        {mayEndSessions && (
          <Button variant="secondary" onClick={() => setEndingSessions(true)}>
            <Trans>Fermer ses sessions</Trans>
          </Button>
        )}
      </header>
      {endingSessions && (
        <ConfirmDialog
          title={userMessages.endSessionsTitle}
          confirmLabel={t`Fermer les sessions`}
          pendingLabel={userMessages.endSessionsPending}
          variant="danger"
          pending={endSessions.isPending}
          onConfirm={() => void confirmEndSessions()}
          onCancel={() => setEndingSessions(false)}
        >
          <p>{userMessages.endSessionsConfirm(shown.username, displayName(shown))}</p>
        </ConfirmDialog>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <DetailSection title={t`Informations personnelles`}>
          <DetailList>
            <PersonalDetailFields user={shown} />
            <DetailField label={t`Pays`}>{shown.country}</DetailField>
          </DetailList>
        </DetailSection>

        <DetailSection title={t`Compte utilisateur`}>
          <DetailList>
            <DetailField label={t`Nom d'utilisateur`}>{shown.username}</DetailField>
            <DetailField label={t`Rôle`}>{roleLabels[shown.role]}</DetailField>
            <DetailField label={t`Agent`}>
              {shown.agent ? (
                <Link to={`/agents/${encodeURIComponent(shown.agent.code)}`} className={textLinkClasses}>
                  {shown.agent.name} ({shown.agent.code})
                </Link>
              ) : (
                ''
              )}
            </DetailField>
            <DetailField label={t`Créé le`}>{formatDateTime(shown.createdAt, language)}</DetailField>
            <DetailField label={t`Mot de passe changé le`}>
              {shown.passwordUpdatedAt
                ? formatDateTime(shown.passwordUpdatedAt, language)
                : t`Jamais (mot de passe temporaire)`}
            </DetailField>
            {shown.deletedAt && (
              <DetailField label={t`Désactivé le`}>{formatDate(shown.deletedAt, language)}</DetailField>
            )}
          </DetailList>
        </DetailSection>
      </div>

      <DetailSection
        title={t`Coordonnées`}
        action={
          mayEdit && !editing ? (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Trans>Modifier les coordonnées</Trans>
            </Button>
          ) : undefined
        }
      >
        {editing ? (
          <EditContactForm user={shown} onDone={() => setEditing(false)} />
        ) : (
          <DetailList>
            <ContactDetailFields user={shown} />
          </DetailList>
        )}
      </DetailSection>
    </div>
  );
}

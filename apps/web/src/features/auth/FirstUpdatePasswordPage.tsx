import { capitaliseFirstName } from '@lajan/domain';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PublicFrame } from '../../components/PublicFrame';
import { useSession, useSessionStore } from '../../lib/session-context';
import { textLinkClasses } from '../../components/text-link';
import { useLogout } from './api/logout';
import { UpdatePasswordForm } from './UpdatePasswordForm';
import { t } from '@lingui/core/macro';

/**
 * /first-update-password: a new user chooses its own password before anything else, then goes on signed in
 * with the fresh token the server answers, to the dashboard: no second sign-in (decision 133).
 */
export default function FirstUpdatePasswordPage() {
  const { user } = useSession();
  const session = useSessionStore();
  const navigate = useNavigate();
  const location = useLocation();
  const logoutMutation = useLogout();
  const alreadyUpdated = Boolean(user?.passwordUpdatedAt);
  const changedHere = useRef(false);

  useEffect(() => {
    if (!alreadyUpdated) return;
    if (changedHere.current) {
      void navigate('/', { replace: true });
      return;
    }
    // 'default' is the key of the first entry: nothing to go back to inside the app.
    if (location.key === 'default') void navigate('/', { replace: true });
    else void navigate(-1);
  }, [alreadyUpdated, location.key, navigate]);

  if (alreadyUpdated) return null;
  const firstName = user ? capitaliseFirstName(user.firstName) : '';
  const greeting = user ? t`Bonjour ${firstName}. ` : '';

  return (
    <PublicFrame
      title={t`Choisissez votre mot de passe`}
      intro={
        <>
          {greeting}
          {t`Pour votre sécurité, remplacez le mot de passe temporaire qui vous a été donné par un mot de passe à vous avant de continuer.`}
        </>
      }
      footer={
        <button
          type="button"
          className={textLinkClasses}
          disabled={logoutMutation.isPending}
          onClick={() => logoutMutation.mutate()}
        >
          {t`Se déconnecter`}
        </button>
      }
    >
      <UpdatePasswordForm
        onChanged={(answer) => {
          changedHere.current = true;
          // A token that cannot be kept signs out (signIn clears): the sign-in page then shows.
          session.signIn(answer.access_token);
        }}
      />
    </PublicFrame>
  );
}

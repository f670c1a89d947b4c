import { useMutation } from '@tanstack/react-query';
import { authMessages } from '@lajan/domain';
import { useToasts } from '../../../components/toasts/toast-context';
import { errorMessage, isHttpError, type HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { useSessionStore } from '../../../lib/session-context';
import { t } from '@lingui/core/macro';

export function logout(http: HttpClient): Promise<unknown> {
  return http.post('/auth/logout', undefined, { redirectOnUnauthorized: false, redirectOnForbidden: false });
}

/**
 * "Se déconnecter" (SPEC's "Deconecter"): tells the server, then ends the session whatever it answered (SPEC §8: a failure
 * shows the server's message or "Échec de la déconnexion", and the person is signed out all the same).
 * The auth guard then shows /login.
 */
export function useLogout() {
  const http = useHttp();
  const session = useSessionStore();
  const toasts = useToasts();
  return useMutation({
    mutationFn: () => logout(http),
    meta: { errorToast: false },
    onSuccess: () => toasts.success(authMessages.logoutSuccess),
    onError: (error) => {
      // A token the server already revoked means the session is over: that is a successful logout.
      if (isHttpError(error) && error.status === 401) toasts.success(authMessages.logoutSuccess);
      else toasts.error(errorMessage(error, t`Échec de la déconnexion`));
    },
    onSettled: () => session.clear('user'),
  });
}

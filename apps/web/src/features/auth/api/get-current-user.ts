import { useQuery } from '@tanstack/react-query';
import { genericMessages, readSessionUser, type SessionUser } from '@lajan/domain';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { useSessionStore } from '../../../lib/session-context';

export async function getCurrentUser(http: HttpClient): Promise<SessionUser> {
  const answer = await http.get<{ user?: unknown } | null>('/auth/user');
  const user = readSessionUser(answer?.user);
  if (!user) throw new Error(genericMessages.failure);
  return user;
}

/**
 * `GET /auth/user`, only when a valid token carried no usable user claim: when a user is held the
 * fetch is skipped. A failure signs out.
 */
export function useCurrentUserQuery(enabled: boolean) {
  const http = useHttp();
  const session = useSessionStore();
  return useQuery({
    queryKey: ['auth', 'current-user'],
    enabled,
    retry: false,
    throwOnError: false,
    meta: { errorToast: false },
    queryFn: async () => {
      try {
        const user = await getCurrentUser(http);
        session.setUser(user);
        return user;
      } catch (error) {
        session.clear();
        throw error;
      }
    },
  });
}

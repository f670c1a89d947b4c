import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can, type Capability } from '@lajan/domain';
import { PageLoading } from '../components/PageLoading';
import { useCurrentUserQuery } from '../features/auth/api/get-current-user';
import { useSession } from '../lib/session-context';
import { t } from '@lingui/core/macro';

export const FIRST_PASSWORD_PATH = '/first-update-password';
export const GUEST_PATHS = ['/login', '/forgot-password', '/reset-password'];

/** Where a guard sent someone from, so that signing in returns them there. */
export interface RedirectState {
  from?: { pathname: string; search: string };
}

/** Where a sign-in leads: back where a guard took the person from, else the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as RedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/';
  if (GUEST_PATHS.some((path) => from.pathname.startsWith(path))) return '/';
  return `${from.pathname}${from.search ?? ''}`;
}

/**
 * Sign-in, forgotten and reset password: for visitors. A signed-in person goes to / (or back where
 * the auth guard took them from), and a new user straight to the first password change. This guard
 * is also what moves a person on after a successful sign-in.
 */
export function GuestOnly() {
  const { token, user } = useSession();
  const location = useLocation();
  if (!token) return <Outlet />;
  if (user && !user.passwordUpdatedAt) return <Navigate to={FIRST_PASSWORD_PATH} replace />;
  return <Navigate to={returnPath(location.state)} replace />;
}

/**
 * Everything behind sign-in. Signed out: /login, remembering where the person was going (unless they
 * signed out themselves). A new user (no `passwordUpdatedAt`) may open only the first password change.
 */
export function RequireAuth() {
  const { token, user, endedByUser } = useSession();
  const location = useLocation();
  const currentUser = useCurrentUserQuery(Boolean(token) && !user);

  if (!token) {
    const state: RedirectState | null = endedByUser
      ? null
      : { from: { pathname: location.pathname, search: location.search } };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!user) return currentUser.isError ? null : <PageLoading label={t`Chargement de votre session...`} />;
  if (!user.passwordUpdatedAt && location.pathname !== FIRST_PASSWORD_PATH) {
    return <Navigate to={FIRST_PASSWORD_PATH} replace />;
  }
  return <Outlet />;
}

/** A screen of the shell: only for those the permission table allows, others see /403. */
export function RequireCapability({ capability, children }: { capability: Capability; children: ReactNode }) {
  const { user } = useSession();
  if (!can(user, capability)) return <Navigate to="/403" replace />;
  return children;
}

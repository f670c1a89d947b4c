import { matchPath } from 'react-router';
import { can, type SessionUser } from '@lajan/domain';
import type { HttpClient } from '../lib/http';
import { appRoutes, type AppRoute } from './route-table';
import { Shell } from './router';

/** The screen of the route table a path opens (not the catch-all `*`), if any. */
export function routeOfPath(pathname: string): AppRoute | undefined {
  const routes: readonly AppRoute[] = appRoutes;
  return routes.find((route) => route.path !== '*' && matchPath({ path: route.path, end: true }, pathname));
}

/**
 * Starts the shell's code, the screen's code and the screen's reads all at once rather than one after the
 * other as each renders (decision 152). Resolves when the code is here; undefined when nothing was started.
 */
export function preloadScreen(
  pathname: string,
  context: { http: HttpClient; user: SessionUser },
): Promise<unknown> | undefined {
  const route = routeOfPath(pathname);
  if (!route || !context.user.passwordUpdatedAt) return undefined;
  const { access } = route;
  // Only the shell's screens: the others are light, and open for anyone.
  if (access === 'guest' || access === 'public' || access === 'signed-in' || !can(context.user, access))
    return undefined;
  const page = Promise.all([Shell.preload(), route.component.preload()]);
  route.preload?.(context, page);
  return page;
}

import { matchPath } from 'react-router';
import { appRoutes, type AppRoute } from './route-table';

/**
 * Whether a path is a screen that a finished operation or a saved registration never goes back to (the
 * route table's `noReturn`: an empty form, an error page, decision 131; a page whose main button cannot be
 * undone, such as « Fermer la caisse », decision 211), but to the dashboard.
 */
export function isNoReturnPath(pathname: string): boolean {
  const routes: readonly AppRoute[] = appRoutes;
  return routes.some(
    (route) => route.noReturn !== undefined && matchPath({ path: route.path, end: true }, pathname) !== null,
  );
}

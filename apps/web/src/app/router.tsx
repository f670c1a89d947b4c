import type { RouteObject } from 'react-router';
import { GuestOnly, RequireAuth, RequireCapability } from './guards';
import { ensureArea } from '../i18n/i18n';
import { lazyScreen } from './lazy-screen';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { appRoutes, type AppRoute } from './route-table';

// The shell (top bar, sidebar, menus) is not needed on the sign-in page: its own chunk, which comes with
// the texts of every screen inside it (decision 236).
export const Shell = lazyScreen(() =>
  Promise.all([import('./layout/Shell'), ensureArea('app')]).then(([module]) => module),
);

function toRouteObject(route: AppRoute): RouteObject {
  const Page = route.component;
  const page = <Page />;
  const guarded =
    route.access === 'guest' || route.access === 'public' || route.access === 'signed-in' ? (
      page
    ) : (
      <RequireCapability capability={route.access}>{page}</RequireCapability>
    );
  return { path: route.path, element: guarded, handle: { name: route.name, title: route.title } };
}

function only(predicate: (route: AppRoute) => boolean): RouteObject[] {
  const routes: readonly AppRoute[] = appRoutes;
  return routes.filter(predicate).map(toRouteObject);
}

const isShellRoute = (route: AppRoute) =>
  route.access !== 'guest' && route.access !== 'public' && route.access !== 'signed-in';

/** The route tree built from the one table: guest pages, public pages, then the signed-in area. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        { element: <GuestOnly />, children: only((route) => route.access === 'guest') },
        {
          element: <RequireAuth />,
          children: [
            ...only((route) => route.access === 'signed-in'),
            { element: <Shell />, children: only(isShellRoute) },
          ],
        },
        // Public last: its `*` catches any path the others do not know.
        ...only((route) => route.access === 'public'),
      ],
    },
  ];
}

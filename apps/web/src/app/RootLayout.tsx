import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { OfflineNotice } from '../components/pending/OfflineNotice';
import { routeTitle, type RouteTitle } from './route-table';

interface RouteHandle {
  title?: RouteTitle;
}

/** Sets the tab's title from the route table ("Connexion · Lajan"); the shell sets its screens' own. */
function DocumentTitle() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  // Read at render, in the screens' language: a change of language draws the app again (decision 236).
  const title = handle?.title ? routeTitle(handle.title) : undefined;
  useEffect(() => {
    if (title) document.title = `${title} · Lajan`;
  }, [title]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <OfflineNotice />
      <ScrollRestoration />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}

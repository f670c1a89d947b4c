import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { OfflineNotice } from '../components/pending/OfflineNotice';

interface RouteHandle {
  title?: string;
}

/** Sets the tab's title from the route table ("Dépôt · Lajan"). */
function DocumentTitle() {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as RouteHandle | undefined)?.title;
  useEffect(() => {
    document.title = title ? `${title} · Lajan` : 'Lajan';
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

import { Fragment, useSyncExternalStore } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from '../components/toasts/Toaster';
import { ToastProvider } from '../components/toasts/toast-context';
import { HttpProvider } from '../lib/http-context';
import { PendingProvider } from '../lib/pending-context';
import { SessionProvider } from '../lib/session-context';
import { currentLanguage, subscribeLanguage } from '../i18n/i18n';
import type { LajanApp } from './create-app';

/** The providers around the router: language, session, API client, queries and toasts. */
export function App({ app }: { app: LajanApp }) {
  // Another language: every screen is drawn again, in it (decision 236).
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage);
  return (
    <Fragment key={language}>
      <SessionProvider store={app.session}>
        <HttpProvider client={app.http}>
          <QueryClientProvider client={app.queryClient}>
            <PendingProvider
              store={app.pending}
              connectivity={app.connectivity}
              storageKeys={app.storageKeys}
            >
              <ToastProvider store={app.toasts}>
                <RouterProvider router={app.router} />
                <Toaster />
              </ToastProvider>
            </PendingProvider>
          </QueryClientProvider>
        </HttpProvider>
      </SessionProvider>
    </Fragment>
  );
}

import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { PendingOperationsBanner } from '../../components/pending/lazy-pending';
import { ReceiptProvider, useReceipt } from '../../components/receipt/receipt-context';
import { NavigationTrailProvider } from '../../lib/navigation-trail';
import { useSession } from '../../lib/session-context';
import { freshVisitState, useFreshVisitKey } from '../../lib/visit-key';
import { isNoReturnPath } from '../no-return-routes';
import { useScreenTitle } from './screen-titles';
import { Sidebar } from './Sidebar';
import { UserMenu } from './UserMenu';
import { t } from '@lingui/core/macro';

// The receipt (and the schemas its formatting brings) loads when a receipt is first shown, not with the
// shell (decision 152): the dashboard's first paint does not wait for it.
const loadReceiptPanel = () => import('../../components/receipt/ReceiptPanel');
const ReceiptPanel = lazy(() => loadReceiptPanel().then((module) => ({ default: module.ReceiptPanel })));

/**
 * The right-hand slot: the receipt panel once a transaction is selected for printing. Its code is asked
 * for once the shell has painted, so that the first receipt seldom waits for it.
 */
function ReceiptSlot() {
  const { transaction, waiting } = useReceipt();
  useEffect(() => {
    const timer = setTimeout(() => void loadReceiptPanel().catch(() => undefined), 2000);
    return () => clearTimeout(timer);
  }, []);
  // Or where its receipt will be, while an operation waits on the link (decision 210).
  if (!transaction && !waiting) return null;
  return (
    <Suspense fallback={null}>
      <ReceiptPanel />
    </Suspense>
  );
}

/**
 * The authenticated layout: top bar with the product name and the user menu, the sidebar
 * (a drawer behind a menu button below 1024 px), the screen, and the receipt panel on the right.
 */
export default function Shell() {
  const { user } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  useScreenTitle();

  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('button, a')?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') setDrawerOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  function closeDrawer() {
    setDrawerOpen(false);
    menuButtonRef.current?.focus();
  }

  // RequireAuth renders the shell only with a user.
  if (!user) return null;

  return (
    <ShellProviders>
      <div className="flex min-h-dvh flex-col bg-slate-50">
        <a
          href="#contenu"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-blue-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t`Aller au contenu`}
        </a>
        <header className="sticky top-0 z-20 lg:z-40 flex h-16 items-center gap-2 bg-blue-900 px-2 text-white shadow sm:px-4">
          <button
            ref={menuButtonRef}
            type="button"
            aria-label={t`Ouvrir le menu`}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            className="flex size-11 items-center justify-center rounded-md hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white lg:hidden"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <Link
            to="/"
            state={freshVisitState}
            className="flex items-center gap-2 rounded-md px-1 text-xl font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-white"
          >
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-md bg-white text-base text-blue-900"
            >
              L
            </span>
            Lajan
          </Link>
          {user.agent && (
            <span className="ml-2 hidden truncate text-sm text-blue-100 md:inline">
              {user.agent.name} · {user.agent.code}
            </span>
          )}
          <div className="ml-auto">
            <UserMenu user={user} />
          </div>
        </header>

        <PendingOperationsBanner />

        <div className="flex flex-1">
          <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
            <div className="sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto">
              <Sidebar user={user} />
            </div>
          </aside>

          <ShellMain />

          <ReceiptSlot />
        </div>

        {drawerOpen && (
          <div className="fixed inset-0 z-40 lg:hidden">
            <div aria-hidden="true" className="absolute inset-0 bg-slate-900/50" onClick={closeDrawer} />
            <div
              ref={drawerRef}
              role="dialog"
              aria-modal="true"
              aria-label={t`Menu`}
              className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl"
            >
              <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
                <span className="text-lg font-bold text-blue-900">Lajan</span>
                <button
                  type="button"
                  aria-label={t`Fermer le menu`}
                  onClick={closeDrawer}
                  className="flex size-11 items-center justify-center rounded-md text-2xl text-slate-700 hover:bg-slate-100"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
              <Sidebar user={user} onNavigate={() => setDrawerOpen(false)} />
            </div>
          </div>
        )}
      </div>
    </ShellProviders>
  );
}

/**
 * The screen. From 1024 px, while a receipt is shown, it makes room on its right for the panel (21 rem)
 * rather than lying under it: nothing of the page is hidden behind the receipt. A menu link starts its
 * screen over, even the one on view (decision 211): the screen is keyed on that visit.
 */
function ShellMain() {
  const { transaction, waiting } = useReceipt();
  const { pathname } = useLocation();
  const visit = useFreshVisitKey();
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(`${pathname} ${visit}`);
  // A new screen: the keyboard and the screen reader start at it, not on the sidebar's or the top bar's
  // link that opened it (nor on nothing, once the drawer or the menu that held the link closed). Focus
  // that is elsewhere on purpose (the receipt panel after an operation, a field) is left where it is.
  useEffect(() => {
    const shown = `${pathname} ${visit}`;
    if (shownPath.current === shown) return;
    shownPath.current = shown;
    const active = document.activeElement;
    const lost = active === null || active === document.body || active.closest('nav, header') !== null;
    if (lost) mainRef.current?.focus({ preventScroll: true });
  }, [pathname, visit]);
  return (
    <main
      ref={mainRef}
      id="contenu"
      tabIndex={-1}
      className={`min-w-0 flex-1 p-4 focus:outline-none sm:p-6 lg:p-8 ${transaction || waiting ? 'lg:mr-[21rem]' : ''}`}
    >
      <Suspense fallback={<PageLoading />}>
        <Outlet key={visit} />
      </Suspense>
    </main>
  );
}

/** Where the teller has been (a finished operation's way back, decision 131) and the receipt panel. */
function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <NavigationTrailProvider isNoReturnPath={isNoReturnPath}>
      <ReceiptProvider>{children}</ReceiptProvider>
    </NavigationTrailProvider>
  );
}

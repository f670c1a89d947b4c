import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translate, type Capability, type SessionUser } from '@lajan/domain';
import { preloadDashboard } from '../features/dashboard/preload';
import type { HttpClient } from '../lib/http';
import { lazyScreen, type LazyScreen } from './lazy-screen';

/**
 * Who may open a route: `guest` (signed out; a signed-in person is sent on), `public`, `signed-in` (outside
 * the shell: the forced first password change), or a capability of the domain's permission table
 * (decision 021).
 */
export type RouteAccess = 'guest' | 'public' | 'signed-in' | Capability;

/**
 * A route's title as the table keeps it: a descriptor, or a function reading a label of the domain; either
 * is read in the screens' language when the page shows, never when the table is built (decision 236).
 */
export type RouteTitle = MessageDescriptor | (() => string);

/** A route's title, in the screens' language of the moment. */
export function routeTitle(title: RouteTitle): string {
  return typeof title === 'function' ? title() : translate(title);
}

export interface AppRoute {
  name: string;
  path: string;
  /**
   * The page title (document title), read when shown; a screen of the shell has its own in
   * layout/screen-titles.ts, which comes with the shell's code (decision 239).
   */
  title?: RouteTitle;
  access: RouteAccess;
  component: LazyScreen;
  /**
   * Why a save never goes back here but to the dashboard: `form`, an empty form or an error page
   * (decision 131); `irreversible`, its main button cannot be undone (decision 211).
   */
  noReturn?: 'form' | 'irreversible';
  /**
   * What the screen reads, started with its code when it is known to come next (decision 152): at
   * sign-in, or when the app opens on it. `pageLoaded` settles once the screen's own code is here.
   */
  preload?: (context: { http: HttpClient; user: SessionUser }, pageLoaded: Promise<unknown>) => void;
}

// One chunk per screen, so that the sign-in page downloads only what it shows.
const LoginPage = lazyScreen(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazyScreen(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazyScreen(() => import('../features/auth/ResetPasswordPage'));
const FirstUpdatePasswordPage = lazyScreen(() => import('../features/auth/FirstUpdatePasswordPage'));
const UpdatePasswordPage = lazyScreen(() => import('../features/auth/UpdatePasswordPage'));
const RegisterPage = lazyScreen(() => import('../features/register/RegisterPage'));
const DashboardPage = lazyScreen(() => import('../features/dashboard/DashboardPage'));
const RegisterClientPage = lazyScreen(() => import('../features/persons/RegisterClientPage'));
const PersonsPage = lazyScreen(() => import('../features/persons/PersonsPage'));
const EditPersonPage = lazyScreen(() => import('../features/persons/EditPersonPage'));
const CreateAccountPage = lazyScreen(() => import('../features/accounts/CreateAccountPage'));
const AccountRequestsPage = lazyScreen(() => import('../features/accounts/AccountRequestsPage'));
const ForbiddenPage = lazyScreen(() => import('../features/errors/ForbiddenPage'));
const ServerErrorPage = lazyScreen(() => import('../features/errors/ServerErrorPage'));
const NotFoundPage = lazyScreen(() => import('../features/errors/NotFoundPage'));
const AgentsPage = lazyScreen(() => import('../features/agents/AgentsPage'));
const AgentDetailsPage = lazyScreen(() => import('../features/agents/AgentDetailsPage'));
const UsersPage = lazyScreen(() => import('../features/users/UsersPage'));
const AdministratorsPage = lazyScreen(() => import('../features/users/AdministratorsPage'));
const UserDetailsPage = lazyScreen(() => import('../features/users/UserDetailsPage'));
const ProfilePage = lazyScreen(() => import('../features/profile/ProfilePage'));
const SecurityPage = lazyScreen(() => import('../features/security/SecurityPage'));
const AuditPage = lazyScreen(() => import('../features/audit/AuditPage'));
const CreateAgentPage = lazyScreen(() => import('../features/agents/CreateAgentPage'));
const CreateUserPage = lazyScreen(() => import('../features/users/CreateUserPage'));
const DepositPage = lazyScreen(() => import('../features/transactions/DepositPage'));
const WithdrawPage = lazyScreen(() => import('../features/transactions/WithdrawPage'));
const TransferPage = lazyScreen(() => import('../features/transactions/TransferPage'));
const ExternalTransferPage = lazyScreen(() => import('../features/transactions/ExternalTransferPage'));
const ReceiveTransferPage = lazyScreen(() => import('../features/transactions/ReceiveTransferPage'));
const HistoryPage = lazyScreen(() => import('../features/transactions/HistoryPage'));
const AgentDepositPage = lazyScreen(() => import('../features/transactions/AgentDepositPage'));
const AccountPage = lazyScreen(() => import('../features/account/AccountPage'));
const FeesPage = lazyScreen(() => import('../features/fees/FeesPage'));
const LimitsPage = lazyScreen(() => import('../features/limits/LimitsPage'));
const SmsPage = lazyScreen(() => import('../features/sms/SmsPage'));
const CommissionsPage = lazyScreen(() => import('../features/reports/CommissionsPage'));
const NetworkReportsPage = lazyScreen(() => import('../features/reports/NetworkReportsPage'));
const DeclarationsPage = lazyScreen(() => import('../features/reports/DeclarationsPage'));
const AccountStatementPage = lazyScreen(() => import('../features/reports/AccountStatementPage'));
const FloatStatementPage = lazyScreen(() => import('../features/reports/FloatStatementPage'));
const DrawerPage = lazyScreen(() => import('../features/drawer/DrawerPage'));
const DrawersAdminPage = lazyScreen(() => import('../features/drawer/DrawersAdminPage'));
const DrawerTicketPage = lazyScreen(() => import('../features/drawer/DrawerTicketPage'));
const CorrectionsPage = lazyScreen(() => import('../features/corrections/CorrectionsPage'));
const TransfersToRefundPage = lazyScreen(() => import('../features/expiry/TransfersToRefundPage'));

/** The named routes of SPEC §2, with the paths of docs/contract-foundation.md. The one table. */
export const appRoutes = [
  { name: 'login', path: '/login', title: msg`Connexion`, access: 'guest', component: LoginPage },
  {
    name: 'register',
    path: '/register',
    title: msg`Ouvrir un compte`,
    access: 'public',
    component: RegisterPage,
  },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    title: msg`Mot de passe oublié`,
    access: 'guest',
    component: ForgotPasswordPage,
  },
  {
    name: 'reset-password',
    path: '/reset-password/:token',
    title: msg`Réinitialiser le mot de passe`,
    access: 'guest',
    component: ResetPasswordPage,
  },
  {
    name: 'first-update-password',
    path: '/first-update-password',
    title: msg`Choisissez votre mot de passe`,
    access: 'signed-in',
    component: FirstUpdatePasswordPage,
    noReturn: 'form',
  },
  {
    name: 'update-password',
    path: '/update-password',
    access: 'password.update',
    component: UpdatePasswordPage,
    noReturn: 'form',
  },
  {
    name: 'dashboard',
    path: '/',
    access: 'dashboard.view',
    component: DashboardPage,
    preload: preloadDashboard,
  },
  {
    name: 'profile',
    path: '/profile',
    access: 'profile.view',
    component: ProfilePage,
  },
  {
    name: 'security',
    path: '/security',
    access: 'mfa.manage',
    component: SecurityPage,
  },
  {
    name: 'account',
    path: '/account',
    access: 'account.self',
    component: AccountPage,
  },
  {
    name: 'setting',
    path: '/setting',
    access: 'account.self',
    component: AccountPage,
  },
  {
    name: 'create-account',
    path: '/create-account',
    access: 'accounts.manage',
    component: CreateAccountPage,
    noReturn: 'form',
  },
  {
    name: 'account-requests',
    path: '/account-requests',
    access: 'accounts.manage',
    component: AccountRequestsPage,
    noReturn: 'irreversible',
  },
  {
    name: 'person',
    path: '/person',
    access: 'persons.manage',
    component: RegisterClientPage,
    noReturn: 'form',
  },
  {
    name: 'persons',
    path: '/persons',
    access: 'persons.manage',
    component: PersonsPage,
  },
  {
    name: 'edit-person',
    path: '/persons/:id/edit',
    access: 'persons.manage',
    component: EditPersonPage,
    noReturn: 'form',
  },
  {
    name: 'deposit',
    path: '/transaction/deposit',
    access: 'transactions.operate',
    component: DepositPage,
    noReturn: 'form',
  },
  {
    name: 'withdraw',
    path: '/transaction/withdraw',
    access: 'transactions.operate',
    component: WithdrawPage,
    noReturn: 'form',
  },
  {
    name: 'transfer',
    path: '/transaction/transfer',
    access: 'transactions.operate',
    component: TransferPage,
    noReturn: 'form',
  },
  {
    name: 'create-transfer',
    path: '/transaction/external-transfer/create',
    access: 'transactions.operate',
    component: ExternalTransferPage,
    noReturn: 'form',
  },
  {
    name: 'receive-transfer',
    path: '/transaction/external-transfer/receive',
    access: 'transactions.operate',
    component: ReceiveTransferPage,
    noReturn: 'form',
  },
  {
    name: 'history',
    path: '/transaction/history',
    access: 'transactions.history',
    component: HistoryPage,
  },
  {
    name: 'deposit-agent',
    path: '/transaction/deposit-agent',
    access: 'agents.deposit',
    component: AgentDepositPage,
    noReturn: 'form',
  },
  {
    name: 'agents',
    path: '/agents',
    access: 'agents.read',
    component: AgentsPage,
  },
  {
    name: 'agent',
    path: '/agents/:code',
    access: 'agents.read',
    component: AgentDetailsPage,
  },
  {
    name: 'create-agent',
    path: '/create-agent',
    access: 'agents.manage',
    component: CreateAgentPage,
    noReturn: 'form',
  },
  {
    name: 'users',
    path: '/users',
    access: 'users.read',
    component: UsersPage,
  },
  {
    name: 'user',
    path: '/users/:username',
    access: 'users.read',
    component: UserDetailsPage,
  },
  {
    name: 'administrators',
    path: '/administrators',
    access: 'admins.manage',
    component: AdministratorsPage,
  },
  {
    name: 'create-user',
    path: '/create-user',
    access: 'users.create',
    component: CreateUserPage,
    noReturn: 'form',
  },
  { name: 'audit', path: '/audit', access: 'audit.read', component: AuditPage },
  // Issue 16's reports (decision 148).
  {
    name: 'reports-commissions',
    path: '/reports/commissions',
    access: 'reports.commissions',
    component: CommissionsPage,
  },
  {
    name: 'reports-network',
    path: '/reports/network',
    access: 'reports.network',
    component: NetworkReportsPage,
  },
  // Issue 43's declarations to UCREF (decision 228).
  {
    name: 'reports-declarations',
    path: '/reports/declarations',
    access: 'reports.declarations',
    component: DeclarationsPage,
  },
  {
    name: 'account-statement',
    path: '/reports/account-statement',
    access: 'reports.accountStatement',
    component: AccountStatementPage,
  },
  {
    name: 'float-statement',
    path: '/reports/float-statement',
    access: 'reports.floatStatement',
    component: FloatStatementPage,
  },
  {
    name: 'fees-list',
    path: '/fees-list',
    access: 'fees.read',
    component: FeesPage,
  },
  {
    name: 'limits',
    path: '/limits',
    access: 'limits.edit',
    component: LimitsPage,
    noReturn: 'irreversible',
  },
  // The SMS controls (issue 46, decision 242): a switch per kind, the failed deliveries.
  { name: 'sms', path: '/sms', access: 'sms.read', component: SmsPage },
  {
    name: 'drawer',
    path: '/drawer',
    access: 'drawer.operate',
    component: DrawerPage,
    noReturn: 'irreversible',
  },
  {
    name: 'drawers',
    path: '/drawers',
    access: 'drawer.supervise',
    component: DrawersAdminPage,
    noReturn: 'irreversible',
  },
  {
    name: 'transfers-to-refund',
    path: '/transfers-to-refund',
    access: 'transactions.cancel',
    component: TransfersToRefundPage,
  },
  {
    name: 'drawer-ticket',
    path: '/drawer/sessions/:id',
    access: 'drawer.read',
    component: DrawerTicketPage,
  },
  {
    name: 'corrections',
    path: '/corrections',
    access: 'corrections.read',
    component: CorrectionsPage,
    noReturn: 'irreversible',
  },
  {
    name: 'forbidden',
    path: '/403',
    title: msg`Accès interdit`,
    access: 'public',
    component: ForbiddenPage,
    noReturn: 'form',
  },
  {
    name: 'server-error',
    path: '/500',
    title: msg`Problème serveur`,
    access: 'public',
    component: ServerErrorPage,
    noReturn: 'form',
  },
  { name: 'not-found', path: '*', title: msg`Page non trouvée`, access: 'public', component: NotFoundPage },
] as const satisfies readonly AppRoute[];

export type RouteName = (typeof appRoutes)[number]['name'];

export function routeByName(name: RouteName): AppRoute {
  const route = appRoutes.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`Route inconnue : ${name}`);
  return route;
}

/** The path of a named route without parameters (`pathOf('deposit')` → `/transaction/deposit`). */
export function pathOf(name: RouteName): string {
  return routeByName(name).path;
}

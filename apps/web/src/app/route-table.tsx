import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { transactionTypeLabels, type Capability } from '@lajan/domain';

/**
 * Who may open a route:
 * - `guest`: signed-out visitors; a signed-in person is sent on (to / by default);
 * - `public`: anyone;
 * - `signed-in`: any signed-in person, outside the shell (the forced first password change);
 * - a capability of the `@lajan/domain` permission table: inside the shell, for those who have it.
 */
export type RouteAccess = 'guest' | 'public' | 'signed-in' | Capability;

export interface AppRoute {
  name: string;
  path: string;
  /** The page title (document title; the heading of screens still to come). */
  title: string;
  access: RouteAccess;
  component: LazyExoticComponent<ComponentType>;
}

// One chunk per screen, so that the sign-in page downloads only what it shows.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const FirstUpdatePasswordPage = lazy(() => import('../features/auth/FirstUpdatePasswordPage'));
const UpdatePasswordPage = lazy(() => import('../features/auth/UpdatePasswordPage'));
const RegisterPage = lazy(() => import('../features/register/RegisterPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const RegisterClientPage = lazy(() => import('../features/persons/RegisterClientPage'));
const PersonsPage = lazy(() => import('../features/persons/PersonsPage'));
const EditPersonPage = lazy(() => import('../features/persons/EditPersonPage'));
const CreateAccountPage = lazy(() => import('../features/accounts/CreateAccountPage'));
const AccountRequestsPage = lazy(() => import('../features/accounts/AccountRequestsPage'));
const ForbiddenPage = lazy(() => import('../features/errors/ForbiddenPage'));
const ServerErrorPage = lazy(() => import('../features/errors/ServerErrorPage'));
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));
const AgentsPage = lazy(() => import('../features/agents/AgentsPage'));
const AgentDetailsPage = lazy(() => import('../features/agents/AgentDetailsPage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const AdministratorsPage = lazy(() => import('../features/users/AdministratorsPage'));
const UserDetailsPage = lazy(() => import('../features/users/UserDetailsPage'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage'));
const AuditPage = lazy(() => import('../features/audit/AuditPage'));
const CreateAgentPage = lazy(() => import('../features/agents/CreateAgentPage'));
const CreateUserPage = lazy(() => import('../features/users/CreateUserPage'));
const DepositPage = lazy(() => import('../features/transactions/DepositPage'));
const WithdrawPage = lazy(() => import('../features/transactions/WithdrawPage'));
const TransferPage = lazy(() => import('../features/transactions/TransferPage'));
const ExternalTransferPage = lazy(() => import('../features/transactions/ExternalTransferPage'));
const ReceiveTransferPage = lazy(() => import('../features/transactions/ReceiveTransferPage'));
const HistoryPage = lazy(() => import('../features/transactions/HistoryPage'));
const AgentDepositPage = lazy(() => import('../features/transactions/AgentDepositPage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const FeesPage = lazy(() => import('../features/fees/FeesPage'));
const CommissionsPage = lazy(() => import('../features/reports/CommissionsPage'));
const NetworkReportsPage = lazy(() => import('../features/reports/NetworkReportsPage'));
const AccountStatementPage = lazy(() => import('../features/reports/AccountStatementPage'));
const DrawerPage = lazy(() => import('../features/drawer/DrawerPage'));
const DrawersAdminPage = lazy(() => import('../features/drawer/DrawersAdminPage'));
const DrawerTicketPage = lazy(() => import('../features/drawer/DrawerTicketPage'));

/** The named routes of SPEC §2, with the paths of docs/contract-foundation.md. The one table. */
export const appRoutes = [
  { name: 'login', path: '/login', title: 'Connexion', access: 'guest', component: LoginPage },
  {
    name: 'register',
    path: '/register',
    title: 'Ouvrir un compte',
    access: 'public',
    component: RegisterPage,
  },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    title: 'Mot de passe oublié',
    access: 'guest',
    component: ForgotPasswordPage,
  },
  {
    name: 'reset-password',
    path: '/reset-password/:token',
    title: 'Réinitialiser le mot de passe',
    access: 'guest',
    component: ResetPasswordPage,
  },
  {
    name: 'first-update-password',
    path: '/first-update-password',
    title: 'Choisissez votre mot de passe',
    access: 'signed-in',
    component: FirstUpdatePasswordPage,
  },
  {
    name: 'update-password',
    path: '/update-password',
    title: 'Changer le mot de passe',
    access: 'password.update',
    component: UpdatePasswordPage,
  },
  {
    name: 'dashboard',
    path: '/',
    title: 'Tableau de Bord',
    access: 'dashboard.view',
    component: DashboardPage,
  },
  { name: 'profile', path: '/profile', title: 'Mon Profil', access: 'profile.view', component: ProfilePage },
  { name: 'account', path: '/account', title: 'Mon Compte', access: 'account.self', component: AccountPage },
  { name: 'setting', path: '/setting', title: 'Mon Compte', access: 'account.self', component: AccountPage },
  {
    name: 'create-account',
    path: '/create-account',
    title: 'Créer un compte',
    access: 'accounts.manage',
    component: CreateAccountPage,
  },
  {
    name: 'account-requests',
    path: '/account-requests',
    title: "Demandes d'ouverture",
    access: 'accounts.manage',
    component: AccountRequestsPage,
  },
  {
    name: 'person',
    path: '/person',
    title: 'Enregistrer Client',
    access: 'persons.manage',
    component: RegisterClientPage,
  },
  {
    name: 'persons',
    path: '/persons',
    title: 'Personnes',
    access: 'persons.manage',
    component: PersonsPage,
  },
  {
    name: 'edit-person',
    path: '/persons/:id/edit',
    title: 'Modifier la personne',
    access: 'persons.manage',
    component: EditPersonPage,
  },
  {
    name: 'deposit',
    path: '/transaction/deposit',
    title: transactionTypeLabels.deposit,
    access: 'transactions.operate',
    component: DepositPage,
  },
  {
    name: 'withdraw',
    path: '/transaction/withdraw',
    title: transactionTypeLabels.withdrawal,
    access: 'transactions.operate',
    component: WithdrawPage,
  },
  {
    name: 'transfer',
    path: '/transaction/transfer',
    title: transactionTypeLabels.transfer,
    access: 'transactions.operate',
    component: TransferPage,
  },
  {
    name: 'create-transfer',
    path: '/transaction/external-transfer/create',
    title: 'Effectuer un transfert externe',
    access: 'transactions.operate',
    component: ExternalTransferPage,
  },
  {
    name: 'receive-transfer',
    path: '/transaction/external-transfer/receive',
    title: 'Recevoir un transfert externe',
    access: 'transactions.operate',
    component: ReceiveTransferPage,
  },
  {
    name: 'history',
    path: '/transaction/history',
    title: 'Historique',
    access: 'transactions.history',
    component: HistoryPage,
  },
  {
    name: 'deposit-agent',
    path: '/transaction/deposit-agent',
    title: transactionTypeLabels.agent_deposit,
    access: 'agents.deposit',
    component: AgentDepositPage,
  },
  {
    name: 'agents',
    path: '/agents',
    title: 'Liste des agents',
    access: 'agents.read',
    component: AgentsPage,
  },
  {
    name: 'agent',
    path: '/agents/:code',
    title: "Détails de l'agent",
    access: 'agents.read',
    component: AgentDetailsPage,
  },
  {
    name: 'create-agent',
    path: '/create-agent',
    title: 'Créer un agent',
    access: 'agents.manage',
    component: CreateAgentPage,
  },
  {
    name: 'users',
    path: '/users',
    title: 'Liste des utilisateurs',
    access: 'users.read',
    component: UsersPage,
  },
  {
    name: 'user',
    path: '/users/:username',
    title: "Détails de l'utilisateur",
    access: 'users.read',
    component: UserDetailsPage,
  },
  {
    name: 'administrators',
    path: '/administrators',
    title: 'Liste des administrateurs',
    access: 'admins.manage',
    component: AdministratorsPage,
  },
  {
    name: 'create-user',
    path: '/create-user',
    title: 'Créer un utilisateur',
    access: 'users.create',
    component: CreateUserPage,
  },
  { name: 'audit', path: '/audit', title: "Journal d'audit", access: 'audit.read', component: AuditPage },
  // Issue 16's reports (decision 148).
  {
    name: 'reports-commissions',
    path: '/reports/commissions',
    title: 'Relevé de commissions',
    access: 'reports.commissions',
    component: CommissionsPage,
  },
  {
    name: 'reports-network',
    path: '/reports/network',
    title: 'Rapports du réseau',
    access: 'reports.network',
    component: NetworkReportsPage,
  },
  {
    name: 'account-statement',
    path: '/reports/account-statement',
    title: 'Relevé de compte',
    access: 'reports.accountStatement',
    component: AccountStatementPage,
  },
  {
    name: 'fees-list',
    path: '/fees-list',
    title: 'Tableau des frais',
    access: 'fees.read',
    component: FeesPage,
  },
  { name: 'drawer', path: '/drawer', title: 'Ma caisse', access: 'drawer.operate', component: DrawerPage },
  {
    name: 'drawers',
    path: '/drawers',
    title: 'Caisses des caissiers',
    access: 'drawer.supervise',
    component: DrawersAdminPage,
  },
  {
    name: 'drawer-ticket',
    path: '/drawer/sessions/:id',
    title: 'Ticket de caisse',
    access: 'drawer.read',
    component: DrawerTicketPage,
  },
  { name: 'forbidden', path: '/403', title: 'Accès interdit', access: 'public', component: ForbiddenPage },
  {
    name: 'server-error',
    path: '/500',
    title: 'Problème serveur',
    access: 'public',
    component: ServerErrorPage,
  },
  { name: 'not-found', path: '*', title: 'Page non trouvée', access: 'public', component: NotFoundPage },
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

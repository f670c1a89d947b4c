import { matchPath } from 'react-router';
import { appRoutes, type RouteName } from './route-table';

/**
 * The screens that start as an empty form (wizards, registration, password changes) and the error
 * pages: a finished operation never goes back to one of them (decision 131), but to the dashboard.
 */
const formRoutes: readonly RouteName[] = [
  'first-update-password',
  'update-password',
  'create-account',
  'person',
  'edit-person',
  'deposit',
  'withdraw',
  'transfer',
  'create-transfer',
  'receive-transfer',
  'deposit-agent',
  'create-agent',
  'create-user',
  'forbidden',
  'server-error',
];

export function isFormPath(pathname: string): boolean {
  return appRoutes.some(
    (route) =>
      formRoutes.includes(route.name) && matchPath({ path: route.path, end: true }, pathname) !== null,
  );
}

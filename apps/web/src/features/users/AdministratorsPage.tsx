import { t } from '@lingui/core/macro';
import { UserList } from './UserList';

/** /administrators: the super administrator's list of `sudo` users (`GET /users?role=sudo`). */
export default function AdministratorsPage() {
  return (
    <UserList
      title={t`Liste des administrateurs`}
      fixedRole="sudo"
      createLink={{ label: t`Créer un administrateur`, to: '/create-user' }}
    />
  );
}

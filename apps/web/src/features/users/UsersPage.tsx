import { t } from '@lingui/core/macro';
import { can } from '@lajan/domain';
import { useSession } from '../../lib/session-context';
import { UserList } from './UserList';

/** /users: an administrator's (or anyone's) view of its agent's users; all users for the super administrator. */
export default function UsersPage() {
  const { user } = useSession();
  return (
    <UserList
      title={t`Liste des utilisateurs`}
      createLink={can(user, 'agentUsers.manage') ? { label: t`Créer un utilisateur`, to: '/create-user' } : undefined}
    />
  );
}

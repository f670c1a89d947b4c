import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { can, displayName, roleLabels, roleSchema, userMessages, type Role, type User } from '@lajan/domain';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { ListHeader, ListSearchForm, listFilterClasses } from '../../components/paged-table/ListControls';
import { PagedTable } from '../../components/paged-table/PagedTable';
import { useListParams } from '../../components/paged-table/use-list-params';
import { tableClasses } from '../../components/responsive-table';
import { textLinkClasses } from '../../components/text-link';
import { useToasts } from '../../components/toasts/toast-context';
import { useSession } from '../../lib/session-context';
import { useDeleteUserMutation } from './api/delete-user';
import { USERS_PER_PAGE, useUsersQuery } from './api/get-users';
import { UserStatusBadge } from './UserStatusBadge';

interface UserListProps {
  title: string;
  /** The administrators list shows `sudo` users only, without the role filter. */
  fixedRole?: Role;
  createLink?: { label: string; to: string };
}

/** An e-mail that may wrap before its "@" rather than anywhere in a narrow column. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** What deleting a user does, said before it is confirmed. */
function DeleteWarning({ username, name }: { username: string; name: string }) {
  return (
    <p>
      <Trans>
        Le compte de <strong>{username}</strong> ({name}) sera désactivé : il ne pourra plus se connecter et
        ses sessions en cours seront fermées.
      </Trans>
    </p>
  );
}

/** The users of the signed-in person's reach, filtered by role and search, paged, with deletion. */
export function UserList({ title, fixedRole, createLink }: UserListProps) {
  const { user: me } = useSession();
  const toasts = useToasts();
  const { searchParams, page, q, go: goList } = useListParams();
  const roleParam = roleSchema.safeParse(searchParams.get('role'));
  const role = fixedRole ?? (roleParam.success ? roleParam.data : undefined);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const roleId = useId();
  const query = useUsersQuery({ page, q, role });
  const deletion = useDeleteUserMutation();

  // The super administrator sees every role; an agent's people see their agent's two.
  const roleChoices: Role[] = can(me, 'admins.manage')
    ? ['sudo', 'agent_admin', 'user']
    : ['agent_admin', 'user'];
  const mayDelete = can(me, 'users.manage');

  function go(next: { page?: number; q?: string; role?: Role | '' }) {
    goList({ page: next.page, q: next.q, filters: { role: fixedRole ? undefined : (next.role ?? role) } });
  }

  async function confirmDelete(target: User) {
    try {
      await deletion.mutateAsync(target.username);
      toasts.success(userMessages.deleted);
      setToDelete(null);
    } catch {
      // The query client toasts the server's message or "Échec de la suppression de l'utilisateur".
    }
  }

  return (
    <div className="space-y-6">
      <ListHeader title={title} createLink={createLink} />

      <div className="flex flex-wrap items-end gap-3">
        <ListSearchForm
          key={q}
          label={t`Rechercher un utilisateur`}
          placeholder={t`Nom, nom d'utilisateur ou e-mail`}
          value={q}
          onSearch={(term) => go({ q: term, page: 1 })}
          className="min-w-0 flex-1 sm:max-w-md"
        />
        {!fixedRole && (
          <div className="w-full sm:w-56">
            <label htmlFor={roleId} className="text-sm font-medium text-slate-800">
              <Trans>Rôle</Trans>
            </label>
            <select
              id={roleId}
              value={role ?? ''}
              onChange={(event) => go({ role: event.target.value as Role | '', page: 1 })}
              className={listFilterClasses}
            >
              <option value="">{t`Tous les rôles`}</option>
              {roleChoices.map((choice) => (
                <option key={choice} value={choice}>
                  {roleLabels[choice]}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      <PagedTable
        query={query}
        page={page}
        perPage={USERS_PER_PAGE}
        onPageChange={(next) => go({ page: next })}
        caption={title}
        loadingLabel={t`Chargement des utilisateurs...`}
        errorTitle={t`La liste des utilisateurs n'a pas pu être chargée.`}
        emptyText={
          q ? t`Aucun utilisateur ne correspond à «\u00a0${q}\u00a0».` : t`Aucun utilisateur pour le moment.`
        }
        paginationLabel={t`Pages des utilisateurs`}
        columns={
          <>
            <th scope="col" className={tableClasses.th}>
              <Trans>Nom d'utilisateur</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Nom complet</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Email</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Rôle</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Agent</Trans>
            </th>
            <th scope="col" className={tableClasses.th}>
              <Trans>Statut</Trans>
            </th>
            {mayDelete && (
              <th scope="col" className={tableClasses.th}>
                <span className="sr-only">
                  <Trans>Actions</Trans>
                </span>
              </th>
            )}
          </>
        }
        renderRow={(row) => {
          const own = row.id === me?.id;
          const username = row.username;
          return (
            <tr key={row.id} className={tableClasses.row}>
              <td
                data-label={t`Nom d'utilisateur`}
                className={`${tableClasses.td} whitespace-nowrap cards:whitespace-normal`}
              >
                <Link to={`/users/${encodeURIComponent(row.username)}`} className={textLinkClasses}>
                  {row.username}
                </Link>
                {own && <span className="ml-2 text-xs text-slate-600">{t`(vous)`}</span>}
              </td>
              <td data-label={t`Nom complet`} className={`${tableClasses.td} font-medium`}>
                {displayName(row)}
              </td>
              <td data-label={t`Email`} className={`${tableClasses.td} cards:break-all`}>
                <EmailText email={row.email} />
              </td>
              <td data-label={t`Rôle`} className={tableClasses.td}>
                {roleLabels[row.role]}
              </td>
              <td data-label={t`Agent`} className={tableClasses.td}>
                {row.agent ? `${row.agent.name} (${row.agent.code})` : '—'}
              </td>
              <td data-label={t`Statut`} className={tableClasses.td}>
                <UserStatusBadge user={row} />
              </td>
              {mayDelete && (
                <td className={`${tableClasses.td} cards:justify-end cards:before:content-none`}>
                  {/* No delete button on one's own row. */}
                  {!own && !row.deletedAt && (
                    <Button
                      variant="ghost"
                      className="text-red-800! hover:bg-red-50!"
                      onClick={() => setToDelete(row)}
                    >
                      <Trans>
                        Supprimer<span className="sr-only"> {username}</span>
                      </Trans>
                    </Button>
                  )}
                </td>
              )}
            </tr>
          );
        }}
      />

      {toDelete && (
        <ConfirmDialog
          title={t`Supprimer l'utilisateur ?`}
          confirmLabel={t`Supprimer`}
          pendingLabel={t`Suppression...`}
          variant="danger"
          pending={deletion.isPending}
          onConfirm={() => void confirmDelete(toDelete)}
          onCancel={() => setToDelete(null)}
        >
          <DeleteWarning username={toDelete.username} name={displayName(toDelete)} />
        </ConfirmDialog>
      )}
    </div>
  );
}

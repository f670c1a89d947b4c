import { userStatusLabels, userStatusOf, type User, type UserStatus } from '@lajan/domain';

const colours: Record<UserStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  awaiting: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  disabled: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

/** Disabled (deleted), awaiting its first password change, or active. */
export function UserStatusBadge({ user }: { user: Pick<User, 'deletedAt' | 'passwordUpdatedAt'> }) {
  const status = userStatusOf(user);
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${colours[status]}`}
    >
      {userStatusLabels[status]}
    </span>
  );
}

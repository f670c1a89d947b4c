import type { User } from '@lajan/domain';

type UserStatus = 'active' | 'awaiting' | 'disabled';

const statuses: Record<UserStatus, { label: string; colour: string }> = {
  active: { label: 'Actif', colour: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30' },
  awaiting: { label: 'En attente d’activation', colour: 'bg-amber-50 text-amber-900 ring-amber-600/40' },
  disabled: { label: 'Désactivé', colour: 'bg-slate-100 text-slate-700 ring-slate-500/30' },
};

/** Disabled (deleted), awaiting its first password change, or active. */
export function userStatusOf(user: Pick<User, 'deletedAt' | 'passwordUpdatedAt'>): UserStatus {
  if (user.deletedAt) return 'disabled';
  if (!user.passwordUpdatedAt) return 'awaiting';
  return 'active';
}

export function UserStatusBadge({ user }: { user: Pick<User, 'deletedAt' | 'passwordUpdatedAt'> }) {
  const status = statuses[userStatusOf(user)];
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${status.colour}`}
    >
      {status.label}
    </span>
  );
}

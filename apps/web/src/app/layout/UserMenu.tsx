import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { can, displayName, roleLabels, type SessionUser } from '@lajan/domain';
import { HeldAtSignOutDialog } from '../../components/pending/lazy-pending';
import { useLogout } from '../../features/auth/api/logout';
import { usePendingOperations } from '../../lib/pending-context';
import { userMenuLinks } from './nav';

function initials(user: SessionUser) {
  return (
    `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() ||
    user.username.charAt(0).toUpperCase()
  );
}

const itemClasses =
  'flex w-full min-h-11 items-center px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-700';

/**
 * The user menu of the top bar: full name, e-mail, Tableau de Bord, Mon Profil, Compte
 * (not for the super administrator) and Se déconnecter (SPEC's "Deconecter", decision 134). A menu button: arrows move, Escape closes.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const logoutMutation = useLogout();
  const held = usePendingOperations();
  const [askingAboutHeld, setAskingAboutHeld] = useState(false);
  // The first name capitalised (each part of a compound one), the last name in capitals.
  const fullName = displayName(user).trim() || user.username;
  const links = userMenuLinks.filter((item) => can(user, item.capability));

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    function onPointerDown(event: PointerEvent) {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  }

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Menu utilisateur"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex min-h-11 items-center gap-2 rounded-full py-1 pr-1 pl-1 text-left text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:pr-3"
      >
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-white text-sm font-bold text-blue-900"
        >
          {initials(user)}
        </span>
        <span aria-hidden="true" className="hidden leading-tight sm:block">
          <span className="block text-sm font-semibold">{fullName}</span>
          <span className="block text-xs text-blue-100">{roleLabels[user.role]}</span>
        </span>
      </button>

      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Menu utilisateur"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-72 max-w-[calc(100vw-1rem)] overflow-hidden rounded-lg border border-slate-200 bg-white py-1 text-slate-900 shadow-xl"
        >
          <div role="none" className="border-b border-slate-200 px-4 py-3">
            <p className="truncate text-sm font-semibold">{fullName}</p>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
          {links.map((item) => (
            <Link
              key={item.label}
              to={item.to}
              role="menuitem"
              tabIndex={-1}
              className={itemClasses}
              onClick={() => close(false)}
            >
              {item.label}
            </Link>
          ))}
          <div role="separator" className="my-1 border-t border-slate-200" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            disabled={logoutMutation.isPending}
            className={itemClasses}
            onClick={() => {
              close(false);
              if (held.length > 0) setAskingAboutHeld(true);
              else logoutMutation.mutate();
            }}
          >
            Se déconnecter
          </button>
        </div>
      )}
      {askingAboutHeld && (
        <HeldAtSignOutDialog
          onCancel={() => setAskingAboutHeld(false)}
          onSignOut={() => {
            setAskingAboutHeld(false);
            logoutMutation.mutate();
          }}
        />
      )}
    </div>
  );
}

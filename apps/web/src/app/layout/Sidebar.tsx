import { NavLink } from 'react-router';
import { translate, type SessionUser } from '@lajan/domain';
import { freshVisitState } from '../../lib/visit-key';
import { pathOf } from '../route-table';
import { visibleNavItems, type NavLinkItem } from './nav';
import { t } from '@lingui/core/macro';

interface SidebarProps {
  user: SessionUser;
  /** Called when a link is followed (the phone drawer closes then). */
  onNavigate?: () => void;
}

function ItemLink({
  item,
  nested,
  onNavigate,
}: {
  item: NavLinkItem;
  nested?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <NavLink
      to={pathOf(item.route)}
      // Its page afresh, even the one on view (decision 211).
      state={freshVisitState}
      end
      onClick={onNavigate}
      className={({ isActive }) =>
        `flex min-h-10 items-center rounded-md px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-blue-700 ${
          nested ? 'pl-6' : ''
        } ${
          isActive
            ? 'bg-blue-50 font-semibold text-blue-900 shadow-[inset_3px_0_0_var(--color-blue-800)]'
            : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
        }`
      }
    >
      {translate(item.label)}
    </NavLink>
  );
}

/** SPEC §2's sidebar: the items this person's capabilities allow, in the spec's order. */
export function Sidebar({ user, onNavigate }: SidebarProps) {
  const items = visibleNavItems(user);
  return (
    <nav aria-label={t`Menu principal`} className="p-3">
      <ul className="space-y-0.5">
        {items.map((item) =>
          item.kind === 'link' ? (
            <li key={item.route}>
              <ItemLink item={item} onNavigate={onNavigate} />
            </li>
          ) : (
            <li key={item.capability} className="pt-1">
              <p
                id={`nav-group-${item.capability.replace('.', '-')}`}
                className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
              >
                {translate(item.label)}
              </p>
              <ul aria-labelledby={`nav-group-${item.capability.replace('.', '-')}`} className="space-y-0.5">
                {item.children.map((child) => (
                  <li key={child.route}>
                    <ItemLink item={child} nested onNavigate={onNavigate} />
                  </li>
                ))}
              </ul>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

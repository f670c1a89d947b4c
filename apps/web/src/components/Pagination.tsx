import { useRef } from 'react';
import { Button } from './Button';
import { t } from '@lingui/core/macro';

interface PaginationProps {
  /** The page shown, from 1. */
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the navigation for assistive technology when a screen has more than one list. */
  label?: string;
  /** True while the next page loads: the buttons wait, the summary stays. */
  busy?: boolean;
  /** The server's 1-based positions of the rows shown (SPEC §3 firstItem, lastItem), when it gives them. */
  firstItem?: number;
  lastItem?: number;
}

/** "11 – 20 sur 42" and the previous / next buttons of a paged list. */
export function Pagination({
  page,
  perPage,
  total,
  onPageChange,
  label = t`Pagination`,
  busy = false,
  firstItem,
  lastItem,
}: PaginationProps) {
  const nav = useRef<HTMLElement>(null);
  if (total <= 0) return null;
  // At the foot of a long list on a phone, the list's top (its waiting text, then the new page's first rows)
  // is out of sight, above the window or under the sticky top bar: it is brought back into view, below the
  // bar (the page's `scroll-padding-top`, index.css).
  const go = (next: number) => {
    onPageChange(next);
    const list = nav.current?.parentElement;
    const hiddenAbove = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (list && list.getBoundingClientRect().top < hiddenAbove) list.scrollIntoView?.({ block: 'start' });
  };
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const first = firstItem ?? Math.min((page - 1) * perPage + 1, total);
  const last = lastItem ?? Math.min(page * perPage, total);
  return (
    <nav ref={nav} aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {t`${first} – ${last} sur ${total}`}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={busy || page <= 1} onClick={() => go(page - 1)}>
          {t`Précédent`}
        </Button>
        <Button variant="secondary" disabled={busy || page >= lastPage} onClick={() => go(page + 1)}>
          {t`Suivant`}
        </Button>
      </div>
    </nav>
  );
}

import type { ReactNode } from 'react';
import { tableClasses } from './responsive-table';

interface TableFrameProps {
  children: ReactNode;
  /** The history's seven columns: cards below a 56rem frame, not 48rem (its narrowest table is 867 px). */
  wide?: boolean;
  busy?: boolean;
  /**
   * For a table that may still scroll sideways at full width: the box becomes a named region a keyboard can
   * focus and scroll (WCAG 2.1.1; axe's scrollable-region-focusable).
   */
  scrollLabel?: string;
}

/**
 * The frame of a responsive table (decision 187): a size container whose width decides, with the window's,
 * whether the table is shown as cards (`cards:`, index.css), and the box that scrolls a table still too wide.
 */
export function TableFrame({ children, wide = false, busy = false, scrollLabel }: TableFrameProps) {
  const scrollable = scrollLabel
    ? ({ role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } as const)
    : undefined;
  return (
    <div className={wide ? '@container table-fits-56rem' : '@container table-fits-48rem'}>
      <div
        className={`${tableClasses.box}${scrollable ? ' focus-visible:outline-2 focus-visible:outline-blue-700' : ''}`}
        aria-busy={busy || undefined}
        {...scrollable}
      >
        {children}
      </div>
    </div>
  );
}

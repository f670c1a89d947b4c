import type { ReactNode } from 'react';
import { tableClasses } from './responsive-table';

interface TableFrameProps {
  children: ReactNode;
  /** The history's seven columns: cards below a 56rem frame, not 48rem (its narrowest table is 867 px). */
  wide?: boolean;
  busy?: boolean;
}

/**
 * The frame of a responsive table (decision 187): a size container whose width decides, with the window's,
 * whether the table is shown as cards (`cards:`, index.css), and the box that scrolls a table still too wide.
 */
export function TableFrame({ children, wide = false, busy = false }: TableFrameProps) {
  return (
    <div className={wide ? '@container table-fits-56rem' : '@container table-fits-48rem'}>
      <div className={tableClasses.box} aria-busy={busy || undefined}>
        {children}
      </div>
    </div>
  );
}

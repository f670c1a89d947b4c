import { useEffect, useRef } from 'react';

/**
 * Beside a money wizard's Enregistrer (decision 210): where the link is while the confirmation waits on it,
 * and what to do with the cash of that operation. The live region is always there, empty when there is
 * nothing to say, so that what comes into it is announced; taken out of the layout while empty.
 */
export function LinkWaitStatus({
  title,
  cash,
  hint,
}: {
  title: string | null;
  cash: string | null;
  hint: string | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The words come beside the button the finger is on; on a phone, that may be the screen's bottom edge.
  useEffect(() => {
    if (title) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [title]);
  return (
    <div
      ref={ref}
      role="status"
      data-testid="link-wait"
      className={
        title
          ? 'rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:order-first sm:max-w-md'
          : 'sr-only'
      }
    >
      {title && (
        <>
          <p className="font-semibold">{title}</p>
          {cash && <p className="mt-1 font-semibold">{cash}</p>}
          {hint && <p className="mt-1">{hint}</p>}
        </>
      )}
    </div>
  );
}

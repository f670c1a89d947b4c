/**
 * A table that becomes stacked cards wherever its frame, not only the window, is narrower than it needs: the
 * receipt panel narrows the page's column to a phone's on a laptop (decision 187). Give every `<td>` a
 * `data-label`.
 */
export const tableClasses = {
  box: 'overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm cards:overflow-visible cards:border-0 cards:bg-transparent cards:shadow-none',
  table: 'w-full text-left text-sm cards:block',
  head: 'border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase cards:hidden',
  th: 'px-3 py-3 whitespace-nowrap',
  body: 'divide-y divide-slate-100 cards:block cards:space-y-3 cards:divide-y-0',
  row: 'align-top cards:block cards:rounded-xl cards:border cards:border-slate-200 cards:bg-white cards:p-3 cards:shadow-sm',
  td: 'px-3 py-3 text-slate-800 cards:flex cards:items-baseline cards:justify-between cards:gap-4 cards:px-0 cards:py-1 cards:text-right cards:before:shrink-0 cards:before:text-left cards:before:font-medium cards:before:text-slate-500 cards:before:content-[attr(data-label)]',
} as const;

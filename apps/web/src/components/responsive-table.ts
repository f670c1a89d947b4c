/**
 * A table that becomes stacked cards (the `cards:` variant, index.css) on a phone, and wherever its frame
 * (`TableFrame`) is narrower than its table needs: the header row is hidden and each cell shows its column's
 * name from `data-label` (give every `<td>` one). Wider, it is an ordinary table. The frame's width, not only
 * the window's (decision 187): the receipt panel, open beside the page on a laptop, narrows the page's column
 * to a phone's, where a table of seven columns scrolled sideways with its date out of sight. The box scrolls
 * sideways if a wide table still does not fit.
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

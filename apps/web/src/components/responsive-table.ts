/**
 * A table that becomes stacked cards where the page's column is narrower than 56rem (896 px): the header
 * row is hidden and each cell shows its column's name from `data-label` (give every `<td>` one). Wider, it is
 * an ordinary table. The column, not the window (a container query on the shell's `<main>`): the receipt
 * panel, open beside the page, narrows it to a phone's width on a laptop, where a table of seven columns
 * scrolled sideways with its date out of sight. The box scrolls sideways if a wide table still does not fit.
 */
export const tableClasses = {
  box: 'overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm @max-4xl:overflow-visible @max-4xl:border-0 @max-4xl:bg-transparent @max-4xl:shadow-none',
  table: 'w-full text-left text-sm @max-4xl:block',
  head: 'border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase @max-4xl:hidden',
  th: 'px-3 py-3 whitespace-nowrap',
  body: 'divide-y divide-slate-100 @max-4xl:block @max-4xl:space-y-3 @max-4xl:divide-y-0',
  row: 'align-top @max-4xl:block @max-4xl:rounded-xl @max-4xl:border @max-4xl:border-slate-200 @max-4xl:bg-white @max-4xl:p-3 @max-4xl:shadow-sm',
  td: 'px-3 py-3 text-slate-800 @max-4xl:flex @max-4xl:items-baseline @max-4xl:justify-between @max-4xl:gap-4 @max-4xl:px-0 @max-4xl:py-1 @max-4xl:text-right @max-4xl:before:shrink-0 @max-4xl:before:text-left @max-4xl:before:font-medium @max-4xl:before:text-slate-500 @max-4xl:before:content-[attr(data-label)]',
} as const;

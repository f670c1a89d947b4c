/**
 * A table that becomes stacked cards below 768 px: the header row is hidden and each cell shows its
 * column's name from `data-label` (give every `<td>` one). Above 768 px it is an ordinary table.
 * The box scrolls sideways if a wide table still does not fit.
 */
export const tableClasses = {
  box: 'overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm max-md:overflow-visible max-md:border-0 max-md:bg-transparent max-md:shadow-none',
  table: 'w-full text-left text-sm max-md:block',
  head: 'border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase max-md:hidden',
  th: 'px-4 py-3 whitespace-nowrap',
  body: 'divide-y divide-slate-100 max-md:block max-md:space-y-3 max-md:divide-y-0',
  row: 'align-top max-md:block max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-3 max-md:shadow-sm',
  td: 'px-4 py-3 text-slate-800 max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:font-medium max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]',
} as const;

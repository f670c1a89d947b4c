import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { ListPage } from '@lajan/domain';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { PageLoading } from '../PageLoading';
import { FetchedAt } from '../pending/FetchedAt';
import { Pagination } from '../Pagination';
import { tableClasses } from '../responsive-table';
import { TableFrame } from '../TableFrame';

/** What the table reads of a TanStack query of one page (kept on screen while the next one loads). */
export interface PagedQuery<Row> {
  data?: ListPage<Row>;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  /** When the page on screen was fetched: said while offline (decision 151). */
  dataUpdatedAt: number;
  refetch: () => unknown;
}

interface PagedTableProps<Row> {
  query: PagedQuery<Row>;
  /** The page asked for, and the page size, until the server's answer gives them. */
  page: number;
  perPage: number;
  onPageChange: (page: number) => void;
  /** Read by assistive technology as the table's caption. */
  caption: string;
  /** The status line while the first page loads. */
  loadingLabel: string;
  /** The alert's title when the list could not be loaded (with a "Réessayer" button). */
  errorTitle: string;
  /** The text in place of an empty table. */
  emptyText: string;
  /** Names the pagination's navigation. */
  paginationLabel: string;
  /** The header cells (`<th scope="col">`). */
  columns: ReactNode;
  /** One `<tr>` a row, its cells each with a `data-label` (see responsive-table). */
  renderRow: (row: Row) => ReactNode;
}

/**
 * A server-paged list as a responsive table: the loading status, the error with "Réessayer", the
 * empty state, then the table and its previous / next pagination.
 */
export function PagedTable<Row>({
  query,
  page,
  perPage,
  onPageChange,
  caption,
  loadingLabel,
  errorTitle,
  emptyText,
  paginationLabel,
  columns,
  renderRow,
}: PagedTableProps<Row>) {
  const rows = query.data?.data ?? [];

  if (query.isPending) return <PageLoading label={loadingLabel} />;
  const failed = (
    <Alert type="danger" title={errorTitle}>
      <Button variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
        {t`Réessayer`}
      </Button>
    </Alert>
  );
  // A failed refetch keeps the rows it had (TanStack Query keeps `data`): they stay, and offline say when
  // they were fetched (decision 151); a refusal is toasted by the query client.
  if (query.isError && !query.data) return failed;
  const stale = <FetchedAt updatedAt={query.dataUpdatedAt} />;
  if (rows.length === 0) {
    return (
      <div className="space-y-4">
        {stale}
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {emptyText}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4" aria-busy={query.isFetching || undefined}>
      {stale}
      <TableFrame>
        <table className={tableClasses.table}>
          <caption className="sr-only">{caption}</caption>
          <thead className={tableClasses.head}>
            <tr>{columns}</tr>
          </thead>
          <tbody className={tableClasses.body}>{rows.map(renderRow)}</tbody>
        </table>
      </TableFrame>
      <Pagination
        page={query.data?.meta.page ?? page}
        perPage={query.data?.meta.per_page ?? perPage}
        total={query.data?.meta.total ?? 0}
        busy={query.isPlaceholderData}
        onPageChange={onPageChange}
        label={paginationLabel}
      />
    </div>
  );
}

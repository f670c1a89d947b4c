import { useState } from 'react';
import { formatDateTimeFr, formatHtg, transactionTypeLabels } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Pagination } from '../../components/Pagination';
import { useSelectForReprint } from '../../components/receipt/use-select-for-reprint';
import { tableClasses } from '../../components/responsive-table';
import { errorMessage } from '../../lib/http';
import { useHistory } from './api/history';
import { TransactionStatusBadge } from './components/TransactionStatusBadge';

const PER_PAGE = 10;

/**
 * /transaction/history (SPEC §2 "History table"), the first cut: newest first, ten a page, and a
 * "Réimprimer" button on each row that opens its receipt in the panel. The type filter and the search
 * of SPEC come with issue 6.
 */
export default function HistoryPage() {
  const [page, setPage] = useState(1);
  const history = useHistory({ page, perPage: PER_PAGE });
  const { selectForReprint, isSelected } = useSelectForReprint();

  return (
    <section className="mx-auto w-full max-w-5xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Historique</h1>
      {history.isPending && (
        <p role="status" className="text-slate-600">
          Chargement des transactions...
        </p>
      )}
      {history.isError && <Alert type="danger">{errorMessage(history.error, 'Search failed')}</Alert>}
      {history.data && history.data.data.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">Aucune transaction pour le moment.</p>
      )}
      {history.data && history.data.data.length > 0 && (
        <>
          <div className={tableClasses.box}>
            <table className={tableClasses.table}>
              <caption className="sr-only">Transactions, les plus récentes d&apos;abord</caption>
              <thead className={tableClasses.head}>
                <tr>
                  <th scope="col" className={tableClasses.th}>Numero</th>
                  <th scope="col" className={tableClasses.th}>Type</th>
                  <th scope="col" className={`${tableClasses.th} text-right`}>Montant</th>
                  <th scope="col" className={tableClasses.th}>Status</th>
                  <th scope="col" className={tableClasses.th}>Creer par</th>
                  <th scope="col" className={tableClasses.th}>Date</th>
                  <th scope="col" className={tableClasses.th}>
                    <span className="sr-only">Reçu</span>
                  </th>
                </tr>
              </thead>
              <tbody className={tableClasses.body}>
                {history.data.data.map((transaction) => (
                  <tr key={transaction.transactionNumber} className={tableClasses.row} aria-selected={isSelected(transaction) || undefined}>
                    <td data-label="Numero" className={`${tableClasses.td} font-mono`}>
                      {transaction.transactionNumber}
                    </td>
                    <td data-label="Type" className={tableClasses.td}>
                      {transactionTypeLabels[transaction.type] ?? transaction.type}
                    </td>
                    <td data-label="Montant" className={`${tableClasses.td} text-right whitespace-nowrap`}>
                      {formatHtg(transaction.amount)}
                    </td>
                    <td data-label="Status" className={tableClasses.td}>
                      <TransactionStatusBadge status={transaction.status} />
                    </td>
                    <td data-label="Creer par" className={tableClasses.td}>
                      {transaction.createBy.username}
                    </td>
                    <td data-label="Date" className={`${tableClasses.td} whitespace-nowrap`}>
                      {formatDateTimeFr(transaction.createdAt)}
                    </td>
                    <td data-label="Reçu" className={tableClasses.td}>
                      <Button
                        variant="secondary"
                        className="min-h-9 px-3 py-1"
                        aria-label={`Réimprimer le reçu ${transaction.transactionNumber}`}
                        onClick={() => selectForReprint(transaction)}
                      >
                        Réimprimer
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            perPage={PER_PAGE}
            total={history.data.pagination.total}
            onPageChange={setPage}
            busy={history.isFetching}
            label="Pages de l'historique"
          />
        </>
      )}
    </section>
  );
}

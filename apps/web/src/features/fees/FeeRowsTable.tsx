import { formatHtg, type FeeRow } from '@lajan/domain';
import { tableClasses } from '../../components/responsive-table';

/** The bands of one version, in HTG; on a phone each row becomes a card (`data-label`). */
export function FeeRowsTable({ rows, caption }: { rows: readonly FeeRow[]; caption: string }) {
  if (rows.length === 0)
    return (
      <p className="rounded-md border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
        Aucune tranche.
      </p>
    );
  return (
    <div className={tableClasses.box}>
      <table className={tableClasses.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={tableClasses.head}>
          <tr>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              Montant minimum
            </th>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              Montant maximum
            </th>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              Frais
            </th>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              Part de l&apos;agent
            </th>
          </tr>
        </thead>
        <tbody className={tableClasses.body}>
          {rows.map((row) => (
            <tr key={`${row.min_amount}-${row.max_amount}`} className={tableClasses.row}>
              <td data-label="Montant minimum" className={`${tableClasses.td} text-right whitespace-nowrap`}>
                {formatHtg(row.min_amount)}
              </td>
              <td data-label="Montant maximum" className={`${tableClasses.td} text-right whitespace-nowrap`}>
                {formatHtg(row.max_amount)}
              </td>
              <td data-label="Frais" className={`${tableClasses.td} text-right whitespace-nowrap`}>
                {formatHtg(row.fee)}
              </td>
              <td data-label="Part de l'agent" className={`${tableClasses.td} text-right whitespace-nowrap`}>
                {formatHtg(row.agent_share)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { formatHtg, type FeeRow } from '@lajan/domain';
import { tableClasses } from '../../components/responsive-table';
import { TableFrame } from '../../components/TableFrame';

/**
 * On a phone each band is a small card of two lines, two figures a line, with short labels: a schedule of
 * twelve bands and four types stayed 8 000 px tall as the stacked cards of `tableClasses` (one line a
 * figure, long labels). The column headers keep their full names for screen readers and wide screens.
 */
const phone = {
  row: `${tableClasses.row} cards:grid cards:grid-cols-2 cards:gap-x-4 cards:p-2`,
  td: `${tableClasses.td} cards:py-0.5 cards:text-xs`,
} as const;

/** The bands of one version, in HTG; on a phone each row becomes a compact card (`data-label`). */
export function FeeRowsTable({ rows, caption }: { rows: readonly FeeRow[]; caption: string }) {
  if (rows.length === 0)
    return (
      <p className="rounded-md border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
        <Trans>Aucune tranche.</Trans>
      </p>
    );
  return (
    <TableFrame>
      <table className={tableClasses.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={tableClasses.head}>
          <tr>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              <Trans>Montant minimum</Trans>
            </th>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              <Trans>Montant maximum</Trans>
            </th>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              <Trans>Frais</Trans>
            </th>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              <Trans>Part de l&apos;agent</Trans>
            </th>
          </tr>
        </thead>
        <tbody className={tableClasses.body}>
          {rows.map((row) => (
            <tr key={`${row.min_amount}-${row.max_amount}`} className={phone.row}>
              <td data-label={t`De`} className={`${phone.td} text-right whitespace-nowrap`}>
                {formatHtg(row.min_amount)}
              </td>
              <td data-label={t`À`} className={`${phone.td} text-right whitespace-nowrap`}>
                {formatHtg(row.max_amount)}
              </td>
              <td data-label={t`Frais`} className={`${phone.td} text-right whitespace-nowrap`}>
                {formatHtg(row.fee)}
              </td>
              <td data-label={t`Part agent`} className={`${phone.td} text-right whitespace-nowrap`}>
                {formatHtg(row.agent_share)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

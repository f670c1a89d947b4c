import {
  formatHtg,
  limitCategoryLabels,
  limitEditorTexts,
  limitPeriodLabels,
  type LimitValues,
} from '@lajan/domain';
import { tableClasses } from '../../components/responsive-table';
import { TableFrame } from '../../components/TableFrame';

/** A version's limits: one row per category, one column per period, in HTG (decision 227). */
export function LimitValuesTable({ values, caption }: { values: readonly LimitValues[]; caption: string }) {
  return (
    <TableFrame>
      <table className={tableClasses.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={tableClasses.head}>
          <tr>
            <th scope="col" className={tableClasses.th}>
              {limitEditorTexts.category}
            </th>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              {limitPeriodLabels.operation}
            </th>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              {limitPeriodLabels.day}
            </th>
            <th scope="col" className={`${tableClasses.th} text-right`}>
              {limitPeriodLabels.thirtyDays}
            </th>
          </tr>
        </thead>
        <tbody className={tableClasses.body}>
          {values.map((value) => (
            <tr key={value.category} className={tableClasses.row}>
              <th
                scope="row"
                data-label={limitEditorTexts.category}
                className={`${tableClasses.td} text-left font-medium`}
              >
                {limitCategoryLabels[value.category]}
              </th>
              <td
                data-label={limitPeriodLabels.operation}
                className={`${tableClasses.td} text-right whitespace-nowrap`}
              >
                {formatHtg(value.perOperation)}
              </td>
              <td
                data-label={limitPeriodLabels.day}
                className={`${tableClasses.td} text-right whitespace-nowrap`}
              >
                {formatHtg(value.perDay)}
              </td>
              <td
                data-label={limitPeriodLabels.thirtyDays}
                className={`${tableClasses.td} text-right whitespace-nowrap`}
              >
                {formatHtg(value.perThirtyDays)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

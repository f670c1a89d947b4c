import { t } from '@lingui/core/macro';
import {
  feeVersionStatusLabels,
  feeVersionTexts as texts,
  formatDateTime,
  type FeeType,
  type FeeVersionStatus,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { tableClasses } from '../../components/responsive-table';
import { TableFrame } from '../../components/TableFrame';
import { errorMessage } from '../../lib/http';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';
import { useFeeVersions } from './api/get-fee-versions';
import { haitiMoment } from './haiti-moment';

const statusClasses: Record<FeeVersionStatus, string> = {
  in_force: 'bg-green-100 text-green-900',
  coming: 'bg-amber-100 text-amber-950',
  past: 'bg-slate-100 text-slate-800',
  cancelled: 'bg-red-100 text-red-900',
};

/** Every version of one type (decision 150): number, from when, by whom, when made, where it stands. */
export function FeeVersionsList({ type, label, id }: { type: FeeType; label: string; id: string }) {
  const versions = useFeeVersions(type, true);
  const language = formatLanguage(currentLanguage());
  const numberText = (number: number) => t`n° ${number}`;
  return (
    <div id={id} className="space-y-2">
      {versions.isPending && (
        <p role="status" className="text-sm text-slate-600">
          {texts.versionsLoading}
        </p>
      )}
      {versions.isError && <Alert type="danger">{errorMessage(versions.error, texts.versionsFailed)}</Alert>}
      {versions.data && versions.data.length === 0 && (
        <p className="text-sm text-slate-600">{texts.versionsEmpty}</p>
      )}
      {versions.data && versions.data.length > 0 && (
        <TableFrame>
          <table className={tableClasses.table}>
            <caption className="sr-only">{texts.versionsCaption(label)}</caption>
            <thead className={tableClasses.head}>
              <tr>
                <th scope="col" className={tableClasses.th}>
                  {texts.columns.number}
                </th>
                <th scope="col" className={tableClasses.th}>
                  {texts.columns.from}
                </th>
                <th scope="col" className={tableClasses.th}>
                  {texts.columns.by}
                </th>
                <th scope="col" className={tableClasses.th}>
                  {texts.columns.at}
                </th>
                <th scope="col" className={tableClasses.th}>
                  {texts.columns.status}
                </th>
              </tr>
            </thead>
            <tbody className={tableClasses.body}>
              {versions.data.map((version) => (
                <tr key={version.number} className={tableClasses.row}>
                  <td data-label={texts.columns.number} className={tableClasses.td}>
                    {numberText(version.number)}
                  </td>
                  <td data-label={texts.columns.from} className={tableClasses.td}>
                    {haitiMoment(version.effectiveFrom) ?? texts.fromStart}
                  </td>
                  <td data-label={texts.columns.by} className={`${tableClasses.td} break-all`}>
                    {version.createdBy?.username ?? texts.bySystem}
                  </td>
                  <td data-label={texts.columns.at} className={`${tableClasses.td} whitespace-nowrap`}>
                    {formatDateTime(version.createdAt, language)}
                  </td>
                  <td data-label={texts.columns.status} className={tableClasses.td}>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusClasses[version.status]}`}
                    >
                      {feeVersionStatusLabels[version.status]}
                    </span>
                    {version.status === 'cancelled' && version.cancelledAt && (
                      <span className="ml-1 text-xs text-slate-700">
                        {texts.cancelledOn(formatDateTime(version.cancelledAt, language))}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </div>
  );
}

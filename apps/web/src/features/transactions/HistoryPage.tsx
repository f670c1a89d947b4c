import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { HistoryTable } from '../../components/history/HistoryTable';

/**
 * /transaction/history: newest first, ten a page, filtered by type and
 * searched through the server, exported to CSV, with a "Réimprimer" button on each row.
 */
export default function HistoryPage() {
  return (
    <section className="mx-auto w-full max-w-5xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">
        <Trans>Historique</Trans>
      </h1>
      <HistoryTable caption={t`Transactions, les plus récentes d'abord`} />
    </section>
  );
}

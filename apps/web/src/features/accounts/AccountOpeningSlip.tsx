import {
  accountSlipTexts,
  accountTypeLabels,
  displayName,
  documentLabel,
  formatDateTime,
  type Account,
} from '@lajan/domain';
import { currentLanguage } from '../../i18n/i18n';

/**
 * The account-opening slip (decision 133): what the customer takes home and the agent files, signed
 * by both. It carries `receipt-print`, so that it prints alone on the counter's 80 mm roll with the
 * transaction receipt's stylesheet (components/receipt/receipt.css).
 */
export function AccountOpeningSlip({ account, openedBy }: { account: Account; openedBy: string | null }) {
  const language = currentLanguage() === 'ht' ? 'ht' : 'fr';
  const holders = [...account.customers].sort((a, b) => Number(b.principal) - Number(a.principal));
  return (
    <article
      aria-label={accountSlipTexts.title}
      className="receipt-print rounded-md border border-slate-200 bg-white p-4 text-left text-sm text-slate-900 print:border-0 print:p-0"
    >
      <header className="border-b border-dashed border-slate-400 pb-2 text-center">
        <p className="text-base font-bold">Lajan</p>
        <h2 className="font-semibold">{accountSlipTexts.title}</h2>
      </header>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-slate-600">{accountSlipTexts.accountNumber}</dt>
        <dd className="font-mono font-semibold">{account.accountNumber}</dd>
        <dt className="text-slate-600">{accountSlipTexts.type}</dt>
        <dd>{accountTypeLabels[account.type]}</dd>
        <dt className="text-slate-600">{accountSlipTexts.currency}</dt>
        <dd>{account.currency}</dd>
        <dt className="text-slate-600">{accountSlipTexts.openedAt}</dt>
        <dd>
          <time dateTime={account.createdAt}>{formatDateTime(account.createdAt, language)}</time>
        </dd>
        {account.agent && (
          <>
            <dt className="text-slate-600">{accountSlipTexts.agent}</dt>
            <dd>
              {account.agent.name} ({account.agent.code})
            </dd>
          </>
        )}
        {openedBy && (
          <>
            <dt className="text-slate-600">{accountSlipTexts.openedBy}</dt>
            <dd>{openedBy}</dd>
          </>
        )}
      </dl>
      <section
        aria-label={accountSlipTexts.holders}
        className="mt-3 border-t border-dashed border-slate-400 pt-2"
      >
        <h3 className="font-semibold">{accountSlipTexts.holders}</h3>
        <ul className="mt-1 space-y-1">
          {holders.map((holder) => (
            <li key={holder.id}>
              <span className="font-medium">{displayName(holder)}</span>
              <span className="block text-xs text-slate-700">
                {holder.principal ? accountSlipTexts.principal : accountSlipTexts.secondary} ·{' '}
                {documentLabel(holder.idDocumentType)} {holder.idDocumentNumber}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-6 space-y-6 text-xs text-slate-700">
        <p className="border-t border-slate-500 pt-1">{accountSlipTexts.holderSignature}</p>
        <p className="border-t border-slate-500 pt-1">{accountSlipTexts.agentSignature}</p>
      </div>
    </article>
  );
}

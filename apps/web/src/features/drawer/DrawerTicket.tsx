import { useRef } from 'react';
import {
  closeAcknowledgementText,
  drawerDifferenceKind,
  drawerDifferenceText,
  openingAcknowledgementText,
  roundingExplanation,
  cashFeesOf,
  centimesToHtg,
  htgToCentimes,
  drawerDenominations,
  drawerMovementKinds,
  drawerTexts,
  formatDateTime,
  formatHtg,
  translate,
  type DrawerTicket as Ticket,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { printReceipt } from '../../components/receipt/ReceiptPanel';
import '../../components/receipt/receipt.css';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';
import { useVerifyDrawer } from './api/drawer';

function Counts({ title, counts }: { title: string; counts: Record<string, number> }) {
  const lines = drawerDenominations.filter((d) => (counts[d.key] ?? 0) > 0);
  return (
    <div>
      <p className="font-semibold">{title}</p>
      <table className="w-full text-xs">
        <tbody>
          {lines.map((d) => (
            <tr key={d.key}>
              <td>{translate(d.label)}</td>
              <td className="text-right">× {counts[d.key]}</td>
              <td className="text-right">{formatHtg(((counts[d.key] ?? 0) * d.centimes) / 100)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A closed session's ticket (80 mm, printable like the receipt), with "Imprimer" and "Vérifier". */
export function DrawerTicket({ ticket }: { ticket: Ticket }) {
  const printable = useRef<HTMLDivElement>(null);
  const verify = useVerifyDrawer(ticket.id);
  const language = formatLanguage(currentLanguage());
  const cashFees = cashFeesOf(ticket.totals);
  const accountFees = centimesToHtg(htgToCentimes(ticket.fees) - htgToCentimes(cashFees));
  return (
    <section aria-labelledby={`ticket-${ticket.id}`} className="space-y-3">
      <div
        ref={printable}
        className="receipt-print max-w-sm space-y-2 rounded-md border border-slate-200 p-3 text-sm"
      >
        <h2 id={`ticket-${ticket.id}`} className="text-base font-semibold">
          {drawerTexts.ticketTitle}
        </h2>
        <p>
          {ticket.agent.code} · {ticket.agent.name}
          <br />
          {drawerTexts.teller} : {ticket.teller.name} ({ticket.teller.username})
          <br />
          {drawerTexts.openedAt} {formatDateTime(ticket.openedAt, language)}
          {ticket.closedAt && (
            <>
              <br />
              {drawerTexts.closedAt} {formatDateTime(ticket.closedAt, language)}
            </>
          )}
          {ticket.closedByAdministrator && ticket.closedBy && (
            <>
              <br />
              {drawerTexts.closedBy} {ticket.closedBy} ({drawerTexts.closedByAdministrator})
            </>
          )}
        </p>
        <Counts title={drawerTexts.openingCounts} counts={ticket.openingCounts} />
        <p>
          {drawerTexts.openingAmount} : {formatHtg(ticket.opening)}
        </p>
        {/* The opening against the teller's previous close (decision 201): what left between two sessions. */}
        {ticket.previousCounted !== null && ticket.openingDifference !== null && (
          <dl className="grid grid-cols-2 gap-x-2">
            <dt>{drawerTexts.previousCounted}</dt>
            <dd className="text-right">{formatHtg(ticket.previousCounted)}</dd>
            <dt>{drawerTexts.openingDifference}</dt>
            <dd className="text-right font-semibold">{drawerDifferenceText(ticket.openingDifference)}</dd>
          </dl>
        )}
        {ticket.openingNeedsAcknowledgement && <p>{openingAcknowledgementText(ticket)}</p>}
        {ticket.closingCounts && <Counts title={drawerTexts.closingCounts} counts={ticket.closingCounts} />}
        {ticket.totals.length > 0 && (
          <div>
            <p className="font-semibold">{drawerTexts.totals}</p>
            <table className="w-full text-xs">
              <tbody>
                {ticket.totals.map((line) => (
                  <tr key={line.type}>
                    <td>
                      {translate(drawerMovementKinds[line.type].label)} ({line.count})
                    </td>
                    <td className="text-right">{formatHtg(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p>
          {drawerTexts.cashFees} : {formatHtg(cashFees)}
          {accountFees > 0 && (
            <>
              <br />
              {drawerTexts.accountFees} : {formatHtg(accountFees)}
            </>
          )}
          <br />
          {drawerTexts.agentShare} : {formatHtg(ticket.agentShare)}
        </p>
        {ticket.expected !== null && ticket.counted !== null && ticket.difference !== null && (
          <dl className="grid grid-cols-2 gap-x-2">
            <dt>{drawerTexts.expected}</dt>
            <dd className="text-right">{formatHtg(ticket.expected)}</dd>
            <dt>{drawerTexts.counted}</dt>
            <dd className="text-right">{formatHtg(ticket.counted)}</dd>
            <dt>{drawerTexts.difference}</dt>
            <dd className="text-right font-semibold">{drawerDifferenceText(ticket.difference)}</dd>
          </dl>
        )}
        {ticket.difference !== null && drawerDifferenceKind(ticket.difference) === 'rounding' && (
          <p>{roundingExplanation()}</p>
        )}
        {ticket.needsAcknowledgement && <p>{closeAcknowledgementText(ticket)}</p>}
        {ticket.fingerprint && (
          <p className="break-all font-mono text-xs">
            {drawerTexts.fingerprint} : <span data-testid="fingerprint">{ticket.fingerprint}</span>
          </p>
        )}
      </div>
      {ticket.fingerprint && (
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button onClick={() => printReceipt(printable.current)}>{drawerTexts.print}</Button>
          <Button variant="secondary" loading={verify.isPending} onClick={() => verify.mutate()}>
            {drawerTexts.verify}
          </Button>
        </div>
      )}
      {verify.data && (
        <Alert type={verify.data.valid ? 'success' : 'danger'} className="print:hidden">
          {verify.data.message}
        </Alert>
      )}
    </section>
  );
}

import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import {
  formatHtg,
  groupDigits,
  pickUpCodeMessages,
  receiptTotalLabel,
  type Transaction,
} from '@lajan/domain';
import { Button, buttonClasses } from '../../../components/Button';
import { PickUpQr } from '../../../components/pickup-code/PickUpQr';

/**
 * The end of an external transfer: the pick-up code (the transaction number, DESIGN §5) in large type,
 * what the sender paid, and the way to the next customer. The receipt is in the panel.
 */
export function TransferSent({ transaction, onAgain }: { transaction: Transaction; onAgain: () => void }) {
  const amount = formatHtg(transaction.amount);
  return (
    <section
      aria-labelledby="transfer-sent-title"
      className="mx-auto w-full max-w-xl rounded-xl border border-emerald-200 bg-white p-6 text-center shadow-sm sm:p-8"
    >
      <div
        aria-hidden="true"
        className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-3xl text-emerald-800"
      >
        ✓
      </div>
      <h1 id="transfer-sent-title" className="mt-4 text-2xl font-semibold text-slate-900">
        <Trans>Transfert envoyé</Trans>
      </h1>
      <p className="mt-4 text-sm text-slate-600">{pickUpCodeMessages.label}</p>
      {/* A group, which may be named, where a paragraph may not (the code read as one number). */}
      <div
        role="group"
        className="mt-1 flex flex-wrap justify-center gap-x-3 font-mono text-[1.75rem] leading-tight font-bold text-blue-900 sm:text-4xl"
        aria-label={pickUpCodeMessages.named(transaction.transactionNumber)}
      >
        {/* Groups never split across lines: a code read aloud must not lose a digit to a line break. */}
        {groupDigits(transaction.transactionNumber)
          .split(' ')
          .map((group, index) => (
            <span key={index} className="whitespace-nowrap">
              {index > 0 && <span className="sr-only"> </span>}
              {group}
            </span>
          ))}
      </div>
      <div className="mt-4 flex justify-center">
        <PickUpQr code={transaction.transactionNumber} size="10rem" />
      </div>
      <p className="mt-3 text-sm text-slate-700">
        <Trans>
          Communiquez ce code au bénéficiaire : il le présentera avec sa pièce d&apos;identité pour retirer{' '}
          <strong>{amount}</strong>.
        </Trans>
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-3 text-left text-sm">
        <dt className="text-slate-600">
          <Trans>Frais</Trans>
        </dt>
        <dd className="text-right font-medium">{formatHtg(transaction.fee)}</dd>
        <dt className="text-slate-600">{receiptTotalLabel(transaction)}</dt>
        <dd className="text-right font-semibold">{formatHtg(transaction.total)}</dd>
      </dl>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button onClick={onAgain}>
          <Trans>Nouveau transfert</Trans>
        </Button>
        <Link to="/" className={buttonClasses('secondary')}>
          <Trans>Retour à l&apos;accueil</Trans>
        </Link>
      </div>
    </section>
  );
}

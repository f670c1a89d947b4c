import { Fragment } from 'react';
import { msg, t } from '@lingui/core/macro';
import {
  cancelTransferMessages,
  displayName,
  documentLabel,
  formatDateTime,
  formatHtg,
  groupDigits,
  pickUpCodeMessages,
  receiptTotalLabel,
  transactionStatusLabel,
  transactionTypeLabels,
  type Transaction,
  formatPhone,
  correctionTexts,
  texts,
  type Language,
} from '@lajan/domain';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';
import { inOtherLanguage } from '../../i18n/other-language';
import { PickUpQr } from '../pickup-code/PickUpQr';

export const receiptTexts = texts({
  thanks: msg`Merci de votre confiance.`,
  keep: msg`Conservez ce reçu comme preuve de votre transaction.`,
  duplicate: msg`DUPLICATA`,
  reprintedAt: (date: string) => msg`Réimprimé le ${date}`,
  /** Who posted it: a teller, as the drawer's ticket names it (decision 213), or else an administrator. */
  teller: msg`Caissier`,
  operator: msg`Opérateur`,
});

interface Line {
  label: string;
  value: string;
}

interface PersonLike {
  firstName?: string | null;
  lastName?: string | null;
  idDocumentType?: string | null;
  idDocumentNumber?: string | null;
}

function documentOf(person: PersonLike | null | undefined): string | null {
  if (!person?.idDocumentNumber) return null;
  return `${documentLabel(person.idDocumentType)} ${person.idDocumentNumber}`;
}

function section(title: string, lines: (Line | null)[]) {
  const kept = lines.filter((line): line is Line => line !== null && line.value !== '');
  return kept.length ? { title, lines: kept } : null;
}

const line = (label: string, value: string | null | undefined): Line | null =>
  value ? { label, value } : null;

interface ReceiptProps {
  transaction: Transaction;
  /** The customer's language (decision 236), whatever the screens speak; its texts loaded. The screens' by default. */
  language?: Language;
  /** When it was taken up again for a reprint (ISO); null: the receipt of the operation just posted. */
  reprintedAt?: string | null;
  /** Told once its pick-up code's QR is drawn (`receiptHasQr`), loaded on first use. */
  onQrShown?: () => void;
}

/**
 * The receipt, the same markup on screen and on an 80 mm roll (decision 080); a reprint says « DUPLICATA »
 * (decision 189). A pay-out's receipt goes to the recipient: of the sender it shows the name only. It is
 * written in the customer's language: every text is read while it is built, in one synchronous step.
 */
export function Receipt(props: ReceiptProps) {
  const language = props.language ?? formatLanguage(currentLanguage());
  return inOtherLanguage(language, () => receiptIn({ ...props, language }));
}

function receiptIn({
  transaction,
  language,
  reprintedAt = null,
  onQrShown,
}: ReceiptProps & { language: Language }) {
  const fee = transaction.fee;
  const transactionNumber = transaction.transactionNumber;
  const sender = transaction.sender;
  const recipient = transaction.recipient;
  const party = transaction.party;
  const accountNumber = transaction.accountNumber ?? transaction.account?.accountNumber ?? null;
  const senderAccount = transaction.senderAccountNumber ?? transaction.senderAccount?.accountNumber ?? null;
  const recipientAccount =
    transaction.recipientAccountNumber ?? transaction.recipientAccount?.accountNumber ?? null;

  // An external transfer's number is the code the recipient shows to be paid: it is
  // printed as such, in groups of three, with its QR code for the paying teller's camera.
  const pickUp = transaction.type === 'external_transfer';
  // The person paid is the recipient, identified at the counter against the transfer's recipient.
  const payout = transaction.type === 'external_payout';
  // A cancellation names who was identified: the sender's card presented (decision 200).
  const refund = transaction.type === 'external_refund';
  const partyDocument = party ? `${documentLabel(party.idDocumentType)} ${party.idDocumentNumber}` : null;

  const sections = [
    // A correction names what it corrects (decision 226).
    transaction.type === 'reversal'
      ? section(correctionTexts.slipTitle, [
          line(t`Opération corrigée`, transaction.relatedTransactionNumber),
        ])
      : null,
    section(t`Comptes`, [
      line(t`Compte`, accountNumber),
      line(t`Compte expéditeur`, senderAccount),
      line(t`Compte bénéficiaire`, recipientAccount),
      line(t`Agent crédité`, transaction.type === 'agent_deposit' ? transaction.code : null),
    ]),
    section(t`Expéditeur`, [
      line(t`Nom`, sender ? displayName(sender) : null),
      line(t`Pièce`, payout ? null : documentOf(sender)),
      line(t`Téléphone`, !payout && sender?.phoneNumber ? formatPhone(sender.phoneNumber) : null),
    ]),
    section(t`Bénéficiaire`, [
      line(t`Nom`, recipient ? displayName(recipient) : null),
      line(t`Pièce`, documentOf(recipient) ?? (payout ? partyDocument : null)),
    ]),
    payout
      ? null
      : section(refund ? cancelTransferMessages.receiptIdentified : t`Client au guichet`, [
          line(t`Nom`, party?.name),
          line(t`Pièce`, partyDocument),
        ]),
    // A cancellation without the sender: the agent's administrator approved it (decision 200).
    refund && !party
      ? section(cancelTransferMessages.receiptApprovedBy, [
          line(cancelTransferMessages.receiptApprover, transaction.createBy.username),
          line(cancelTransferMessages.receiptReason, transaction.approvalReason),
        ])
      : null,
  ].filter((value) => value !== null);

  return (
    <article
      aria-label={t`Reçu de la transaction ${transactionNumber}`}
      lang={language}
      className="receipt font-mono text-[13px] leading-snug text-black"
    >
      <header className="text-center">
        <p className="text-base font-bold tracking-wide">LAJAN</p>
        {transaction.agent && (
          <p>
            {transaction.agent.name} · {transaction.agent.code}
          </p>
        )}
        <p className="mt-2 font-bold uppercase">
          {transactionTypeLabels[transaction.type] ?? transaction.type}
        </p>
        {reprintedAt && (
          <>
            <p className="mt-1 font-bold tracking-widest">{receiptTexts.duplicate}</p>
            <p>{receiptTexts.reprintedAt(formatDateTime(reprintedAt, language))}</p>
          </>
        )}
      </header>

      <dl className="mt-3 border-t border-dashed border-black pt-2">
        {pickUp ? (
          <Row label={pickUpCodeMessages.label} value={groupDigits(transaction.transactionNumber)} strong />
        ) : (
          <Row label={t`N° transaction`} value={transaction.transactionNumber} strong />
        )}
        <Row label={t`Date`} value={formatDateTime(transaction.createdAt, language)} />
        <Row label={t`Statut`} value={transactionStatusLabel(transaction.status)} />
        {/* The transfer paid or cancelled: its pick-up code, grouped as its own receipt prints it. */}
        {transaction.relatedTransactionNumber && (
          <Row label={t`Transfert d'origine`} value={groupDigits(transaction.relatedTransactionNumber)} />
        )}
      </dl>

      {sections.map((part) => (
        <section
          key={part.title}
          aria-label={part.title}
          className="mt-2 border-t border-dashed border-black pt-2"
        >
          <h3 className="font-bold">{part.title}</h3>
          <dl>
            {part.lines.map((entry) => (
              <Row key={entry.label} label={entry.label} value={entry.value} />
            ))}
          </dl>
        </section>
      ))}

      <dl className="mt-2 border-t border-dashed border-black pt-2">
        <Row label={t`Montant`} value={formatHtg(transaction.amount)} />
        <Row label={t`Frais`} value={formatHtg(fee)} />
        {fee > 0 && (
          <Row label={receiptTotalLabel(transaction)} value={formatHtg(transaction.total)} strong />
        )}
      </dl>

      {receiptHasQr(transaction) && (
        <div className="mt-2 flex justify-center border-t border-dashed border-black pt-2">
          <PickUpQr code={transaction.transactionNumber} size="30mm" onShown={onQrShown} />
        </div>
      )}

      <p className="mt-2 text-xs">
        {transaction.type === 'agent_deposit' || (refund && !party)
          ? receiptTexts.operator
          : receiptTexts.teller}{' '}
        : {transaction.createBy?.username}
      </p>

      <footer className="mt-3 border-t border-dashed border-black pt-2 text-center text-xs">
        <p>{receiptTexts.thanks}</p>
        <p>{receiptTexts.keep}</p>
      </footer>
    </article>
  );
}

/** A transfer still to be paid: its receipt carries the pick-up code's QR for the paying teller's camera. */
export function receiptHasQr(transaction: Transaction): boolean {
  return transaction.type === 'external_transfer' && transaction.status === 'pending';
}

/** The longest word kept whole on a receipt line: well within the 80 mm roll's line. */
const WHOLE_WORD_MAX = 24;

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'font-bold' : ''}`}>
      <dt className="shrink-0">{label}</dt>
      {/*
        Wrapped only between words: a document number ("PC-1234…") or a hyphenated name stays whole. A
        word longer than a line (a name typed without spaces) still wraps rather than being cut.
      */}
      <dd className="min-w-0 text-right [overflow-wrap:anywhere]">
        {value.split(' ').map((word, index) => (
          <Fragment key={index}>
            {index > 0 && ' '}
            <span className={word.length <= WHOLE_WORD_MAX ? 'whitespace-nowrap' : undefined}>{word}</span>
          </Fragment>
        ))}
      </dd>
    </div>
  );
}

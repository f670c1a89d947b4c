import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import {
  displayName,
  documentLabel,
  formatDateTime,
  formatHtg,
  groupDigits,
  isPayoutLookup,
  payoutMessages,
  pickUpCodeMessages,
  pickUpCodeProblem,
  pickUpCodeSchema,
  presentedIdentityLabels,
  transactionMessages,
  transactionStatusLabel,
  type PayoutLookup,
  type ReceiveTransferInput,
  type Transaction,
  wizardHints,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useTransactionSearch } from './api/lookups';
import { SummaryList } from './components/ConfirmSummary';
import { documentOptions } from './components/fields';
import { QrScanButton } from './components/QrScanButton';
import { SearchForm } from '../../components/SearchForm';
import { SearchOutcome } from './components/SearchOutcome';
import { StepForm } from './components/StepForm';
import { isHttpError } from '../../lib/http';
import { moneyFlow } from './flows';
import { MoneyWizard } from './money-wizard';
import { useMoneyForm } from './use-money-form';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';

// Paid in cash: no customer account moves; the sender's transfer is now paid (history).
const flow = moneyFlow('external_payout', 'back', ['float', 'dashboard', 'history', 'agents']);

const STEP_IDENTIFY = 1;
const STEP_CONFIRM = 2;

/** What the search found: a pending transfer's pay-out look-up, or a whole transaction of one's agent. */
type Found = PayoutLookup | Transaction;

/** Only a pending external transfer that is not locked can be paid out (decision 112). */
export function isPayable(found: Found): found is PayoutLookup {
  return isPayoutLookup(found) && !found.locked;
}

/**
 * Why the found transaction cannot be paid: locked; already paid, and when; cancelled; or not an
 * external transfer at all (decision 131: the same words as another agent's search answers).
 */
function notPayableReason(found: Found): string {
  if (isPayoutLookup(found))
    return found.locked ? payoutMessages.lockedExplanation : transactionMessages.transferNotPending;
  if (found.type !== 'external_transfer') return pickUpCodeMessages.notATransfer;
  if (found.status === 'completed') return pickUpCodeMessages.alreadyPaid(found.settledAt ?? found.createdAt);
  if (found.status === 'cancelled') return pickUpCodeMessages.cancelled;
  return transactionMessages.transferNotPending;
}

/** The refusals of a pay-out after which the transfer's card may have changed: searched again. */
const staleAfter = new Set(['RECIPIENT_MISMATCH', 'TRANSFER_LOCKED', 'TRANSFER_NOT_PENDING']);

/**
 * Receive transfer (decision 112): 1. find the transfer by its number (the pick-up code): its
 * amount, status, sending agent and the recipient's initials, never the name; 2. type the name and the
 * document from the card presented; 3. confirm the amount to hand over. The server compares.
 */
export default function ReceiveTransferPage() {
  // The teller types only the identity the recipient presents; the rest comes from the transfer found.
  const money = useMoneyForm(flow, {
    defaultValues: {
      recipient: { firstName: '', lastName: '', idDocumentType: undefined, idDocumentNumber: '' },
    },
    confirmStep: STEP_CONFIRM,
  });
  const search = useTransactionSearch();
  // Back from opening the drawer (decision 210): the code typed and the transfer it found, kept with the
  // identity typed.
  const kept = money.resumed as { number?: string; transfer?: Found | null } | undefined;
  const [number, setNumber] = useState(kept?.number ?? '');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [transfer, setTransfer] = useState<Found | null>(kept?.transfer ?? null);
  const {
    register,
    trigger,
    getValues,
    formState: { errors },
  } = money.form;

  /** Searches the code typed (or read by the camera): spaces and dashes are fine, the check digit is checked. */
  function find(typed = number) {
    const parsed = pickUpCodeSchema.safeParse(typed);
    if (!parsed.success) {
      // A refused code clears the card found before: "Suivant" never goes on with an older transfer.
      setTransfer(null);
      search.reset();
      setNumberError(parsed.error.issues[0]?.message ?? pickUpCodeMessages.invalid);
      return;
    }
    setNumberError(null);
    setTransfer(null);
    search.mutate(parsed.data, { onSuccess: (found) => setTransfer(found) });
  }

  /**
   * After a refused identification the transfer is searched again, to show what is true now (locked, or paid
   * at another counter); a refusal that may be tried again goes back to the identity, the tries left said
   * (decision 176).
   */
  function refresh(transactionNumber: string, identityRefused: string | undefined) {
    search.mutate(transactionNumber, {
      onSuccess: (found) => {
        setTransfer(found);
        if (!found || !isPayable(found)) money.setStep(0);
        else if (identityRefused !== undefined)
          money.backToField(STEP_IDENTIFY, 'recipient.firstName', identityRefused);
      },
      onError: () => {
        setTransfer(null);
        money.setStep(0);
      },
    });
  }

  function scanned(code: string) {
    setNumber(groupDigits(code));
    find(code);
  }

  /** The payout of the transfer found, to the recipient identified, who is the person at the counter. */
  function body({ recipient }: ReceiveTransferInput): ReceiveTransferInput | null {
    if (!transfer || !recipient) return null;
    return {
      transactionNumber: transfer.transactionNumber,
      // The server pays the stored amount; sending the one shown guards against paying another.
      amount: transfer.amount,
      recipient,
      party: {
        name: `${recipient.firstName.trim()} ${recipient.lastName.trim()}`,
        idDocumentType: recipient.idDocumentType,
        idDocumentNumber: recipient.idDocumentNumber,
      },
    };
  }

  async function submit() {
    await money.submit({
      body,
      fieldSteps: {
        'recipient.firstName': STEP_IDENTIFY,
        'recipient.lastName': STEP_IDENTIFY,
        'recipient.idDocumentType': STEP_IDENTIFY,
        'recipient.idDocumentNumber': STEP_IDENTIFY,
      },
      onRefused: (error) => {
        if (transfer && isHttpError(error) && error.code && staleAfter.has(error.code))
          refresh(
            transfer.transactionNumber,
            error.code === 'RECIPIENT_MISMATCH' ? error.message : undefined,
          );
      },
    });
  }

  const presented = getValues('recipient');
  const notFound = search.isSuccess && search.data === null;

  const findStep = (
    <div className="space-y-4">
      <SearchForm
        label={pickUpCodeMessages.label}
        onSearch={() => find()}
        pending={search.isPending}
        inputMode="numeric"
        hint={pickUpCodeMessages.hint}
        value={number}
        onChange={(event) => {
          setNumber(event.target.value);
          setNumberError(null);
          // The card shown is the one of the code searched: another code typed clears it until searched.
          if (transfer !== null || search.data !== undefined) {
            setTransfer(null);
            search.reset();
          }
        }}
        error={numberError ?? pickUpCodeProblem(number) ?? undefined}
      />
      <QrScanButton onCode={scanned} />
      <SearchOutcome notFound={notFound ? transactionMessages.transactionNotFound : null} search={search}>
        {transfer && <TransferCard transfer={transfer} />}
        {transfer && !isPayable(transfer) && <Alert type="danger">{notPayableReason(transfer)}</Alert>}
      </SearchOutcome>
    </div>
  );

  const identifyStep = (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm text-slate-700">{payoutMessages.identifyLegend}</legend>
      <TextField
        label={presentedIdentityLabels.firstName}
        required
        autoComplete="off"
        error={errors.recipient?.firstName?.message}
        {...register('recipient.firstName')}
      />
      <TextField
        label={presentedIdentityLabels.lastName}
        required
        autoComplete="off"
        error={errors.recipient?.lastName?.message}
        {...register('recipient.lastName')}
      />
      <SelectField
        label={presentedIdentityLabels.idDocumentType}
        required
        placeholder={presentedIdentityLabels.idDocumentTypePlaceholder}
        options={documentOptions}
        error={errors.recipient?.idDocumentType?.message}
        {...register('recipient.idDocumentType')}
      />
      <TextField
        label={presentedIdentityLabels.idDocumentNumber}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={errors.recipient?.idDocumentNumber?.message}
        {...register('recipient.idDocumentNumber')}
      />
    </fieldset>
  );

  return (
    <MoneyWizard
      frame={money.frame}
      title={t`Recevoir un transfert externe`}
      description={t`Payer au bénéficiaire un transfert envoyé depuis un point du réseau.`}
      drawerNotice={money.drawerNotice({ extra: () => ({ number, transfer }) })}
      onSubmit={submit}
      steps={[
        {
          id: 'find',
          title: t`Rechercher le transfert`,
          content: findStep,
          canGoNext: transfer !== null && isPayable(transfer),
          blockedHint: transfer ? notPayableReason(transfer) : wizardHints.findTransfer,
        },
        {
          id: 'identify',
          title: t`Identification du client`,
          content: <StepForm>{identifyStep}</StepForm>,
          validate: () => trigger('recipient'),
        },
        {
          id: 'confirm',
          title: t`Confirmation`,
          // On a phone, Enregistrer and the link's state stay in sight (decision 215).
          pinActions: true,
          content: (
            <div className="space-y-4">
              <SummaryList
                lines={[
                  {
                    label: pickUpCodeMessages.label,
                    value: transfer ? groupDigits(transfer.transactionNumber) : '',
                  },
                  { label: payoutMessages.sendingAgent, value: transfer?.agent?.name ?? '' },
                  { label: t`Bénéficiaire`, value: displayName(presented ?? {}) },
                  {
                    label: t`Pièce présentée`,
                    value: presented
                      ? `${documentLabel(presented.idDocumentType)} ${presented.idDocumentNumber}`
                      : '',
                  },
                ]}
              />
              {transfer && (
                <section
                  aria-label={t`Montant à remettre`}
                  className="rounded-lg border border-blue-200 bg-blue-50 p-4"
                >
                  <p className="text-slate-700">
                    <Trans>Montant à remettre au bénéficiaire</Trans>
                  </p>
                  <p className="text-2xl font-bold text-blue-900">{formatHtg(transfer.amount)}</p>
                </section>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}

function TransferCard({ transfer }: { transfer: Found }) {
  const lookup = isPayoutLookup(transfer) ? transfer : null;
  return (
    <section
      aria-label={payoutMessages.foundRegion}
      className="rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <p className="font-mono text-lg font-semibold text-slate-900">
        {groupDigits(transfer.transactionNumber)}
      </p>
      <p className="text-2xl font-bold text-slate-900">{formatHtg(transfer.amount)}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{payoutMessages.status}</dt>
        <dd>
          {transactionStatusLabel(transfer.status)}
          {lookup?.locked && (
            <span className="ml-2 rounded bg-red-100 px-2 py-0.5 font-semibold text-red-800">
              {payoutMessages.locked}
            </span>
          )}
        </dd>
        <dt className="text-slate-600">{payoutMessages.sentAt}</dt>
        <dd>{formatDateTime(transfer.createdAt, formatLanguage(currentLanguage()))}</dd>
        {transfer.agent && (
          <>
            <dt className="text-slate-600">{payoutMessages.sendingAgent}</dt>
            <dd>
              {transfer.agent.name} ({transfer.agent.code})
            </dd>
          </>
        )}
        {lookup && (
          <>
            <dt className="text-slate-600">{payoutMessages.recipient}</dt>
            <dd>
              <span aria-describedby="recipient-masked-hint">{lookup.recipientMaskedName}</span>
              <span id="recipient-masked-hint" className="block text-slate-600">
                {payoutMessages.recipientMaskedHint}
              </span>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

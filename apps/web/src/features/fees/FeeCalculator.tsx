import { useId, useState } from 'react';
import {
  amountMessages,
  feeCalculatorTexts,
  type FeeGroup,
  type FeeType,
  htgAmountSchema,
  maxAmountHtgOf,
  transactionTypeLabels,
} from '@lajan/domain';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { parseAmountInput } from '../../lib/amount-input';
import { useAmountStepQuote } from '../../components/fee-quote/api';
import { FeePreview } from '../../components/fee-quote/FeePreview';

/**
 * "Combien de frais pour 3 500 HTG ?": the fee and the total of an amount, for one type, as the operation's
 * own quote gives them (`GET /transactions/fees/quote`, the ledger's rule, decision 132), without reading the
 * bands one by one (on a phone the tables below are several screens long).
 */
export function FeeCalculator({ groups }: { groups: readonly FeeGroup[] }) {
  const [type, setType] = useState<FeeType | undefined>(groups[0]?.type);
  const [typed, setTyped] = useState('');
  const headingId = useId();
  const parsed = parseAmountInput(typed);
  const max = maxAmountHtgOf(type ?? 'deposit');
  // What the operation's own schema accepts (a positive HTG amount, two decimals at most, up to its type's
  // cap); any refusal but the cap's is said with an example.
  const checked = typed.trim() === '' ? undefined : htgAmountSchema(max).safeParse(parsed);
  const refusal = checked?.success === false ? checked.error.issues[0]?.message : undefined;
  const error =
    checked === undefined || checked.success
      ? undefined
      : refusal === amountMessages.max(max) || refusal === amountMessages.ambiguous
        ? refusal
        : feeCalculatorTexts.notAnAmount;
  const amount = checked?.success ? checked.data : undefined;
  const quote = useAmountStepQuote(type ?? null, amount, type !== undefined);
  if (groups.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {feeCalculatorTexts.title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={feeCalculatorTexts.type}
          value={type}
          onChange={(event) => setType(event.target.value as FeeType)}
          options={groups.map((group) => ({ value: group.type, label: transactionTypeLabels[group.type] }))}
        />
        <TextField
          label={feeCalculatorTexts.amount}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={error}
        />
      </div>
      {/* Always there, so that a screen reader says the fee when it comes. */}
      <div aria-live="polite" aria-atomic="true">
        {amount !== undefined && <FeePreview quote={quote} shownAt="calculator" />}
      </div>
    </section>
  );
}

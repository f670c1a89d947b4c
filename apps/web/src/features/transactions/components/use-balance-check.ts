import { useState } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  hasAtMostTwoDecimals,
  maxAmountHtgOf,
  transactionMessages,
  type Account,
  type FeeQuote,
  type QuoteType,
} from '@lajan/domain';
import { feeQuoteKeys, getFeeQuote } from '../../../components/fee-quote/api';
import { useHttp } from '../../../lib/http-context';

/** What the amount step says of a total the paying account cannot cover, and checks before moving on. */
export interface BalanceCheck {
  /** « Solde insuffisant : solde disponible … », under the amount; undefined while nothing says so. */
  message: string | undefined;
  /** Suivant's check: false (and the message shown) when the amount and its fee are above the balance. */
  check: () => Promise<boolean>;
}

/** The account's available balance, when the teller is shown it (its own agent's account); null otherwise. */
function availableOf(account: Account | null | undefined): number | null {
  if (account?.balance === null || account?.balance === undefined) return null;
  return account.balance - account.unavailableBalance;
}

/**
 * The debited account's balance checked at the amount step (decision 214): the amount at once, with its fee
 * once quoted; the ledger still decides at Enregistrer. Without a balance shown, nothing is said.
 */
export function useBalanceCheck({
  type,
  debited,
  amount,
  quote,
}: {
  type: QuoteType;
  debited: Account | null | undefined;
  amount: number | undefined;
  /** The amount step's live quote (`useMoneyForm`'s `amountQuote`). */
  quote: UseQueryResult<FeeQuote> | undefined;
}): BalanceCheck {
  const http = useHttp();
  const queryClient = useQueryClient();
  const [checked, setChecked] = useState<{ amount: number; total: number } | null>(null);
  const available = availableOf(debited);
  const checkable =
    available !== null &&
    typeof amount === 'number' &&
    amount > 0 &&
    hasAtMostTwoDecimals(amount) &&
    amount <= maxAmountHtgOf(type);

  // The total with its fee when known for this very amount; the amount alone otherwise (a floor).
  let total: number | undefined;
  let feeKnown = false;
  if (checkable) {
    if (quote?.isSuccess && quote.data.amount === amount) [total, feeKnown] = [quote.data.total, true];
    else if (checked?.amount === amount) [total, feeKnown] = [checked.total, true];
    else total = amount;
  }
  const short = available !== null && total !== undefined && total > available;

  return {
    message: short ? transactionMessages.insufficientFundsAvailable(available) : undefined,
    async check() {
      if (!checkable || short) return !short;
      if (feeKnown) return true;
      // The amount step's own key: its preview, asked once the typing pauses, finds the answer there.
      const asked = queryClient
        .fetchQuery({
          queryKey: feeQuoteKeys.quote(type, amount, 'preview'),
          queryFn: ({ signal }) => getFeeQuote(http, type, amount, signal),
          staleTime: 30_000,
        })
        .then((answer) => {
          setChecked({ amount, total: answer.total });
          return answer.total <= available;
        })
        // Outside the bands or unreachable: the confirmation asks again and says it.
        .catch(() => true);
      // A slow or lost link does not hold Suivant: past the wait, the confirmation says it as before.
      const waited = new Promise<boolean>((resolve) =>
        setTimeout(() => resolve(true), BALANCE_CHECK_WAIT_MS),
      );
      return Promise.race([asked, waited]);
    },
  };
}

/** How long Suivant waits for the fee of an amount typed and sent at once (a quick Enter). */
export const BALANCE_CHECK_WAIT_MS = 1500;

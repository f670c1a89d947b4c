import {
  hasAtMostTwoDecimals,
  limitLeftTexts,
  limitRefusalOf,
  type LimitLeftType,
  limitCategoryOfType,
  type LimitCategory,
} from '@lajan/domain';
import { useLimitsLeft, type LimitTarget } from '../api/limits-left';

/** What the amount step says of a customer's limits (decision 227). */
export interface LimitCheck {
  /** Under the amount: what is left, or a quiet line while it is read or when it could not be. */
  line: string | undefined;
  /** The refusal of an amount above what is left, worded as the posting's; undefined when it fits. */
  message: string | undefined;
}

/**
 * A customer's limits at the amount step: once the account (or the sender) is known, what is left is said under
 * the amount, and an amount above it is refused before Enregistrer. Never blocks on a read that is slow or
 * failed: the posting checks anyway.
 */
export function useLimitCheck({
  type,
  target,
  amount,
}: {
  type: LimitLeftType;
  target: LimitTarget | null;
  amount: number | undefined;
}): LimitCheck {
  const left = useLimitsLeft(type, target);
  if (target === null) return { line: undefined, message: undefined };
  if (!left.isSuccess) {
    return { line: left.isError ? limitLeftTexts.unavailable : limitLeftTexts.loading, message: undefined };
  }
  const data = left.data;
  const category = limitCategoryOfType[type] as LimitCategory;
  const typed = typeof amount === 'number' && amount > 0 && hasAtMostTwoDecimals(amount);
  return {
    line: limitLeftTexts.left(category, data.leftToday, data.leftThirtyDays, data.perOperation),
    message: typed ? limitRefusalOf(data, amount) : undefined,
  };
}

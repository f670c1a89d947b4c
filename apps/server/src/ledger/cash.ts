import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Whether a transaction moved cash at a counter: a deposit, a withdrawal, a pay-out, an external transfer
 * sent or refunded with no customer account, a correction of a deposit or a withdrawal (decisions 149,
 * 226). One rule for the teller's drawer and the UCREF declarations (decision 228); `correctedType` is the
 * type of the transaction a reversal corrects (null for any other).
 */
export function isCashOperation(columns: {
  type: SQLWrapper;
  senderAccountId: SQLWrapper;
  correctedType: SQLWrapper;
}): SQL {
  const { type, senderAccountId, correctedType } = columns;
  return sql`(${type} in ('deposit', 'withdrawal', 'external_payout')
    or (${type} in ('external_transfer', 'external_refund') and ${senderAccountId} is null)
    or (${type} = 'reversal' and ${correctedType} in ('deposit', 'withdrawal')))`;
}

import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Whether a transaction moved cash at a counter (decisions 149, 226): one rule for the teller's drawer and
 * the UCREF declarations (decision 228). `correctedType`: the type of what a reversal corrects, else null.
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

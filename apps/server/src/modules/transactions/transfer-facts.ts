import { centimesFromSql } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { persons, transactions } from '../../db/schema.js';

/** What never changes of an external transfer once sent (migration 0005): read without a lock. */
export interface TransferFacts {
  id: string;
  amountCentimes: number;
  senderPersonId: string | null;
  recipient: Record<string, unknown> | null;
  /** The sender person as recorded, whom a cancellation identifies (decision 200). */
  sender: {
    firstName: string;
    lastName: string;
    idDocumentType: string | null;
    idDocumentNumber: string | null;
  } | null;
}

/** An external transfer's facts by number; undefined when the number is not an external transfer's. */
export async function transferFacts(
  executor: Executor,
  transactionNumber: string,
): Promise<TransferFacts | undefined> {
  const [row] = await executor
    .select({
      id: transactions.id,
      type: transactions.type,
      amountCentimes: transactions.amountCentimes,
      senderPersonId: transactions.senderPersonId,
      recipient: transactions.recipient,
      firstName: persons.firstName,
      lastName: persons.lastName,
      idDocumentType: persons.idDocumentType,
      idDocumentNumber: persons.idDocumentNumber,
    })
    .from(transactions)
    .leftJoin(persons, eq(persons.id, transactions.senderPersonId))
    .where(eq(transactions.transactionNumber, transactionNumber));
  if (!row || row.type !== 'external_transfer') return undefined;
  return {
    id: row.id,
    amountCentimes: centimesFromSql(row.amountCentimes),
    senderPersonId: row.senderPersonId,
    recipient: row.recipient,
    sender:
      row.senderPersonId === null
        ? null
        : {
            firstName: row.firstName ?? '',
            lastName: row.lastName ?? '',
            idDocumentType: row.idDocumentType,
            idDocumentNumber: row.idDocumentNumber,
          },
  };
}

import type { Transaction } from '@lajan/domain';
import { z } from 'zod';

/**
 * The answer of a flow with reads of its own: the part built before the call composed with the facts the
 * database read, parsed here where they come back from SQL. The first answer and every replay are this
 * function of the same two stored values (decision 222).
 */
export interface FlowAnswer {
  compose: (part: Transaction, facts: unknown) => Transaction;
}

export function answerFrom<Facts extends z.ZodType>(
  facts: Facts,
  answer: (part: Transaction, facts: z.output<Facts>) => Transaction,
): FlowAnswer {
  return { compose: (part, raw) => answer(part, facts.parse(raw)) };
}

/** A person as a flow's read gives it: the columns of `persons` the receipt shows. */
export const personFacts = z.object({
  id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  id_document_type: z.string().nullable(),
  id_document_number: z.string().nullable(),
  phone_number: z.string().nullable(),
  address: z.string().nullable(),
});

/** The answer's sender, its fields in the receipt's order. */
export function senderOf(person: z.output<typeof personFacts> | null): Transaction['sender'] {
  if (!person) return null;
  return {
    id: person.id,
    firstName: person.first_name ?? '',
    lastName: person.last_name ?? '',
    idDocumentType: person.id_document_type,
    idDocumentNumber: person.id_document_number,
    phoneNumber: person.phone_number,
    address: person.address,
  };
}

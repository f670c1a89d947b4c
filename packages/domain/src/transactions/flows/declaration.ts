import type { z } from 'zod';
import { feeTypes, transactionTypeLabels, type TransactionType } from '../names.js';

/**
 * One money flow as the domain declares it (decision 224): its `POST`, its input's schema (HTG on the
 * wire, `amountCentimes` out), whether it is priced, its words. The server adds how its accounts are found
 * and who pays whom; the web, its page.
 */
export interface MoneyFlowDeclaration<Input extends z.ZodType = z.ZodType> {
  /** Its `POST`, below `/api` (SPEC §7): the server's route, the web's call. */
  path: string;
  input: Input;
  /** Priced by the bands of the fee schedule: the four fee types. */
  banded: boolean;
  /** The transaction type's label (the history, the receipt). */
  label: string;
  /** The toast after a success. */
  success: string;
  /** The fallback of a failure that carries no message of the server. */
  failure: string;
}

/** A flow's declaration, its label and whether it is priced read from its transaction type. */
export function declareMoneyFlow<Input extends z.ZodType>(
  type: TransactionType,
  flow: { path: string; input: Input; success: string; failure: string },
): MoneyFlowDeclaration<Input> {
  // The flow's getters kept, not spread: a text is read when shown, in its language (decision 236).
  return Object.defineProperties(
    {
      banded: (feeTypes as readonly string[]).includes(type),
      label: transactionTypeLabels[type],
    },
    Object.getOwnPropertyDescriptors(flow),
  ) as MoneyFlowDeclaration<Input>;
}

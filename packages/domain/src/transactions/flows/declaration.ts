import type { MessageDescriptor } from '@lingui/core';
import type { z } from 'zod';
import { translate } from '../../i18n.js';
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

/** A flow's text: its own (a descriptor), or another map's, read when asked. */
export type FlowText = MessageDescriptor | (() => string);

/**
 * A flow's declaration, its label and whether it is priced read from its transaction type. Its texts are
 * getters, read in the language of the moment (decision 236), never when the module loads.
 */
export function declareMoneyFlow<Input extends z.ZodType>(
  type: TransactionType,
  flow: { path: string; input: Input; success: FlowText; failure: FlowText },
): MoneyFlowDeclaration<Input> {
  const read = (text: FlowText) => (typeof text === 'function' ? text() : translate(text));
  return {
    path: flow.path,
    input: flow.input,
    banded: (feeTypes as readonly string[]).includes(type),
    get label() {
      return transactionTypeLabels[type];
    },
    get success() {
      return read(flow.success);
    },
    get failure() {
      return read(flow.failure);
    },
  };
}

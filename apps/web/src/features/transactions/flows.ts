import type { z } from 'zod';
import { moneyFlowDeclarations, quoteTypeSchema, type QuoteType, type TransactionType } from '@lajan/domain';
import type { MoneyView } from '../../lib/query-keys';

/**
 * A money flow as the web sees it: the domain's declaration (its `POST`, its input's schema, whether it
 * is priced, its words) and where the teller goes after. A new flow is one page that declares its flow
 * with `moneyFlow` and calls `useMoneyForm` (decisions 138, 224).
 */
export interface MoneyFlow<Schema extends z.ZodType = z.ZodType> {
  /** The transaction it records; also the fee quote's `type` when the flow is priced. */
  type: TransactionType;
  /** Its `POST` (SPEC §7, under `/api`). */
  path: string;
  schema: Schema;
  /**
   * Priced by the bands of the fee schedule (the domain's declaration says so): the amount step previews
   * the fee and "hors barème".
   */
  banded: boolean;
  /** The toast of SPEC §8 after a success. */
  success: string;
  /** SPEC §8's fallback when a failure carries no message of the server. */
  failure: string;
  /**
   * After a success (decision 131): `back` to where the operation was started, `home` to the
   * dashboard, or `stay` on the page, which shows what comes next (the pick-up code).
   */
  after: 'back' | 'home' | 'stay';
  /**
   * The screens its success changes (decision 146): they are read again at once when on view, and their
   * cached reads dropped otherwise, so no screen shows the money as it was before. Exactly these: the
   * fee schedule, the persons and the session stay cached.
   */
  touches: readonly MoneyView[];
}

type Declared = typeof moneyFlowDeclarations;

/**
 * A flow from the domain's declaration of its transaction type (its path, schema, banded or not, its
 * words), with what only the web knows: where the teller goes after and the screens it changes. Keeps the
 * flow's own schema type (a plain annotation would widen it to `z.ZodType`).
 */
export function moneyFlow<Type extends TransactionType>(
  type: Type,
  after: MoneyFlow['after'],
  touches: MoneyFlow['touches'],
): MoneyFlow<Declared[Type]['input']> {
  const declared = moneyFlowDeclarations[type];
  // Its words read when said, in the screen's language: a page declares its flow when its module loads.
  return {
    type,
    path: declared.path,
    schema: declared.input,
    banded: declared.banded,
    get success() {
      return declared.success;
    },
    get failure() {
      return declared.failure;
    },
    after,
    touches,
  };
}

/**
 * What a teller's operation changes: the agent's float (its cash against the customers' e-money, and
 * the agent's share of a fee), the dashboard's figures and latest rows, the history, the customers'
 * accounts it debits or credits, and the agent's float as the agents' pages show it.
 */
export const counterOperation: MoneyFlow['touches'] = ['float', 'dashboard', 'history', 'accounts', 'agents'];

/** The fee quote's `type` of a priced flow, or null: a pay-out is not priced. */
export function quoteTypeOf(flow: MoneyFlow): QuoteType | null {
  const parsed = quoteTypeSchema.safeParse(flow.type);
  return parsed.success ? parsed.data : null;
}

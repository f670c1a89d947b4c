import { moneyFlowDeclarations as declared, type Transaction } from '@lajan/domain';
import type { StoredAnswer, StoredRow } from '../../ledger/idempotency.js';
import type { FlowAnswer } from './flow-answer.js';
import { agentDepositFlow } from './flows/agent-deposit.js';
import { cancelFlow } from './flows/cancel.js';
import { externalTransferFlow } from './flows/external-transfer.js';
import { payoutFlow } from './flows/payout.js';
import { refundExpiredFlow } from './flows/refund-expired.js';

/** The routes whose flow stores facts with its answer's part (`moneyRoute` checks each at start). */
export const answersByRoute: ReadonlyMap<string, FlowAnswer> = new Map([
  [`POST ${declared.agent_deposit.path}`, agentDepositFlow.answer!],
  [`POST ${declared.external_transfer.path}`, externalTransferFlow.answer!],
  [`POST ${declared.external_payout.path}`, payoutFlow.answer!],
  [`POST ${declared.external_refund.path}`, cancelFlow.answer!],
  // The cash refund of an expired transfer (decision 225).
  ['POST /transactions/:transactionNumber/refund', refundExpiredFlow.answer!],
]);

/**
 * The answer of a key's row, the one reader of every stored answer (decision 222): the body as stored, or,
 * with facts, the route's flow's composition of the body and the facts; the same row answers the same bytes.
 */
export function storedAnswer(route: string, row: StoredRow): StoredAnswer {
  if (row.facts === null || row.facts === undefined) return { status: row.status, bodyText: row.body };
  const answer = answersByRoute.get(route);
  if (!answer) throw new Error(`transactions: facts stored on ${route}, which answers none`);
  const part = JSON.parse(row.body) as { data: Transaction };
  return { status: row.status, bodyText: JSON.stringify({ data: answer.compose(part.data, row.facts) }) };
}

import { PAYOUT_FAILED_IDENTIFICATIONS_LIMIT, type SessionUser, type Transaction } from '@lajan/domain';
import { inMoneyTransaction } from '../../ledger/ledger.js';
import { LedgerRefused } from '../../ledger/results.js';
import { recordAudit } from '../../db/audit.js';
import type { MoneyFlowDeps } from './execute.js';
import { presentTransaction } from './present.js';
import { showSenders } from './sender-view.js';
import { failedIdentificationsSinceUnlock, recordPayoutIdentification } from './payout-identifications.js';
import { transactionByNumber } from './transaction-views.js';

/**
 * `POST /transactions/{transactionNumber}/unlock`: the sending agent lifts the lock of five failed
 * identifications (decision 112); audited, and recorded as `unlocked` (the count starts again).
 */
export async function unlockTransfer(
  { db, ledger, clock, actors }: MoneyFlowDeps,
  session: SessionUser,
  transactionNumber: string,
  ip: string,
): Promise<Transaction> {
  return inMoneyTransaction(db, async (tx) => {
    const transfer = await ledger.lockTransfer(tx, transactionNumber);
    const actor = await actors.of(tx, session);
    if (!transfer) throw new LedgerRefused('TransactionNotFound');
    if (transfer.agentId !== actor.agent.id) throw new LedgerRefused('NotSendingAgent', { unlock: true });
    // An expired one is locked by failed identifications at its cash refund (decision 225).
    if (transfer.status !== 'pending' && transfer.status !== 'expired')
      throw new LedgerRefused('TransferNotPending');
    const failures = await failedIdentificationsSinceUnlock(tx, transfer.id);
    if (failures < PAYOUT_FAILED_IDENTIFICATIONS_LIMIT) throw new LedgerRefused('TransferNotLocked');
    const at = clock.now();
    await recordPayoutIdentification(tx, {
      transactionId: transfer.id,
      outcome: 'unlocked',
      userId: session.id,
      agentId: actor.agent.id,
      presented: null,
      at,
    });
    await recordAudit(tx, {
      at,
      action: 'transactions.transfer_unlocked',
      actor: { id: session.id, username: session.username },
      target: transfer.transactionNumber,
      ip,
      details: { transactionId: transfer.id, failedIdentifications: failures },
    });
    const record = await transactionByNumber(tx, transfer.transactionNumber);
    if (!record) throw new LedgerRefused('TransactionNotFound');
    return (await showSenders(tx, session, [presentTransaction(record)]))[0]!;
  });
}

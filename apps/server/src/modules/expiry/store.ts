import {
  centimesFromSql,
  PAYOUT_FAILED_IDENTIFICATIONS_LIMIT,
  SYSTEM_USER_NAME,
  type Language,
} from '@lajan/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { failuresSinceUnlockSql } from '../transactions/index.js';

/** The user under which Lajan posts by itself (migration 0039, decision 225). */
export const SYSTEM_USER_ID = '00000000-0000-7000-8000-00000000a11a';

/**
 * The system user and its person, as migration 0039 made them, made again if missing (a database emptied
 * by the tests, a restore of an older backup): disabled, no password matches, never listed.
 */
export async function ensureSystemUser(executor: Executor, now: Date): Promise<void> {
  await executor.execute(sql`insert into persons (id, first_name, last_name, created_at, updated_at)
    values (${SYSTEM_USER_ID}::uuid, 'Lajan', '(automatique)', ${now.toISOString()}, ${now.toISOString()})
    on conflict do nothing`);
  await executor.execute(sql`insert into users (id, username, password_hash, person_id, role, is_super_admin,
      system, deleted_at, password_updated_at, created_at, updated_at)
    values (${SYSTEM_USER_ID}::uuid, ${SYSTEM_USER_NAME}, '!', ${SYSTEM_USER_ID}::uuid, 'sudo', false, true,
      ${now.toISOString()}, ${now.toISOString()}, ${now.toISOString()}, ${now.toISOString()})
    on conflict do nothing`);
}

/** A pending transfer due to expire, with what its refund and its e-mail need. */
export interface DueTransfer {
  id: string;
  transactionNumber: string;
  amountCentimes: number;
  createdAt: Date;
  agentId: string;
  agentName: string;
  floatAccountId: string;
  senderAccountId: string | null;
  senderAccountNumber: string | null;
  sender: {
    firstName: string;
    email: string | null;
    preferredLanguage: Language;
    /** Her phone when she prefers SMS (decision 241), else null. */
    smsPhone: string | null;
  } | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The oldest pending transfers sent at or before `sentBefore`, at most `limit`. */
export async function dueTransfers(
  executor: Executor,
  sentBefore: Date,
  limit: number,
): Promise<DueTransfer[]> {
  const result =
    await executor.execute(sql`select t.id, t.transaction_number, t.amount_centimes, t.created_at,
      t.agent_id, g.name as agent_name, f.id as float_id, t.sender_account_id, a.account_number,
      p.first_name, p.email, p.preferred_language, p.id as person_id,
      case when p.preferred_contact_method = 'sms' then p.phone_number end as sms_phone
    from transactions t
    join agents g on g.id = t.agent_id
    join accounts f on f.agent_id = g.id and f.kind = 'float'
    left join accounts a on a.id = t.sender_account_id
    left join persons p on p.id = t.sender_person_id and p.deleted_at is null
    where t.type = 'external_transfer' and t.status = 'pending' and t.created_at <= ${sentBefore.toISOString()}
    order by t.created_at, t.id
    limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    id: row.id as string,
    transactionNumber: row.transaction_number as string,
    amountCentimes: centimesFromSql(row.amount_centimes as string | number),
    createdAt: new Date(row.created_at as string | Date),
    agentId: row.agent_id as string,
    agentName: row.agent_name as string,
    floatAccountId: row.float_id as string,
    senderAccountId: (row.sender_account_id as string | null) ?? null,
    senderAccountNumber: (row.account_number as string | null) ?? null,
    sender: row.person_id
      ? {
          firstName: row.first_name as string,
          email: (row.email as string | null) ?? null,
          preferredLanguage: row.preferred_language as Language,
          smsPhone: (row.sms_phone as string | null) ?? null,
        }
      : null,
  }));
}

/**
 * A transfer expires without a refund (a cash send, or one whose account refused it): only its status
 * changes, while pending; true when this call changed it.
 */
export async function markExpired(executor: Executor, transferId: string, sentBefore: Date, at: Date) {
  const result =
    await executor.execute(sql`update transactions set status = 'expired', settled_at = ${at.toISOString()}
    where id = ${transferId}::uuid and type = 'external_transfer' and status = 'pending'
      and created_at <= ${sentBefore.toISOString()}
    returning id`);
  return rowsOf(result).length === 1;
}

/** `GET /transactions/to-refund`: the agent's expired transfers that no refund settles yet, oldest first. */
export async function transfersToRefund(
  executor: Executor,
  agentId: string,
  page: { limit: number; offset: number },
) {
  const owed = sql`t.agent_id = ${agentId}::uuid and t.type = 'external_transfer' and t.status = 'expired'
    and not exists (select 1 from transactions r where r.related_transaction_id = t.id and r.type = 'external_refund')`;
  const [rows, totals] = await Promise.all([
    executor.execute(sql`select t.transaction_number, t.amount_centimes, t.fee_centimes, t.created_at,
        t.settled_at, p.first_name, p.last_name, t.recipient->>'firstName' as recipient_first_name,
        t.recipient->>'lastName' as recipient_last_name,
        ${failuresSinceUnlockSql(sql`t.id`)} >= ${PAYOUT_FAILED_IDENTIFICATIONS_LIMIT} as locked
      from transactions t left join persons p on p.id = t.sender_person_id
      where ${owed}
      order by t.settled_at, t.id
      limit ${page.limit} offset ${page.offset}`),
    executor.execute(sql`select count(*) as total from transactions t where ${owed}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((row) => ({
      transactionNumber: row.transaction_number as string,
      amountCentimes: centimesFromSql(row.amount_centimes as string | number),
      feeCentimes: centimesFromSql(row.fee_centimes as string | number),
      sentAt: new Date(row.created_at as string | Date),
      expiredAt: new Date(row.settled_at as string | Date),
      locked: Boolean(row.locked),
      sender:
        row.first_name === null || row.first_name === undefined
          ? null
          : { firstName: row.first_name as string, lastName: row.last_name as string },
      recipient:
        row.recipient_first_name === null || row.recipient_first_name === undefined
          ? null
          : {
              firstName: row.recipient_first_name as string,
              lastName: (row.recipient_last_name as string | null) ?? '',
            },
    })),
    total: Number(rowsOf<{ total: string | number }>(totals)[0]?.total ?? 0),
  };
}

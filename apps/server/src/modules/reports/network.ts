import {
  addDays,
  centimesFromSql,
  centimesToHtg,
  CURRENCY,
  haitiDateOf,
  htgToCentimes,
  startOfHaitiDay,
  trialBalanceKeys,
  trialBalanceLabels,
  type LargeOperationGroup,
  type PersonRole,
  type TransactionStatus,
  type TransactionType,
  type TrialBalance,
  type TrialBalanceKey,
} from '@lajan/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { isCashOperation } from '../../ledger/cash.js';
import type { ResolvedPeriod } from './period.js';

/*
 * The network's reports for the super administrator (issue 16 item 5, decision 148).
 */

/**
 * Every account kind's balance, read in one statement (one snapshot): the system accounts one by one,
 * the floats and the customer accounts in total. Every posting's entries sum to zero and every balance
 * is the sum of its entries, so the lines sum to zero.
 */
export async function trialBalance(executor: Executor, now: Date): Promise<TrialBalance> {
  const result = await executor.execute(sql`
    select kind, system_code, min(account_number) as account_number, count(*)::int as accounts,
           coalesce(sum(balance_centimes), 0) as balance
    from accounts
    group by kind, system_code`);
  const rows = (
    result as {
      rows: {
        kind: string;
        system_code: string | null;
        account_number: string;
        accounts: number;
        balance: string | number;
      }[];
    }
  ).rows;
  const lines = new Map<
    TrialBalanceKey,
    { accountNumber: string | null; accounts: number; balance: number }
  >();
  for (const row of rows) {
    const key: TrialBalanceKey =
      row.kind === 'system'
        ? (row.system_code as TrialBalanceKey)
        : row.kind === 'float'
          ? 'floats'
          : 'customers';
    lines.set(key, {
      accountNumber: row.kind === 'system' ? row.account_number : null,
      accounts: Number(row.accounts),
      balance: centimesFromSql(row.balance),
    });
  }
  const ordered = trialBalanceKeys.map((key) => {
    const line = lines.get(key) ?? { accountNumber: null, accounts: 0, balance: 0 };
    return { key, label: trialBalanceLabels[key], ...line };
  });
  const totalCentimes = ordered.reduce((sum, line) => sum + line.balance, 0);
  return {
    at: now.toISOString(),
    currency: CURRENCY,
    rows: ordered.map((line) => ({ ...line, balance: centimesToHtg(line.balance) })),
    total: centimesToHtg(totalCentimes),
  };
}

interface GroupRow {
  bucket: number;
  person_name: string;
  document_type: string | null;
  document_number: string | null;
  operations_count: number;
  total: string | number;
  largest: string | number;
  operations: {
    transaction_number: string;
    type: TransactionType;
    status: TransactionStatus;
    amount: number | string;
    roles: PersonRole[];
    agent_code: string | null;
    agent_name: string | null;
    created_at: string;
  }[];
  groups: number;
}

/**
 * Whose operations a person-day report counts: every operation but agent deposits and refunds, everyone on
 * it (decision 148); or the cash operations, whoever handed or took the cash (decision 228).
 */
export type PersonScope = 'operations' | 'cash';

/** The Haiti days of a period and their starting instants as a SQL array, for `width_bucket`. */
export function periodDays(period: ResolvedPeriod): { days: string[]; starts: SQL } {
  const days: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) days.push(day);
  const starts = sql`array[${sql.join(
    days.map((day) => sql`${startOfHaitiDay(day).toISOString()}::timestamptz`),
    sql`, `,
  )}]`;
  return { days, starts };
}

/**
 * The common table expressions `ops` (each operation of the period, its Haiti day as `bucket`),
 * `per_operation` (each person on each operation once, with her roles) of decision 148: a person is matched
 * by her identity document (type and upper-cased number), else by her name (lower-cased, spaces collapsed).
 */
export function personOperationsCtes(scope: PersonScope, period: ResolvedPeriod, starts: SQL): SQL {
  const cash = scope === 'cash';
  return sql`
    ops as (
      select t.id, t.transaction_number, t.type, t.status, t.amount_centimes, t.created_at, t.agent_id,
             t.created_by_user_id, t.account_id, t.fee_version, t.related_transaction_id,
             ${cash ? sql`coalesce(t.party, c.party)` : sql`t.party`} as party,
             t.recipient, t.sender_person_id, c.type as corrected_type,
             width_bucket(t.created_at, ${starts}) as bucket
      from transactions t
      left join transactions c on t.type = 'reversal' and c.id = t.related_transaction_id
      where t.created_at >= ${period.start.toISOString()}::timestamptz
        and t.created_at < ${period.end.toISOString()}::timestamptz
        and ${
          cash
            ? isCashOperation({
                type: sql`t.type`,
                senderAccountId: sql`t.sender_account_id`,
                correctedType: sql`c.type`,
              })
            : sql`t.type not in ('agent_deposit', 'external_refund')`
        }
    ),
    people as (
      select o.id, o.bucket, 'party' as role, o.party->>'name' as name,
             o.party->>'idDocumentType' as document_type, o.party->>'idDocumentNumber' as document_number,
             null::uuid as person_id
      from ops o where o.party is not null
      union all
      select o.id, o.bucket, 'sender', p.first_name || ' ' || p.last_name, p.id_document_type,
             p.id_document_number, p.id
      from ops o join persons p on p.id = o.sender_person_id
      ${cash ? sql`where o.type = 'external_transfer'` : sql``}
      ${
        cash
          ? sql``
          : sql`union all
      select o.id, o.bucket, 'recipient',
             coalesce(o.recipient->>'firstName', '') || ' ' || coalesce(o.recipient->>'lastName', ''),
             o.recipient->>'idDocumentType', o.recipient->>'idDocumentNumber', null::uuid
      from ops o where o.recipient is not null`
      }
    ),
    keyed as (
      select people.*,
             case when coalesce(trim(document_number), '') <> ''
                  then 'doc:' || coalesce(document_type, '') || ':' || upper(trim(document_number))
                  else 'name:' || lower(regexp_replace(trim(name), '\\s+', ' ', 'g')) end as person_key
      from people
    ),
    per_operation as (
      select k.person_key, k.bucket, k.id, array_agg(distinct k.role) as roles,
             min(k.name) as name, min(k.document_type) as document_type, min(k.document_number) as document_number,
             min(k.person_id::text) as person_id
      from keyed k
      group by k.person_key, k.bucket, k.id
    )`;
}

/**
 * Each person's Haiti day whose operations add up to `threshold` or more, largest first (decision 148). A
 * person is matched by her identity document, else by her name; an operation counts once per person whatever
 * her roles. Agent deposits and refunds are left out.
 */
export async function largeOperations(
  executor: Executor,
  period: ResolvedPeriod,
  thresholdHtg: number,
  page: number,
  perPage: number,
): Promise<{ groups: LargeOperationGroup[]; total: number }> {
  const { days, starts } = periodDays(period);
  const thresholdCentimes = htgToCentimes(thresholdHtg);
  const result = await executor.execute(sql`
    with ${personOperationsCtes('operations', period, starts)},
    groups as (
      select po.person_key, po.bucket, min(po.name) as person_name, min(po.document_type) as document_type,
             min(upper(po.document_number)) as document_number, count(*)::int as operations_count,
             sum(o.amount_centimes) as total, max(o.amount_centimes) as largest,
             json_agg(json_build_object(
               'transaction_number', o.transaction_number, 'type', o.type, 'status', o.status,
               'amount', o.amount_centimes, 'roles', po.roles, 'agent_code', a.code, 'agent_name', a.name,
               'created_at', o.created_at) order by o.created_at, o.id) as operations
      from per_operation po
      join ops o on o.id = po.id
      left join agents a on a.id = o.agent_id
      group by po.person_key, po.bucket
      having sum(o.amount_centimes) >= ${thresholdCentimes}
    )
    select g.*, count(*) over ()::int as groups
    from groups g
    order by g.bucket desc, g.total desc, g.person_key
    limit ${perPage} offset ${(page - 1) * perPage}`);
  const rows = (result as { rows: GroupRow[] }).rows;
  const groups = rows.map((row): LargeOperationGroup => {
    const largest = centimesFromSql(row.largest);
    return {
      date: days[Number(row.bucket) - 1] ?? haitiDateOf(new Date(row.operations[0]!.created_at)),
      person: {
        name: row.person_name.trim(),
        idDocumentType: row.document_type,
        idDocumentNumber: row.document_number,
      },
      count: Number(row.operations_count),
      total: centimesToHtg(row.total),
      largest: centimesToHtg(largest),
      split: largest < thresholdCentimes,
      operations: row.operations.map((operation) => ({
        transactionNumber: operation.transaction_number,
        type: operation.type,
        status: operation.status,
        amount: centimesToHtg(operation.amount),
        roles: [...operation.roles].sort(),
        agent: operation.agent_code ? { code: operation.agent_code, name: operation.agent_name ?? '' } : null,
        createdAt: new Date(operation.created_at).toISOString(),
      })),
    };
  });
  return { groups, total: Number(rows[0]?.groups ?? 0) };
}

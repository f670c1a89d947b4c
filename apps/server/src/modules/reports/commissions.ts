import { t } from '@lingui/core/macro';
import {
  audienceOf,
  centimesFromSql,
  centimesToHtg,
  commissionCsvHeaders,
  CURRENCY,
  feeTypes,
  haitiDateTime,
  statementCsvTexts,
  transactionStatusLabels,
  transactionTypeLabels,
  type CommissionOperation,
  type CommissionStatement,
  type CommissionTotals,
  type FeeType,
  type SessionUser,
  type TransactionStatus,
} from '@lajan/domain';
import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { agents, transactions } from '../../db/schema.js';
import { Forbidden, NotFound } from '../../http/errors.js';
import { CSV_BOM, csvAmount, csvLine, csvText } from '../../lib/csv.js';
import type { ResolvedPeriod } from './period.js';

// The commission statement (decision 148), read from the transactions' stored fee and agent share: exactly
// what the ledger posted. A cancelled external transfer keeps its fee (every status counts); a reversal nets
// its original's fee and agent share on the original's type, in its own period (decision 226).

// Read when refused, in the language of the moment (decision 236).
const agentNotFound = () => t`Agent introuvable`;

/** The statement's agent: an administrator's own (another's answers 404), any for the super administrator. */
export async function statementAgentOf(
  executor: Executor,
  session: SessionUser,
  agentCode: string | undefined,
): Promise<{ id: string; code: string; name: string } | null> {
  const superAdmin = audienceOf(session) === 'superAdmin';
  if (!superAdmin && !session.agent) throw new Forbidden();
  const code = agentCode ?? (superAdmin ? undefined : session.agent!.code);
  if (code === undefined) return null;
  if (!superAdmin && code !== session.agent!.code) throw new NotFound(agentNotFound());
  const [agent] = await executor
    .select({ id: agents.id, code: agents.code, name: agents.name })
    .from(agents)
    .where(eq(agents.code, code));
  if (!agent) throw new NotFound(agentNotFound());
  return agent;
}

function banded(agentId: string | undefined, period: ResolvedPeriod): SQL {
  return and(
    agentId ? eq(transactions.agentId, agentId) : undefined,
    inArray(transactions.type, [...feeTypes]),
    gte(transactions.createdAt, period.start),
    lt(transactions.createdAt, period.end),
  )!;
}

const sums = {
  count: sql<number>`count(*)::int`,
  amount: sql<string>`coalesce(sum(${transactions.amountCentimes}), 0)`,
  fee: sql<string>`coalesce(sum(${transactions.feeCentimes}), 0)`,
  agentShare: sql<string>`coalesce(sum(${transactions.agentShareCentimes}), 0)`,
};

interface Figures {
  count: number;
  amountCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
}

function figuresOf(row: { count: number; amount: string; fee: string; agentShare: string }): Figures {
  return {
    count: Number(row.count),
    amountCentimes: centimesFromSql(row.amount),
    feeCentimes: centimesFromSql(row.fee),
    agentShareCentimes: centimesFromSql(row.agentShare),
  };
}

function present(figures: Figures): CommissionTotals {
  return {
    count: figures.count,
    amount: centimesToHtg(figures.amountCentimes),
    fee: centimesToHtg(figures.feeCentimes),
    agentShare: centimesToHtg(figures.agentShareCentimes),
    feeIncome: centimesToHtg(figures.feeCentimes - figures.agentShareCentimes),
  };
}

function add(a: Figures, b: Figures): Figures {
  return {
    count: a.count + b.count,
    amountCentimes: a.amountCentimes + b.amountCentimes,
    feeCentimes: a.feeCentimes + b.feeCentimes,
    agentShareCentimes: a.agentShareCentimes + b.agentShareCentimes,
  };
}

function negated(figures: Figures): Figures {
  return {
    count: -figures.count,
    amountCentimes: -figures.amountCentimes,
    feeCentimes: -figures.feeCentimes,
    agentShareCentimes: -figures.agentShareCentimes,
  };
}

const original = alias(transactions, 'original');

/** The reversals of the period, by agent and by their original's type, with their original's figures. */
function reversalsOf(executor: Executor, agentId: string | undefined, period: ResolvedPeriod) {
  return executor
    .select({
      agentId: transactions.agentId,
      type: original.type,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${original.amountCentimes}), 0)`,
      fee: sql<string>`coalesce(sum(${original.feeCentimes}), 0)`,
      agentShare: sql<string>`coalesce(sum(${original.agentShareCentimes}), 0)`,
    })
    .from(transactions)
    .innerJoin(original, eq(original.id, transactions.relatedTransactionId))
    .where(
      and(
        agentId ? eq(transactions.agentId, agentId) : undefined,
        eq(transactions.type, 'reversal'),
        inArray(original.type, [...feeTypes]),
        gte(transactions.createdAt, period.start),
        lt(transactions.createdAt, period.end),
      ),
    )
    .groupBy(transactions.agentId, original.type);
}

const none: Figures = { count: 0, amountCentimes: 0, feeCentimes: 0, agentShareCentimes: 0 };

/**
 * By type (one grouped read on `transactions (agent_id, type, created_at, id)` for an agent, on
 * `(created_at, id)` for the network), and for the network by agent too.
 */
export async function commissionStatement(
  executor: Executor,
  agent: { id: string; code: string; name: string } | null,
  period: ResolvedPeriod,
): Promise<CommissionStatement> {
  const [rows, reversals] = await Promise.all([
    executor
      .select({ agentId: transactions.agentId, type: transactions.type, ...sums })
      .from(transactions)
      .where(banded(agent?.id, period))
      .groupBy(transactions.agentId, transactions.type),
    reversalsOf(executor, agent?.id, period),
  ]);

  const byType = new Map<FeeType, Figures>();
  const byAgentId = new Map<string, Figures>();
  const lines = [
    ...rows.map((row) => ({ row, figures: figuresOf(row) })),
    ...reversals.map((row) => ({ row, figures: negated(figuresOf(row)) })),
  ];
  for (const { row, figures } of lines) {
    const type = row.type as FeeType;
    byType.set(type, add(byType.get(type) ?? none, figures));
    if (row.agentId) byAgentId.set(row.agentId, add(byAgentId.get(row.agentId) ?? none, figures));
  }
  const totals = [...byType.values()].reduce(add, none);

  let byAgent: CommissionStatement['byAgent'] = [];
  if (!agent && byAgentId.size > 0) {
    const names = await executor
      .select({ id: agents.id, code: agents.code, name: agents.name })
      .from(agents)
      .where(inArray(agents.id, [...byAgentId.keys()]))
      .orderBy(asc(agents.code));
    byAgent = names.map((one) => ({
      agent: { code: one.code, name: one.name },
      ...present(byAgentId.get(one.id)!),
    }));
  }

  return {
    period: { from: period.from, to: period.to },
    currency: CURRENCY,
    agent: agent ? { code: agent.code, name: agent.name } : null,
    byType: feeTypes.map((type) => ({
      type,
      label: transactionTypeLabels[type],
      ...present(byType.get(type) ?? none),
    })),
    totals: present(totals),
    byAgent,
  };
}

interface OperationRow {
  transactionNumber: string;
  type: string;
  status: string;
  amountCentimes: number;
  feeCentimes: number;
  agentShareCentimes: number;
  agentCode: string | null;
  agentName: string | null;
  createdAt: Date;
  id: string;
  cursor: string;
}

const operationColumns = {
  transactionNumber: transactions.transactionNumber,
  type: transactions.type,
  status: transactions.status,
  amountCentimes: transactions.amountCentimes,
  feeCentimes: transactions.feeCentimes,
  agentShareCentimes: transactions.agentShareCentimes,
  agentCode: agents.code,
  agentName: agents.name,
  createdAt: transactions.createdAt,
  id: transactions.id,
  // The exact microsecond, for the export's keyset (a JavaScript Date keeps milliseconds).
  cursor: sql<string>`${transactions.createdAt}::text`,
};

function operationOf(row: OperationRow): CommissionOperation {
  const fee = centimesFromSql(row.feeCentimes);
  const share = centimesFromSql(row.agentShareCentimes);
  return {
    transactionNumber: row.transactionNumber,
    type: row.type as FeeType,
    status: row.status as TransactionStatus,
    amount: centimesToHtg(row.amountCentimes),
    fee: centimesToHtg(fee),
    agentShare: centimesToHtg(share),
    feeIncome: centimesToHtg(fee - share),
    agent: { code: row.agentCode ?? '', name: row.agentName ?? '' },
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** A page of the operations behind the statement, oldest first. */
export async function commissionOperations(
  executor: Executor,
  agent: { id: string } | null,
  period: ResolvedPeriod,
  page: number,
  perPage: number,
): Promise<{ rows: CommissionOperation[]; total: number }> {
  const where = banded(agent?.id, period);
  const [rows, totals] = await Promise.all([
    executor
      .select(operationColumns)
      .from(transactions)
      .leftJoin(agents, eq(agents.id, transactions.agentId))
      .where(where)
      .orderBy(asc(transactions.createdAt), asc(transactions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    executor.select({ total: count() }).from(transactions).where(where),
  ]);
  return { rows: rows.map(operationOf), total: Number(totals[0]?.total ?? 0) };
}

const EXPORT_PAGE_SIZE = 2_000;

/**
 * The statement as CSV: every operation, oldest first, read by keyset `(created_at, id)` a page at a time
 * (no offset: the network's month may be long), then the totals by type and overall.
 */
export async function* commissionCsv(
  executor: Executor,
  agent: { id: string } | null,
  statement: CommissionStatement,
  period: ResolvedPeriod,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine([...commissionCsvHeaders]);
  let after: { cursor: string; id: string } | undefined;
  for (;;) {
    const rows = await executor
      .select(operationColumns)
      .from(transactions)
      .leftJoin(agents, eq(agents.id, transactions.agentId))
      .where(
        and(
          banded(agent?.id, period),
          after
            ? sql`(${transactions.createdAt}, ${transactions.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(transactions.createdAt), asc(transactions.id))
      .limit(EXPORT_PAGE_SIZE);
    let chunk = '';
    for (const row of rows) {
      const fee = centimesFromSql(row.feeCentimes);
      const share = centimesFromSql(row.agentShareCentimes);
      chunk += csvLine([
        csvText(row.transactionNumber),
        csvText(transactionTypeLabels[row.type as FeeType]),
        csvText(transactionStatusLabels[row.status]),
        row.agentCode ? csvText(`${row.agentName ?? ''} (${row.agentCode})`) : '',
        haitiDateTime(new Date(row.createdAt)),
        csvAmount(centimesFromSql(row.amountCentimes)),
        csvAmount(fee),
        csvAmount(share),
        csvAmount(fee - share),
      ]);
    }
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE_SIZE) break;
    after = { cursor: last.cursor, id: last.id };
  }
  const cents = (htg: number) => csvAmount(Math.round(htg * 100));
  const lines = [...statement.byType, { ...statement.totals, label: statementCsvTexts.allTypes }];
  for (const line of lines) {
    yield csvLine([
      csvText(statementCsvTexts.total),
      csvText(line.label),
      csvText(statementCsvTexts.operations(line.count)),
      '',
      '',
      cents(line.amount),
      cents(line.fee),
      cents(line.agentShare),
      cents(line.feeIncome),
    ]);
  }
}

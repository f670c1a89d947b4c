import { t } from '@lingui/core/macro';
import {
  accountStatementCsvHeaders,
  audienceOf,
  centimesFromSql,
  centimesToHtg,
  CURRENCY,
  haitiDateTime,
  statementCsvTexts,
  statementMessages,
  transactionTypeLabels,
  type AccountStatement,
  type SessionUser,
  type TransactionType,
} from '@lajan/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountHolders, accounts, agents, persons } from '../../db/schema.js';
import { Forbidden, NotFound, ValidationFailed } from '../../http/errors.js';
import { CSV_BOM, csvAmount, csvLine, csvText } from '../../lib/csv.js';
import { statementAgentOf } from './commissions.js';
import type { ResolvedPeriod } from './period.js';

// A customer account's statement (decision 148): the balances are the balance now minus the later entries,
// all read in one statement, so the opening, the movements and the closing come from one snapshot and add up.

// Read when refused, in the language of the moment (decision 236).
const notFound = () => t`Compte introuvable`;

interface StatementAccount {
  id: string;
  accountNumber: string;
  type: string;
  holders: string[];
  /** A float's agent (decision 191). */
  agent?: { code: string; name: string };
}

/**
 * The account by its number, if `session` may read it: a customer account held by the session's agent
 * (the agent that opened it), any for the super administrator; anything else is unknown (404), as for
 * the accounts routes, so a number of another agent's account reveals nothing.
 */
export async function statementAccountOf(
  executor: Executor,
  session: SessionUser,
  accountNumber: string,
): Promise<StatementAccount> {
  const superAdmin = audienceOf(session) === 'superAdmin';
  if (!superAdmin && !session.agent) throw new Forbidden();
  const [row] = await executor
    .select({
      id: accounts.id,
      accountNumber: accounts.accountNumber,
      type: accounts.type,
      agentCode: agents.code,
    })
    .from(accounts)
    .leftJoin(agents, eq(agents.id, accounts.agentId))
    .where(and(eq(accounts.accountNumber, accountNumber), eq(accounts.kind, 'customer')));
  if (!row || (!superAdmin && row.agentCode !== session.agent!.code)) throw new NotFound(notFound());
  const holders = await executor
    .select({ firstName: persons.firstName, lastName: persons.lastName })
    .from(accountHolders)
    .innerJoin(persons, eq(persons.id, accountHolders.personId))
    .where(eq(accountHolders.accountId, row.id))
    .orderBy(asc(accountHolders.position));
  return {
    id: row.id,
    accountNumber: row.accountNumber,
    type: row.type ?? 'current',
    holders: holders.map((holder) => `${holder.firstName} ${holder.lastName}`),
  };
}

/**
 * An agent's float, as a statement's account (decision 191): the agent of `agentCode`, an administrator's
 * own (another code: 404, as the commission statement answers); the super administrator names one.
 */
export async function floatStatementAccountOf(
  executor: Executor,
  session: SessionUser,
  agentCode: string | undefined,
): Promise<StatementAccount> {
  const agent = await statementAgentOf(executor, session, agentCode);
  if (!agent) throw new ValidationFailed({ agentCode: [statementMessages.agentCodeRequired] });
  const [float] = await executor
    .select({ id: accounts.id, accountNumber: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.agentId, agent.id), eq(accounts.kind, 'float')));
  if (!float) throw new NotFound(notFound());
  return {
    id: float.id,
    accountNumber: float.accountNumber,
    type: 'float',
    holders: [],
    agent: { code: agent.code, name: agent.name },
  };
}

interface RawStatement {
  balance_now: string | number;
  after_start: string | number;
  after_end: string | number;
  credits: string | number;
  debits: string | number;
  movements_count: number;
  movements:
    | {
        transaction_number: string;
        type: TransactionType;
        created_at: string;
        amount: number | string;
        running: number | string;
      }[]
    | null;
}

/**
 * One statement on `entries (account_id, created_at)`: the balance now, the entries after the period's
 * start and end, and a page of the period's movements (one per transaction, oldest first) with their
 * running sum. `page` undefined: every movement (the CSV).
 */
async function readStatement(
  executor: Executor,
  account: StatementAccount,
  period: ResolvedPeriod,
  page: { page: number; perPage: number } | undefined,
): Promise<RawStatement> {
  const start = period.start.toISOString();
  const end = period.end.toISOString();
  const slice = page ? sql`limit ${page.perPage} offset ${(page.page - 1) * page.perPage}` : sql``;
  const result = await executor.execute(sql`
    with moves as (
      select e.transaction_id, min(e.id) as first_id, min(e.created_at) as created_at,
             sum(e.amount_centimes) as amount
      from entries e
      where e.account_id = ${account.id} and e.created_at >= ${start}::timestamptz
        and e.created_at < ${end}::timestamptz
      group by e.transaction_id
    ),
    running as (
      select m.*, sum(m.amount) over (order by m.created_at, m.first_id
                                      rows between unbounded preceding and current row) as running
      from moves m
    ),
    page as (
      select r.*, t.transaction_number, t.type from running r
      join transactions t on t.id = r.transaction_id
      order by r.created_at, r.first_id
      ${slice}
    )
    select a.balance_centimes as balance_now,
      (select coalesce(sum(amount_centimes), 0) from entries
        where account_id = a.id and created_at >= ${start}::timestamptz) as after_start,
      (select coalesce(sum(amount_centimes), 0) from entries
        where account_id = a.id and created_at >= ${end}::timestamptz) as after_end,
      (select coalesce(sum(amount), 0) from moves where amount > 0) as credits,
      (select coalesce(sum(amount), 0) from moves where amount < 0) as debits,
      (select count(*)::int from moves) as movements_count,
      (select json_agg(json_build_object('transaction_number', p.transaction_number, 'type', p.type,
         'created_at', p.created_at, 'amount', p.amount, 'running', p.running)
         order by p.created_at, p.first_id) from page p) as movements
    from accounts a where a.id = ${account.id}`);
  const [row] = (result as { rows: RawStatement[] }).rows;
  if (!row) throw new NotFound(notFound());
  return row;
}

export async function accountStatement(
  executor: Executor,
  account: StatementAccount,
  period: ResolvedPeriod,
  page: number,
  perPage: number,
): Promise<{ statement: AccountStatement; total: number }> {
  const raw = await readStatement(executor, account, period, { page, perPage });
  const nowCentimes = centimesFromSql(raw.balance_now);
  const openingCentimes = nowCentimes - centimesFromSql(raw.after_start);
  return {
    statement: {
      account: {
        accountNumber: account.accountNumber,
        type: account.type,
        holders: account.holders,
        ...(account.agent ? { agent: account.agent } : {}),
      },
      period: { from: period.from, to: period.to },
      currency: CURRENCY,
      openingBalance: centimesToHtg(openingCentimes),
      totalCredits: centimesToHtg(raw.credits),
      totalDebits: centimesToHtg(raw.debits),
      closingBalance: centimesToHtg(nowCentimes - centimesFromSql(raw.after_end)),
      movements: (raw.movements ?? []).map((move) => ({
        transactionNumber: move.transaction_number,
        type: move.type,
        label: transactionTypeLabels[move.type],
        createdAt: new Date(move.created_at).toISOString(),
        amount: centimesToHtg(move.amount),
        balance: centimesToHtg(openingCentimes + centimesFromSql(move.running)),
      })),
    },
    total: Number(raw.movements_count),
  };
}

/** The statement as CSV: the opening line, every movement with its balance, the closing line. */
export async function accountStatementCsv(
  executor: Executor,
  account: StatementAccount,
  period: ResolvedPeriod,
  now: Date,
): Promise<string> {
  const raw = await readStatement(executor, account, period, undefined);
  const nowCentimes = centimesFromSql(raw.balance_now);
  const openingCentimes = nowCentimes - centimesFromSql(raw.after_start);
  let text = CSV_BOM + csvLine([...accountStatementCsvHeaders]);
  text += csvLine([
    haitiDateTime(period.start),
    '',
    csvText(statementCsvTexts.opening),
    '',
    csvAmount(openingCentimes),
  ]);
  for (const move of raw.movements ?? []) {
    text += csvLine([
      haitiDateTime(new Date(move.created_at)),
      csvText(move.transaction_number),
      csvText(transactionTypeLabels[move.type]),
      csvAmount(centimesFromSql(move.amount)),
      csvAmount(openingCentimes + centimesFromSql(move.running)),
    ]);
  }
  const closingCentimes = nowCentimes - centimesFromSql(raw.after_end);
  const lastInstant = new Date(Math.min(period.end.getTime() - 60_000, now.getTime()));
  text += csvLine([
    haitiDateTime(lastInstant),
    '',
    csvText(statementCsvTexts.closing),
    '',
    csvAmount(closingCentimes),
  ]);
  return text;
}

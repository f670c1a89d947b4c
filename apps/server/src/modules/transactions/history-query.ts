import { centimesFromSql, foldForSearch, type TransactionStatus, type TransactionType } from '@lajan/domain';
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  accountHolders,
  accounts,
  agents,
  historyCounts,
  persons,
  transactions,
  users,
} from '../../db/schema.js';
import type { TransactionRecord } from './present.js';
import { recordOf, viewsByIds } from './transaction-views.js';

export interface HistoryFilter {
  /** Only this agent's transactions; undefined: all (the super administrator). */
  agentId: string | undefined;
  type: TransactionType | undefined;
  q: string | undefined;
  page: number;
  perPage: number;
}

/** What `q` looks for: digits (a transaction or account number, typed with spaces or dashes), or a name. */
export type HistorySearch = { digits: string } | { name: string };

export function historySearchOf(q: string): HistorySearch | undefined {
  const compact = q.replace(/[\s\-.]/g, '');
  if (compact === '') return undefined;
  if (/^\d+$/.test(compact)) return { digits: compact };
  const name = foldForSearch(q.trim().replace(/\s+/g, ' ')).trim();
  // Nothing left once folded (a lone accent): no search, not a name that every name starts with.
  return name === '' ? undefined : { name };
}

/**
 * `column` starts with the digits `prefix`, as a range on the column's own btree: a number holds only
 * digits, which every collation orders digit by digit, so `[prefix, next)` is exactly its prefix matches.
 */
function digitPrefix(column: SQL | typeof transactions.transactionNumber, prefix: string): SQL {
  const digits = prefix.split('').map(Number);
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === 9) i -= 1;
  if (i < 0) return sql`${column} >= ${prefix}`;
  const next = digits.slice(0, i).join('') + String((digits[i] ?? 0) + 1);
  return sql`(${column} >= ${prefix} and ${column} < ${next})`;
}

/**
 * The text just above every text that starts with `prefix`, in byte order (`text_pattern_ops`): the
 * prefix with its last character raised by one (UTF-8 orders bytes as it orders code points). Undefined
 * when there is none (the last character is the highest code point).
 */
function prefixUpperBound(prefix: string): string | undefined {
  const characters = Array.from(prefix);
  const last = characters.pop();
  if (last === undefined) return undefined;
  const code = last.codePointAt(0) ?? 0;
  if (code >= 0x10ffff) return undefined;
  // The surrogates are not characters: the next one after U+D7FF is U+E000.
  const next = code === 0xd7ff ? 0xe000 : code + 1;
  return characters.join('') + String.fromCodePoint(next);
}

/**
 * `expression` starts with `prefix`, as a range with the `text_pattern_ops` operators (decision 144):
 * unlike `like $1`, whose pattern a prepared statement's generic plan cannot read, a range on parameters
 * stays an index condition in every plan.
 */
function startsWith(expression: SQL, prefix: string): SQL {
  const upper = prefixUpperBound(prefix);
  return upper === undefined
    ? sql`${expression} ~>=~ ${prefix}`
    : sql`(${expression} ~>=~ ${prefix} and ${expression} ~<~ ${upper})`;
}

/** A person whose folded name (full, or last) starts with `name`: the stored columns of decision 181. */
function personNamed(name: string): SQL {
  return sql`(${startsWith(sql`${persons.fullNameFolded}`, name)} or ${startsWith(sql`${persons.lastNameFolded}`, name)})`;
}

/** The persons whose folded name (full, or last) starts with `name`. */
function personsNamed(name: string): SQL {
  return sql`select ${persons.id} from ${persons} where ${personNamed(name)}`;
}

/**
 * What `q` looks for, with the accounts a person of that name holds read once (decisions 178, 180): found
 * by the holder's name whoever stood at the counter; a teller's, its own agent's only (decision 132).
 * Passed to each statement as an array, not computed three times in each.
 */
type ResolvedSearch = { digits: string } | { name: string; held: string[]; common: boolean };

/**
 * A name is common (decision 183) when more than this many of the accounts in view (the agent's, or the
 * network's) are held by a person of that name, and more than `COMMON_NAME_SHARE` of them: its matches are
 * then a good part of the rows, read by a filter, where its lists are looked up by hash.
 */
const COMMON_NAME_FROM = 100;
const COMMON_NAME_SHARE = 0.2;

async function resolveSearch(
  executor: Executor,
  filter: Pick<HistoryFilter, 'agentId' | 'q'>,
  forceCommon?: boolean,
): Promise<ResolvedSearch | undefined> {
  const search = filter.q ? historySearchOf(filter.q) : undefined;
  if (search === undefined || 'digits' in search) return search;
  // A join, not `= any(array(…))`: the planner sees how many persons bear the name, and starts from the
  // agent's accounts when they are fewer (a common first name: 12 ms instead of 127 at 200 000).
  const rows = await executor
    .selectDistinct({ id: accountHolders.accountId })
    .from(accountHolders)
    .innerJoin(persons, eq(persons.id, accountHolders.personId))
    .where(
      and(
        personNamed(search.name),
        filter.agentId === undefined
          ? undefined
          : inArray(
              accountHolders.accountId,
              executor.select({ id: accounts.id }).from(accounts).where(eq(accounts.agentId, filter.agentId)),
            ),
      ),
    );
  const held = rows.map((row) => row.id);
  let common = forceCommon ?? false;
  if (forceCommon === undefined && held.length > COMMON_NAME_FROM) {
    // The accounts in view: the agent's, counted on its index; the network's, as the planner estimates them
    // (counting them all would cost what this spares).
    const inView =
      filter.agentId === undefined
        ? sql`(select greatest(reltuples, 0) from pg_class where oid = 'accounts'::regclass)`
        : sql`(select count(*) from ${accounts} where ${accounts.agentId} = ${filter.agentId})`;
    const [scope] = (
      (await executor.execute(sql`select ${inView}::float8 as "n"`)) as { rows: { n: number | string }[] }
    ).rows;
    common = held.length > COMMON_NAME_SHARE * Number(scope?.n ?? 0);
  }
  return { name: search.name, held, common };
}

/**
 * The search of the history (decision 139): a number finds the transactions whose number, or one of whose
 * customer accounts' numbers, starts with it; a name finds those whose party, sender or recipient, or a
 * holder of one of whose accounts (decision 178), has a full name or a last name that starts with it. Each by an index, whatever the size of the ledger.
 */
function searchCondition(search: ResolvedSearch): SQL {
  // `= any(array(…))` rather than `in (…)`: an index condition, so that the branches combine as a
  // BitmapOr of index scans instead of a filter over every row of the agent.
  if ('digits' in search) {
    const matching = sql`any(array(select ${accounts.id} from ${accounts} where ${digitPrefix(sql`${accounts.accountNumber}`, search.digits)}))`;
    return sql`(${digitPrefix(sql`${transactions.transactionNumber}`, search.digits)}
      or ${transactions.accountId} = ${matching}
      or ${transactions.senderAccountId} = ${matching}
      or ${transactions.recipientAccountId} = ${matching})`;
  }
  const name = search.name;
  // Account ids are uuids: their array literal needs no quoting.
  const heldArray = sql`${`{${search.held.join(',')}}`}::uuid[]`;
  // A rare name: `= any(array(…))`, a BitmapOr. A common one: `in (select …)`, a hashed subplan, since
  // `= any(array)` scans the array for every row the names did not match (decision 183).
  const [senders, held] = search.common
    ? [sql`in (${personsNamed(name)})`, sql`in (select unnest(${heldArray}))`]
    : [sql`= any(array(${personsNamed(name)}))`, sql`= any(${heldArray})`];
  // The folded names stored with each row (decision 181): the filter reads them, the indexes serve them.
  return sql`(${startsWith(sql`${transactions.partyNameFolded}`, name)}
    or ${startsWith(sql`${transactions.partyLastNameFolded}`, name)}
    or ${startsWith(sql`${transactions.recipientNameFolded}`, name)}
    or ${startsWith(sql`${transactions.recipientLastNameFolded}`, name)}
    or ${transactions.senderPersonId} ${senders}
    or ${transactions.accountId} ${held}
    or ${transactions.senderAccountId} ${held}
    or ${transactions.recipientAccountId} ${held})`;
}

function matchingWhere(
  filter: Pick<HistoryFilter, 'agentId' | 'type'>,
  search: ResolvedSearch | undefined,
): SQL | undefined {
  return and(
    filter.agentId !== undefined ? eq(transactions.agentId, filter.agentId) : undefined,
    filter.type !== undefined ? eq(transactions.type, filter.type) : undefined,
    search ? searchCondition(search) : undefined,
  );
}

/**
 * With a search, its matches are found first as a set, then ordered: otherwise the planner walks the
 * agent's rows newest first hoping to meet ten matches early (decision 144).
 */
function historyWhere(
  filter: Pick<HistoryFilter, 'agentId' | 'type'>,
  search: ResolvedSearch | undefined,
): SQL | undefined {
  const matching = matchingWhere(filter, search);
  if (search === undefined) return matching;
  return sql`${transactions.id} = any(array(select ${transactions.id} from ${transactions} where ${matching}))`;
}

/** The most rows of the history that a dense search's page reads newest first (decision 180). */
const DENSE_WINDOW = 2_000;
/** Below this many matches, the set of them is small: the page takes it, with no more statements. */
const DENSE_FROM = 500;

/**
 * A page, newest first, and the count of matches: ids from `(agent_id, created_at, id)`, then their
 * views. Without `q` the count is read beside the page on another connection (decision 190); a search
 * counts first, since its count decides how its page is read.
 */
export async function historyPage(
  executor: Executor,
  filter: HistoryFilter,
  {
    denseWindow = DENSE_WINDOW,
    denseFrom = DENSE_FROM,
    common,
  }: { denseWindow?: number; denseFrom?: number; common?: boolean } = {},
): Promise<{ records: TransactionRecord[]; total: number }> {
  const search = await resolveSearch(executor, filter, common);
  const offset = (filter.page - 1) * filter.perPage;
  const page = async (ids?: string[]) => {
    ids ??= (
      await executor
        .select({ id: transactions.id })
        .from(transactions)
        .where(historyWhere(filter, search))
        .orderBy(desc(transactions.createdAt), desc(transactions.id))
        .limit(filter.perPage)
        .offset(offset)
    ).map((row) => row.id);
    return (await viewsByIds(executor, ids)).map(recordOf);
  };
  if (search === undefined) {
    const [records, total] = await Promise.all([page(), historyTotal(executor, filter, undefined)]);
    return { records, total };
  }
  const total = await historyTotal(executor, filter, search);
  let ids: string[] | undefined;
  if (total <= offset) ids = [];
  else if (total >= denseFrom) ids = await densePage(executor, filter, search, total, denseWindow);
  return { records: await page(ids), total };
}

/**
 * A search whose matches are dense (a common first name) read as a page without a search is: the agent's
 * newest rows, a window twice what the density says, filtered (decision 183). Undefined when the matches
 * are too sparse or the window held too few: then the set of matches answers.
 */
async function densePage(
  executor: Executor,
  filter: HistoryFilter,
  search: ResolvedSearch,
  total: number,
  denseWindow: number,
): Promise<string[] | undefined> {
  const offset = (filter.page - 1) * filter.perPage;
  const wanted = Math.min(filter.perPage, total - offset);
  const scope = await historyTotal(executor, filter, undefined);
  let window = Math.ceil((2 * (offset + wanted) * scope) / total);
  if (window > denseWindow) return undefined;
  // The matches are not spread evenly (a last name's customers may have come in one season): a window short
  // of the page is read again four times as large, up to the limit, each read a millisecond or two, where the
  // set's way holds every match (decision 183).
  for (;;) {
    // The window is named "transactions", so that the search's arms read its rows.
    const result = await executor.execute(sql`select "id" from (
        select * from ${transactions} where ${matchingWhere(filter, undefined) ?? sql`true`}
        order by ${transactions.createdAt} desc, ${transactions.id} desc limit ${window}) as "transactions"
      where ${searchCondition(search)}
      order by "created_at" desc, "id" desc limit ${wanted} offset ${offset}`);
    const ids = (result as { rows: { id: string }[] }).rows.map((row) => row.id);
    if (ids.length === wanted) return ids;
    if (window >= denseWindow || window >= scope) return undefined;
    window = Math.min(window * 4, denseWindow);
  }
}

/**
 * The exact number of transactions of the filter (DESIGN §6). Without `q`, the counters that the postings
 * keep (decision 144): a sum of at most 16 slots per (agent, type), whatever the size of the ledger. With
 * `q`, a count of its matches on the search's indexes (a number or a name matches few rows).
 */
async function historyTotal(
  executor: Executor,
  filter: HistoryFilter,
  search: ResolvedSearch | undefined,
): Promise<number> {
  if (search) {
    const [counted] = await executor
      .select({ total: count() })
      .from(transactions)
      .where(matchingWhere(filter, search));
    return Number(counted?.total ?? 0);
  }
  const [counted] = await executor
    .select({ total: sql<string | null>`sum(${historyCounts.count})` })
    .from(historyCounts)
    .where(
      and(
        filter.agentId !== undefined ? eq(historyCounts.agentKey, filter.agentId) : undefined,
        filter.type !== undefined ? eq(historyCounts.type, filter.type) : undefined,
      ),
    );
  return Number(counted?.total ?? 0);
}

/** Where a keyset read stopped: the last row's exact time (microseconds, as text) and id. */
export interface HistoryCursor {
  createdAt: string;
  id: string;
}

/** What a CSV row of the history says (`historyCsvHeaders`), and no more. */
export interface HistoryExportRow {
  transactionNumber: string;
  type: TransactionType;
  status: TransactionStatus;
  amountCentimes: number;
  feeCentimes: number;
  createdByUsername: string;
  agent: { code: string; name: string } | null;
  createdAt: Date;
  feeVersion: number | null;
}

/**
 * The next `limit` rows after `cursor` by keyset on the history's index: every page costs the same, with
 * only the two joins the CSV needs (decision 157).
 */
export async function historyAfter(
  executor: Executor,
  filter: Pick<HistoryFilter, 'agentId' | 'type' | 'q'>,
  cursor: HistoryCursor | undefined,
  limit: number,
): Promise<{ records: HistoryExportRow[]; next: HistoryCursor | undefined }> {
  const search = await resolveSearch(executor, filter);
  const rows = await executor
    .select({
      id: transactions.id,
      cursorAt: sql<string>`${transactions.createdAt}::text`,
      transactionNumber: transactions.transactionNumber,
      type: transactions.type,
      status: transactions.status,
      amountCentimes: transactions.amountCentimes,
      feeCentimes: transactions.feeCentimes,
      feeVersion: transactions.feeVersion,
      createdAt: transactions.createdAt,
      createdByUsername: users.username,
      agentCode: agents.code,
      agentName: agents.name,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.createdByUserId))
    .leftJoin(agents, eq(agents.id, transactions.agentId))
    .where(
      and(
        historyWhere(filter, search),
        cursor
          ? sql`(${transactions.createdAt}, ${transactions.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  const last = rows.at(-1);
  return {
    records: rows.map((row) => ({
      transactionNumber: row.transactionNumber,
      type: row.type,
      status: row.status,
      amountCentimes: centimesFromSql(row.amountCentimes),
      feeCentimes: centimesFromSql(row.feeCentimes),
      createdByUsername: row.createdByUsername,
      agent:
        row.agentCode !== null && row.agentName !== null
          ? { code: row.agentCode, name: row.agentName }
          : null,
      createdAt: row.createdAt,
      feeVersion: row.feeVersion,
    })),
    next: last && rows.length === limit ? { createdAt: last.cursorAt, id: last.id } : undefined,
  };
}

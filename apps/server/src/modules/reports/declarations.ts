import {
  cashDirectionOf,
  centimesFromSql,
  centimesToHtg,
  CURRENCY,
  declarationCsvHeaders,
  declarationFlagLabels,
  declarationTexts,
  declarationTypeLabel,
  idDocumentChoiceLabels,
  SPLIT_MARGIN_PERCENT,
  SPLIT_MIN_OPERATIONS,
  cashDirectionLabels,
  haitiDateTime,
  htgToCentimes,
  type DeclarationFlag,
  type DeclarationGroup,
  type DeclarationOperation,
  type DeclarationPerson,
  type Declarations,
  type IdDocumentType,
  type TransactionType,
} from '@lajan/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { CSV_BOM, csvAmount, csvLine, csvText } from '../../lib/csv.js';
import { periodDays, personOperationsCtes } from './network.js';
import type { ResolvedPeriod } from './period.js';

/*
 * « Déclarations UCREF » (issue 43 part 2, decision 228): decision 148's person-days, of cash operations
 * only, with each person's identification and the operations that look split.
 */

interface OperationRow {
  person_key: string;
  roles: string[];
  name: string | null;
  document_type: string | null;
  document_number: string | null;
  transaction_number: string;
  type: TransactionType;
  corrected_type: TransactionType | null;
  amount_centimes: string | number;
  created_at: string | Date;
  account_number: string | null;
  agent_code: string | null;
  agent_name: string | null;
  teller: string;
  near_threshold: boolean;
  near_edge: string | number | null;
  person_total: string | number;
  near_threshold_count: number;
  near_edge_count: number;
  registered_id: string | null;
  registered: {
    first_name: string;
    last_name: string;
    id_document_type: string | null;
    id_document_number: string | null;
    dob: string | null;
    address: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
    phone_number: string | null;
  } | null;
  described: Record<string, unknown> | null;
}

/**
 * The cash operations of `period` (one Haiti day) of each person whose total reaches `thresholdHtg`, or who
 * has at least `SPLIT_MIN_OPERATIONS` operations each within `SPLIT_MARGIN_PERCENT` under the threshold or
 * under a fee band's edge (a band's lower bound where the fee rises, of the fee version it was charged with).
 */
export async function declarations(
  executor: Executor,
  period: ResolvedPeriod,
  thresholdHtg: number,
): Promise<Declarations> {
  const { starts } = periodDays(period);
  const threshold = htgToCentimes(thresholdHtg);
  const below = 100 - SPLIT_MARGIN_PERCENT;
  const result = await executor.execute(sql`
    with ${personOperationsCtes('cash', period, starts)},
    edges as (
      select v.type, v.number as version, b.min_amount_centimes as edge
      from (select fb.*, lag(fb.fee_centimes) over (partition by fb.version_id order by fb.min_amount_centimes)
                     as fee_below
            from fee_bands fb) b
      join fee_versions v on v.id = b.version_id
      where b.fee_centimes > b.fee_below
    ),
    flagged as (
      select po.person_key, po.roles, po.name, po.document_type, po.document_number, po.person_id, o.*,
             o.amount_centimes * 100 >= ${threshold * below}::bigint and o.amount_centimes < ${threshold}::bigint
               as near_threshold,
             (select min(e.edge) from edges e
              where e.type = o.type and e.version = o.fee_version
                and o.amount_centimes * 100 >= e.edge * ${below}::int and o.amount_centimes < e.edge) as near_edge
      from per_operation po
      join ops o on o.id = po.id
    ),
    counted as (
      select f.*,
             sum(f.amount_centimes) over w as person_total,
             (count(*) filter (where f.near_threshold) over w)::int as near_threshold_count,
             (count(f.near_edge) over w)::int as near_edge_count
      from flagged f
      window w as (partition by f.person_key)
    )
    select c.person_key, c.roles, c.name, c.document_type, c.document_number, c.transaction_number, c.type,
           c.corrected_type, c.amount_centimes, c.created_at, c.near_threshold, c.near_edge, c.person_total,
           c.near_threshold_count, c.near_edge_count,
           coalesce(a.account_number, oa.account_number) as account_number,
           ag.code as agent_code, ag.name as agent_name,
           coalesce(nullif(trim(up.first_name || ' ' || up.last_name), '') || ' (' || u.username || ')',
                    u.username) as teller,
           reg.id as registered_id,
           case when reg.id is null then null else json_build_object(
             'first_name', reg.first_name, 'last_name', reg.last_name, 'id_document_type', reg.id_document_type,
             'id_document_number', reg.id_document_number, 'dob', reg.dob, 'address', reg.address,
             'city', reg.city, 'state', reg.state, 'country', reg.country, 'phone_number', reg.phone_number) end as registered,
           -- Who is not registered: on a pay-out, what the sender said of her recipient, else the pay-out's own.
           -- Never another row's recipient: a cash send's is not who brought the cash.
           case when c.type = 'external_payout' then coalesce(sent.recipient, c.recipient) end as described
    from counted c
    left join accounts a on a.id = c.account_id
    left join transactions original on c.type = 'reversal' and original.id = c.related_transaction_id
    left join accounts oa on oa.id = original.account_id
    left join agents ag on ag.id = c.agent_id
    left join users u on u.id = c.created_by_user_id
    left join persons up on up.id = u.person_id
    left join transactions sent on c.type = 'external_payout' and sent.id = c.related_transaction_id
    left join lateral (
      select p.* from persons p
      where p.id = c.person_id::uuid
         or (coalesce(trim(c.document_number), '') <> '' and p.id_document_type = c.document_type
             and upper(p.id_document_number) = upper(trim(c.document_number)))
      order by p.id = c.person_id::uuid desc nulls last
      limit 1
    ) reg on true
    where c.person_total >= ${threshold}::bigint
       or c.near_threshold_count >= ${SPLIT_MIN_OPERATIONS}::int
       or c.near_edge_count >= ${SPLIT_MIN_OPERATIONS}::int
    order by c.person_key, c.created_at, c.id`);
  const groups = groupsOf((result as { rows: OperationRow[] }).rows);
  const sorted = [...groups].sort((a, b) => b.total - a.total || a.person.name.localeCompare(b.person.name));
  return {
    day: period.from,
    threshold: thresholdHtg,
    currency: CURRENCY,
    declared: sorted.filter((group) => group.total >= thresholdHtg),
    toReview: sorted.filter((group) => group.total < thresholdHtg),
  };
}

/** The rows of one person, consecutive, into her group: identification, totals, flags, operations. */
function groupsOf(rows: OperationRow[]): DeclarationGroup[] {
  const byPerson = new Map<string, OperationRow[]>();
  for (const row of rows) {
    const list = byPerson.get(row.person_key) ?? [];
    list.push(row);
    byPerson.set(row.person_key, list);
  }
  return [...byPerson.values()].map((own) => {
    const first = own[0]!;
    const splitThreshold = first.near_threshold_count >= SPLIT_MIN_OPERATIONS;
    const splitEdge = first.near_edge_count >= SPLIT_MIN_OPERATIONS;
    const operations = own.map((row) => operationOf(row, splitThreshold, splitEdge));
    const amounts = operations.map((operation) => htgToCentimes(operation.amount));
    const inCentimes = operations
      .filter((operation) => operation.cash === 'in')
      .reduce((sum, operation) => sum + htgToCentimes(operation.amount), 0);
    const totalCentimes = centimesFromSql(first.person_total);
    const flags: DeclarationFlag[] = [];
    if (splitThreshold) flags.push('threshold_split');
    if (splitEdge) flags.push('fee_band_split');
    const agents = new Map<string, { code: string; name: string }>();
    for (const operation of operations)
      if (operation.agent) agents.set(operation.agent.code, operation.agent);
    return {
      person: personOf(own),
      count: operations.length,
      total: centimesToHtg(totalCentimes),
      cashIn: centimesToHtg(inCentimes),
      cashOut: centimesToHtg(totalCentimes - inCentimes),
      largest: centimesToHtg(Math.max(...amounts)),
      flags,
      agents: [...agents.values()].sort((a, b) => a.code.localeCompare(b.code)),
      operations,
    };
  });
}

function operationOf(row: OperationRow, splitThreshold: boolean, splitEdge: boolean): DeclarationOperation {
  const flags: DeclarationFlag[] = [];
  if (splitThreshold && row.near_threshold) flags.push('threshold_split');
  if (splitEdge && row.near_edge !== null) flags.push('fee_band_split');
  return {
    transactionNumber: row.transaction_number,
    type: row.type,
    label: declarationTypeLabel(row.type, row.corrected_type),
    createdAt: new Date(row.created_at).toISOString(),
    amount: centimesToHtg(centimesFromSql(row.amount_centimes)),
    cash: cashDirectionOf(row.type, row.corrected_type),
    accountNumber: row.account_number,
    agent: row.agent_code ? { code: row.agent_code, name: row.agent_name ?? '' } : null,
    teller: row.teller,
    flags,
    feeBandEdge: splitEdge && row.near_edge !== null ? centimesToHtg(centimesFromSql(row.near_edge)) : null,
  };
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * Her identification: the registered person's (matched by document as decision 148 matches, or the
 * sender of a cash send), else what her operations hold: the card typed at the counter, and for a pay-out
 * what the sender said of the recipient (names, phone).
 */
function personOf(own: OperationRow[]): DeclarationPerson {
  const registered = own.find((row) => row.registered)?.registered;
  if (registered) {
    const address = addressOf([registered.address, registered.city, registered.state, registered.country]);
    return {
      registered: true,
      name: `${registered.first_name} ${registered.last_name}`,
      firstName: registered.first_name,
      lastName: registered.last_name,
      idDocumentType: registered.id_document_type,
      idDocumentNumber: registered.id_document_number,
      dob: registered.dob,
      address: address || null,
      phoneNumber: registered.phone_number,
    };
  }
  const described = own.map((row) => row.described).find((value) => value && text(value.firstName));
  const pick = (key: string) => text(described?.[key]) ?? null;
  const first = own[0]!;
  return {
    registered: false,
    name: text(first.name) ?? [pick('firstName'), pick('lastName')].filter(Boolean).join(' '),
    firstName: pick('firstName'),
    lastName: pick('lastName'),
    idDocumentType: first.document_type,
    idDocumentNumber: first.document_number ? first.document_number.trim().toUpperCase() : null,
    dob: pick('dob'),
    address: pick('address'),
    phoneNumber: pick('phoneNumber'),
  };
}

/** The address and the places after it, each once (an address often names its city already). */
function addressOf(parts: (string | null)[]): string {
  let out = '';
  for (const part of parts.map(text)) {
    if (!part || out.toLowerCase().includes(part.toLowerCase())) continue;
    out = out ? `${out}, ${part}` : part;
  }
  return out;
}

/** The CSV (decision 228): one row per operation, its person's identification and the flags on each. */
export function declarationsCsv(report: Declarations): string {
  const lines = [CSV_BOM + csvLine([...declarationCsvHeaders])];
  const sections = [
    [declarationTexts.section.declared, report.declared],
    [declarationTexts.section.toReview, report.toReview],
  ] as const;
  for (const [section, groups] of sections) {
    for (const group of groups) {
      const person = group.person;
      const documentType = person.idDocumentType
        ? (idDocumentChoiceLabels[person.idDocumentType as IdDocumentType] ?? person.idDocumentType)
        : '';
      for (const operation of group.operations) {
        const flags = operation.flags.map((flag) =>
          flag === 'fee_band_split' && operation.feeBandEdge !== null
            ? `${declarationFlagLabels[flag]} (${declarationTexts.underEdge(csvAmount(htgToCentimes(operation.feeBandEdge)))})`
            : declarationFlagLabels[flag],
        );
        lines.push(
          csvLine([
            csvText(section),
            report.day,
            csvText(person.lastName ?? ''),
            csvText(person.firstName ?? ''),
            csvText(person.name),
            csvText(documentType),
            csvText(person.idDocumentNumber ?? ''),
            csvText(person.dob ?? ''),
            csvText(person.address ?? ''),
            csvText(person.phoneNumber ?? ''),
            person.registered ? declarationTexts.yes : declarationTexts.no,
            csvAmount(htgToCentimes(group.total)),
            csvText(operation.transactionNumber),
            haitiDateTime(new Date(operation.createdAt)),
            csvText(operation.label),
            csvText(cashDirectionLabels[operation.cash]),
            csvAmount(htgToCentimes(operation.amount)),
            csvText(operation.accountNumber ?? ''),
            operation.agent ? csvText(`${operation.agent.name} (${operation.agent.code})`) : '',
            csvText(operation.teller),
            csvText(flags.join(' ; ')),
          ]),
        );
      }
    }
  }
  return lines.join('');
}

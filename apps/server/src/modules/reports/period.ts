import {
  addDays,
  haitiDateOf,
  monthBounds,
  periodIssues,
  startOfHaitiDay,
  statementMessages,
  type ReportPeriod,
} from '@lajan/domain';
import { ValidationFailed } from '../../http/errors.js';

/** A report's period resolved: its Haiti days and the instants they cover, `[start, end)`. */
export interface ResolvedPeriod extends ReportPeriod {
  start: Date;
  end: Date;
}

/**
 * `month`, or `from`/`to`, or nothing (decision 148): the current month in Haiti, or `defaultDays`
 * ending today when given. `from` alone runs to today; `to` alone from its month's first day.
 */
export function resolvePeriod(
  query: { month?: string | undefined; from?: string | undefined; to?: string | undefined },
  now: Date,
  maxDays: number,
  defaultDays?: number,
): ResolvedPeriod {
  const today = haitiDateOf(now);
  let from: string;
  let to: string;
  if (query.month && !query.from && !query.to) ({ from, to } = monthBounds(query.month));
  else if (query.from || query.to) {
    to = query.to ?? today;
    from = query.from ?? `${to.slice(0, 7)}-01`;
  } else if (defaultDays) {
    to = today;
    from = addDays(today, 1 - defaultDays);
  } else ({ from, to } = monthBounds(today.slice(0, 7)));
  if (query.month && (query.from || query.to))
    throw new ValidationFailed({ month: [statementMessages.monthOrDates] });
  const issue = periodIssues(from, to, maxDays);
  if (issue) throw new ValidationFailed({ to: [issue] });
  return { from, to, start: startOfHaitiDay(from), end: startOfHaitiDay(addDays(to, 1)) };
}

/**
 * A declaration's one Haiti day (decision 228): `day`, or yesterday in Haiti, the last whole day. A day not
 * yet begun is refused: its empty list would read as « nobody to declare ».
 */
export function resolveDay(day: string | undefined, now: Date): ResolvedPeriod {
  const today = haitiDateOf(now);
  const asked = day ?? addDays(today, -1);
  if (asked > today) throw new ValidationFailed({ day: [statementMessages.futureDay] });
  return { from: asked, to: asked, start: startOfHaitiDay(asked), end: startOfHaitiDay(addDays(asked, 1)) };
}

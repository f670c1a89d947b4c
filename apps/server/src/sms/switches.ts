import type { SmsKind } from '@lajan/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { smsKindSettings } from '../db/schema.js';

/**
 * The kinds a super administrator switched off (decision 242); a kind without a row is on. Read afresh
 * each time: at most five rows, and another process's switch must count at its next send, not later.
 */
export async function disabledSmsKinds(executor: Executor): Promise<Set<SmsKind>> {
  const rows = await executor
    .select({ kind: smsKindSettings.kind })
    .from(smsKindSettings)
    .where(eq(smsKindSettings.enabled, false));
  return new Set(rows.map((row) => row.kind));
}

/**
 * Whether an SMS of `kind` may go out now. The sender asks before each send (issue 46); one switched off
 * is marked failed with `last_error` `SMS_KIND_DISABLED` (the domain's), for a retry once on again.
 */
export async function smsKindEnabled(executor: Executor, kind: SmsKind): Promise<boolean> {
  const [row] = await executor
    .select({ enabled: smsKindSettings.enabled })
    .from(smsKindSettings)
    .where(eq(smsKindSettings.kind, kind));
  return row?.enabled ?? true;
}

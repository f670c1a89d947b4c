import {
  isSmsKind,
  isSmsUndelivered,
  maskSmsNumber,
  smsControlMessages,
  smsKindLabels,
  smsKinds,
  type FailedSms,
  type SmsKindSetting,
} from '@lajan/domain';
import type { Db, Executor } from '../../db/client.js';
import { recordAudit } from '../../db/audit.js';
import { lockSchedule } from '../../db/versions.js';
import { Conflict, NotFound } from '../../http/errors.js';
import { smsKindEnabled } from '../../sms/switches.js';
import type { ScheduleEditor } from '../auth/index.js';
import { isUuid } from '../persons/index.js';
import {
  lockSms,
  requeueSms,
  selectFailedSms,
  selectKindSettings,
  upsertKindSetting,
  type FailedSmsRow,
} from './store.js';

/** `GET /sms/settings`: every kind in the domain's order, on unless switched off. */
export async function smsSettings(executor: Executor): Promise<SmsKindSetting[]> {
  const rows = await selectKindSettings(executor);
  return smsKinds.map((kind) => {
    const row = rows.find((setting) => setting.kind === kind);
    return {
      kind,
      label: smsKindLabels[kind],
      enabled: row?.enabled ?? true,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedByUsername ? { username: row.updatedByUsername } : null,
    };
  });
}

/**
 * `PUT /sms/settings/{kind}`: switches a kind on or off, audited when it changes (decision 242). Two
 * editors run one after the other, so that each audit line's « before » is what the other left.
 */
export async function setSmsKind(
  db: Db,
  kind: string,
  enabled: boolean,
  editor: ScheduleEditor,
): Promise<SmsKindSetting> {
  if (!isSmsKind(kind)) throw new NotFound(smsControlMessages.kindNotFound);
  return db.transaction(
    async (tx) => {
      await lockSchedule(tx, 'sms_kind_settings');
      const before = await smsKindEnabled(tx, kind);
      if (before !== enabled) {
        await upsertKindSetting(tx, {
          kind,
          enabled,
          updatedAt: editor.now,
          updatedByUserId: editor.session.id,
        });
        await recordAudit(tx, {
          at: editor.now,
          action: enabled ? 'sms.kind_enabled' : 'sms.kind_disabled',
          actor: editor.session,
          target: kind,
          ip: editor.ip,
          details: { kind, before, after: enabled },
        });
      }
      const settings = await smsSettings(tx);
      return settings.find((setting) => setting.kind === kind)!;
    },
    { isolationLevel: 'read committed' },
  );
}

function presentFailed(row: FailedSmsRow): FailedSms {
  const delivery = row.sentAt !== null;
  return {
    id: row.id,
    kind: row.kind,
    label: smsKindLabels[row.kind],
    to: maskSmsNumber(row.toNumber),
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    failedAt: row.failedAt.toISOString(),
    stage: delivery ? 'delivery' : 'sending',
    attempts: row.attempts,
    lastError: delivery ? row.deliveryStatus : row.lastError,
    deliveryStatus: delivery ? row.deliveryStatus : null,
    transactionNumber: row.transactionNumber,
  };
}

/** `GET /sms/failed`: the deliveries given up or lost, the latest first, numbers masked, texts never read. */
export async function failedSms(
  executor: Executor,
  page: { limit: number; offset: number },
): Promise<{ rows: FailedSms[]; total: number }> {
  const { rows, total } = await selectFailedSms(executor, page);
  return { rows: rows.map(presentFailed), total };
}

/**
 * `POST /sms/{id}/retry`: a failed SMS queued again, due now, its tries counted afresh; refused while its
 * kind is off, and once sent (its text erased then, issue 46) even if lost. Audited, number masked.
 */
export async function retrySms(
  db: Db,
  id: string,
  editor: ScheduleEditor,
): Promise<{ id: string; kind: FailedSms['kind']; to: string }> {
  if (!isUuid(id)) throw new NotFound(smsControlMessages.smsNotFound);
  return db.transaction(
    async (tx) => {
      const sms = await lockSms(tx, id);
      if (!sms) throw new NotFound(smsControlMessages.smsNotFound);
      if (sms.sentAt !== null && isSmsUndelivered(sms.deliveryStatus))
        throw new Conflict(smsControlMessages.undelivered);
      if (sms.failedAt === null || sms.sentAt !== null) throw new Conflict(smsControlMessages.notFailed);
      if (!(await smsKindEnabled(tx, sms.kind))) throw new Conflict(smsControlMessages.kindDisabled);
      await requeueSms(tx, id, editor.now);
      const to = maskSmsNumber(sms.toNumber);
      await recordAudit(tx, {
        at: editor.now,
        action: 'sms.retried',
        actor: editor.session,
        target: to,
        ip: editor.ip,
        details: {
          smsId: id,
          kind: sms.kind,
          transactionNumber: sms.transactionNumber,
          attempts: sms.attempts,
          lastError: sms.lastError,
        },
      });
      return { id, kind: sms.kind, to };
    },
    { isolationLevel: 'read committed' },
  );
}

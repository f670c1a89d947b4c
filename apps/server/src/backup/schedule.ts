import type { FastifyBaseLogger } from 'fastify';
import type { BackupConfig } from '../config.js';
import { formatSize, listBaseBackups, recordedBackup, runBaseBackup } from './base-backup.js';

/** How often the embedded server looks at the age of its newest base backup. */
const LOOK_EVERY_MS = 60 * 60_000;
/** The first look, a few minutes after the start, once the counter's first requests are served. */
const FIRST_LOOK_MS = 5 * 60_000;

export type ScheduledBackupOutcome = 'taken' | 'fresh' | 'failed';

/**
 * The embedded server's own base backups (decision 235): one whenever the newest is `everyHours` old, so that
 * the WAL archive is pruned and a restore to any minute has a base even if nobody set a nightly job.
 */
export class BackupSchedule {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ScheduledBackupOutcome> | undefined;

  constructor(
    private readonly options: {
      config: BackupConfig;
      log: FastifyBaseLogger;
      now?: () => Date;
    },
  ) {}

  start(firstLookMs = FIRST_LOOK_MS, lookEveryMs = LOOK_EVERY_MS): void {
    if (this.options.config.everyHours === 0) return;
    const look = (delayMs: number) => {
      this.timer = setTimeout(() => {
        void this.runOnce().finally(() => look(lookEveryMs));
      }, delayMs);
      this.timer.unref();
    };
    look(firstLookMs);
  }

  /** Takes a base backup if the newest is too old (or none exists); one at a time. */
  runOnce(): Promise<ScheduledBackupOutcome> {
    this.running ??= this.lookAndBackUp().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async lookAndBackUp(): Promise<ScheduledBackupOutcome> {
    const { config, log } = this.options;
    const now = this.options.now?.() ?? new Date();
    const newest = (await listBaseBackups(config.backupsDir)).reduce<number>(
      (latest, backup) => Math.max(latest, Date.parse(backup.manifest.stoppedAt)),
      Number.NEGATIVE_INFINITY,
    );
    if (now.getTime() - newest < config.everyHours * 3_600_000) return 'fresh';
    try {
      await recordedBackup(config, 'base', async () => {
        const result = await runBaseBackup(config, now);
        log.info(
          {
            dir: result.backup.dir,
            size: formatSize(result.backup.manifest.sizeBytes),
            removed: result.removed.length,
            walRemoved: result.walRemoved,
            copiedTo: result.copy?.dir,
          },
          'sauvegarde de base écrite',
        );
        return {
          sizeBytes: result.backup.manifest.sizeBytes,
          path: result.backup.dir,
          ...(result.copy ? { copiedTo: result.copy.dir } : {}),
        };
      });
      return 'taken';
    } catch (error) {
      log.error({ err: error }, 'sauvegarde de base impossible : nouvel essai à la prochaine heure');
      return 'failed';
    }
  }
}

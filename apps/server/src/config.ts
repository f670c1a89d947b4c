import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_DRAWER_ACKNOWLEDGEMENT_THRESHOLD_HTG,
  DEFAULT_DRAWER_MAX_COUNT_HTG,
  DEFAULT_TRANSFER_EXPIRY_DAYS,
  htgToCentimes,
} from '@lajan/domain';
import { z } from 'zod';

/**
 * The environment, checked once at start. This is the only file that reads
 * `process.env`; everything else receives a `Config`.
 */

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An unset or blank variable means "use the default". */
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

/** What the embedded cluster's WAL archive and `npm run backup` read (decision 232). */
const backupShape = {
  DATA_DIR: optionalText.pipe(z.string().default('./data')),
  WAL_ARCHIVE_DIR: optionalText.pipe(
    z
      .string()
      .refine((dir) => !/["%\n\r]/.test(dir), 'ne doit contenir ni guillemet, ni %, ni retour à la ligne')
      .optional(),
  ),
  BACKUP_COPY_DIR: optionalText.pipe(
    z
      .string()
      .refine((dir) => !/["%\n\r]/.test(dir), 'ne doit contenir ni guillemet, ni %, ni retour à la ligne')
      .optional(),
  ),
  BACKUP_KEEP: z.preprocess(
    (value) =>
      value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : value,
    z
      .string({ error: 'doit être un nombre entier de sauvegardes entre 1 et 1000' })
      .trim()
      .regex(/^\d+$/, 'doit être un nombre entier de sauvegardes entre 1 et 1000')
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, 'doit être un nombre entier de sauvegardes entre 1 et 1000')
          .max(1000, 'doit être un nombre entier de sauvegardes entre 1 et 1000'),
      )
      .optional(),
  ),
  BACKUP_EVERY_HOURS: z.preprocess(
    (value) =>
      value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : value,
    z
      .string({ error: 'doit être un nombre entier d’heures entre 0 et 720' })
      .trim()
      .regex(/^\d+$/, 'doit être un nombre entier d’heures entre 0 et 720')
      .transform(Number)
      .pipe(z.number().int().max(720, 'doit être un nombre entier d’heures entre 0 et 720'))
      .optional(),
  ),
};

const envSchema = z.object({
  PORT: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: 'doit être un entier entre 0 et 65535' })
      .int('doit être un entier entre 0 et 65535')
      .min(0, 'doit être un entier entre 0 et 65535')
      .max(65535, 'doit être un entier entre 0 et 65535')
      .default(3000),
  ),
  HOST: optionalText.pipe(z.string().min(1).default('0.0.0.0')),
  METRICS_PORT: z.preprocess(
    (value) =>
      value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : Number(value),
    z
      .number({ error: 'doit être un entier entre 0 et 65535' })
      .int('doit être un entier entre 0 et 65535')
      .min(0, 'doit être un entier entre 0 et 65535')
      .max(65535, 'doit être un entier entre 0 et 65535')
      .optional(),
  ),
  METRICS_HOST: optionalText.pipe(z.string().min(1).default('127.0.0.1')),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'doit être une URL postgres://…')
      .optional(),
  ),
  DATABASE_READ_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'doit être une URL postgres://…')
      .optional(),
  ),
  DATABASE_READ_POOL_SIZE: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: 'doit être un nombre entier de connexions entre 1 et 20' })
      .int('doit être un nombre entier de connexions entre 1 et 20')
      .min(1, 'doit être un nombre entier de connexions entre 1 et 20')
      .max(20, 'doit être un nombre entier de connexions entre 1 et 20')
      .default(3),
  ),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'doit contenir au moins 32 caractères').optional()),
  SUPERADMIN_USERNAME: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{3,64}$/, 'doit contenir 3 à 64 lettres, chiffres, points, tirets ou soulignés')
      .default('superadmin'),
  ),
  SUPERADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .min(8, 'doit contenir au moins 8 caractères')
        .max(256, 'doit contenir au plus 256 caractères')
        .optional(),
    ),
  SUPERADMIN_EMAIL: optionalText.pipe(
    z.email('doit être une adresse e-mail valide').default('superadmin@lajan.local'),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/.+/, 'doit être une URL smtp://… ou smtps://…')
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(z.string().default('Lajan <no-reply@lajan.local>')),
  SMPP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^s?smpp:\/\/.+/, 'doit être une URL smpp://… ou ssmpp://…')
      .refine((value) => URL.canParse(value), 'doit être une URL smpp://… ou ssmpp://…')
      .optional(),
  ),
  SMS_SENDER: optionalText.pipe(
    z
      .string()
      .regex(
        /^([A-Za-z0-9 ]{1,11}|\+?\d{3,15})$/,
        'doit être un nom de 1 à 11 lettres ou chiffres, ou un numéro',
      )
      .default('Lajan'),
  ),
  SMS_PART_COST_CENTIMES: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: 'doit être un nombre entier de centimes, 0 ou plus' })
      .int('doit être un nombre entier de centimes, 0 ou plus')
      .min(0, 'doit être un nombre entier de centimes, 0 ou plus')
      .default(0),
  ),
  APP_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'doit être une URL http(s)://…' }).optional(),
  ),
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .regex(/^(true|false|[0-9a-fA-F.:/,\s]+)$/, 'doit valoir true, false ou une liste d’adresses IP')
      .optional(),
  ),
  SESSION_IDLE_MINUTES: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: 'doit être un nombre entier de minutes entre 2 et 720' })
      .int('doit être un nombre entier de minutes entre 2 et 720')
      .min(2, 'doit être un nombre entier de minutes entre 2 et 720')
      .max(720, 'doit être un nombre entier de minutes entre 2 et 720')
      .default(30),
  ),
  DRAWER_ACKNOWLEDGEMENT_THRESHOLD_HTG: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: 'doit être un nombre entier de HTG, 0 ou plus' })
      .int('doit être un nombre entier de HTG, 0 ou plus')
      .min(0, 'doit être un nombre entier de HTG, 0 ou plus')
      .default(DEFAULT_DRAWER_ACKNOWLEDGEMENT_THRESHOLD_HTG),
  ),
  DRAWER_MAX_COUNT_HTG: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: 'doit être un nombre entier de HTG, 1 ou plus' })
      .int('doit être un nombre entier de HTG, 1 ou plus')
      .min(1, 'doit être un nombre entier de HTG, 1 ou plus')
      .max(1_000_000_000, 'doit être au plus 1 000 000 000 HTG')
      .default(DEFAULT_DRAWER_MAX_COUNT_HTG),
  ),
  TRANSFER_EXPIRY_DAYS: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: 'doit être un nombre entier de jours entre 1 et 3650' })
      .int('doit être un nombre entier de jours entre 1 et 3650')
      .min(1, 'doit être un nombre entier de jours entre 1 et 3650')
      .max(3650, 'doit être un nombre entier de jours entre 1 et 3650')
      .default(DEFAULT_TRANSFER_EXPIRY_DAYS),
  ),
  TRANSFER_EXPIRY_INTERVAL_MINUTES: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number({ error: 'doit être un nombre entier de minutes entre 1 et 1440' })
      .int('doit être un nombre entier de minutes entre 1 et 1440')
      .min(1, 'doit être un nombre entier de minutes entre 1 et 1440')
      .max(1440, 'doit être un nombre entier de minutes entre 1 et 1440')
      .default(60),
  ),
  MFA_REQUIRED: optionalText.pipe(z.enum(['0', '1'], { error: 'doit valoir 0 ou 1' }).default('0')),
  TLS_CERT: optionalText,
  TLS_KEY: optionalText,
  LOG_LEVEL: optionalText.pipe(
    z.enum(logLevels, { error: `doit valoir ${logLevels.join(', ')}` }).default('info'),
  ),
  ...backupShape,
});

export type LogLevel = (typeof logLevels)[number];

export interface Config {
  port: number;
  host: string;
  /**
   * `/metrics` on a port of its own (decision 230), bound to `host` (127.0.0.1 by default): unset, no
   * metrics server; 0, a port the system picks (tests).
   */
  metrics: { port: number; host: string } | undefined;
  /** Absolute. Holds the embedded database and, in embedded mode, the JWT secret. */
  dataDir: string;
  /** Set: node-postgres on that server. Unset: the embedded PostgreSQL in `dataDir/postgres`, same driver. */
  databaseUrl: string | undefined;
  /**
   * Reports, statements, exports and the audit log read here (a streaming replica of `databaseUrl`); unset:
   * a pool of their own on the main database (decision 233).
   */
  databaseReadUrl: string | undefined;
  /** The connections of that pool, per process (decision 233). */
  databaseReadPoolSize: number;
  /** Unset in embedded mode: generated once and kept in `dataDir/jwt-secret`. */
  jwtSecret: string | undefined;
  superAdmin: { username: string; password: string | undefined; email: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** `smpp://system_id:password@host:2775` or `ssmpp://`; unset: SMS go to `DATA_DIR/sms-spool` (decision 240). */
  smppUrl: string | undefined;
  /** The SMS source address: a name of up to 11 letters and digits, or a number. */
  smsSender: string;
  /** What the operator charges a part, for `/metrics` only. */
  smsPartCostCentimes: number;
  /** Without a trailing slash; links in e-mails start with it. */
  appUrl: string;
  logLevel: LogLevel;
  /**
   * A session ends after this many minutes without a request: the life of an access token,
   * renewed while in use, up to 12 hours after sign-in (decision 110).
   */
  sessionIdleMinutes: number;
  /**
   * Behind a load balancer, which `X-Forwarded-For` hops to trust, so that throttling and the
   * audit trail see the client's address (Fastify's `trustProxy`). Default: none.
   */
  trustProxy: boolean | string;
  /** A drawer's close with a difference above this waits for the agent administrator (decision 149). */
  drawerAcknowledgementThresholdCentimes: number;
  /** A drawer's count above this total is refused as implausible (decision 201). */
  drawerMaxCountCentimes: number;
  /**
   * `TLS_CERT` and `TLS_KEY` (paths of PEM files): the server speaks HTTPS itself, a secure context for
   * the browser's service worker and durable storage on a network (decision 147). Unset: HTTP.
   */
  tls?: { cert: Buffer; key: Buffer };
  /** A pending external transfer not paid out after this many days expires (decision 225). */
  transferExpiryDays: number;
  /** How often a process looks for transfers to expire, in minutes (decision 225). */
  transferExpiryIntervalMinutes: number;
  /** `MFA_REQUIRED=1`: a super administrator without a second factor enrols one at its next sign-in (decision 203). */
  mfaRequired: boolean;
  /** Absolute: where the embedded cluster archives its WAL, `DATA_DIR/wal` unless `WAL_ARCHIVE_DIR` (decision 232). */
  walArchiveDir: string;
  /** What `npm run backup` reads; the embedded server takes a base backup every `everyHours` (decision 235). */
  backup: BackupConfig;
}

/** Where backups and WAL go (decision 232): what `npm run backup` and `npm run restore` read. */
export interface BackupConfig {
  /** Absolute. */
  dataDir: string;
  /** Absolute: `DATA_DIR/wal` unless `WAL_ARCHIVE_DIR`. */
  walArchiveDir: string;
  /** Absolute: `DATA_DIR/backups`. */
  backupsDir: string;
  /** Absolute, or undefined: the second place backups and WAL are copied to (`BACKUP_COPY_DIR`). */
  copyDir: string | undefined;
  /** How many backups to keep (`BACKUP_KEEP`, 14 by default). */
  keep: number;
  /** Embedded server: a base backup when the newest is this old (`BACKUP_EVERY_HOURS`, 24; 0: never). */
  everyHours: number;
}

const backupSchema = z.object(backupShape);

/** The backup settings alone: `npm run backup` needs no JWT secret nor anything else of the server's. */
export function loadBackupConfig(env: Record<string, string | undefined> = process.env): BackupConfig {
  const parsed = backupSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Configuration invalide : ${problems.join(' ; ')}`);
  }
  return backupConfigOf(parsed.data);
}

function backupConfigOf(e: z.infer<typeof backupSchema>): BackupConfig {
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    dataDir,
    walArchiveDir: e.WAL_ARCHIVE_DIR ? path.resolve(e.WAL_ARCHIVE_DIR) : path.join(dataDir, 'wal'),
    backupsDir: path.join(dataDir, 'backups'),
    copyDir: e.BACKUP_COPY_DIR ? path.resolve(e.BACKUP_COPY_DIR) : undefined,
    keep: e.BACKUP_KEEP ?? 14,
    everyHours: e.BACKUP_EVERY_HOURS ?? 24,
  };
}

/** A bad environment: the message is one line naming the variable(s), safe to print. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // Never echo the value: several of these variables hold secrets.
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Configuration invalide : ${problems.join(' ; ')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.JWT_SECRET) {
    throw new ConfigError(
      'Configuration invalide : JWT_SECRET est requis quand DATABASE_URL est défini (tous les processus doivent signer avec le même secret)',
    );
  }
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Configuration invalide : DATABASE_READ_URL demande DATABASE_URL (un réplica se lit à côté du serveur PostgreSQL principal, pas de la base intégrée)',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    throw new ConfigError('Configuration invalide : METRICS_PORT doit être différent de PORT');
  const tls = loadTls(e.TLS_CERT, e.TLS_KEY);
  return {
    port: e.PORT,
    host: e.HOST,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadPoolSize: e.DATABASE_READ_POOL_SIZE,
    jwtSecret: e.JWT_SECRET,
    superAdmin: {
      username: e.SUPERADMIN_USERNAME,
      password: e.SUPERADMIN_PASSWORD,
      email: e.SUPERADMIN_EMAIL,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smppUrl: e.SMPP_URL,
    smsSender: e.SMS_SENDER,
    smsPartCostCentimes: e.SMS_PART_COST_CENTIMES,
    appUrl: (e.APP_URL ?? `${tls ? 'https' : 'http'}://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    drawerAcknowledgementThresholdCentimes: htgToCentimes(e.DRAWER_ACKNOWLEDGEMENT_THRESHOLD_HTG),
    drawerMaxCountCentimes: htgToCentimes(e.DRAWER_MAX_COUNT_HTG),
    mfaRequired: e.MFA_REQUIRED === '1',
    transferExpiryDays: e.TRANSFER_EXPIRY_DAYS,
    transferExpiryIntervalMinutes: e.TRANSFER_EXPIRY_INTERVAL_MINUTES,
    walArchiveDir: backupConfigOf(e).walArchiveDir,
    backup: backupConfigOf(e),
    ...(tls ? { tls } : {}),
  };
}

/** Both files or neither; each one read now, so that a wrong path stops the start with its name. */
function loadTls(certPath: string | undefined, keyPath: string | undefined): Config['tls'] {
  if (certPath === undefined && keyPath === undefined) return undefined;
  if (certPath === undefined || keyPath === undefined)
    throw new ConfigError('Configuration invalide : TLS_CERT et TLS_KEY vont ensemble (les deux, ou aucun)');
  const read = (name: string, file: string) => {
    try {
      return readFileSync(path.resolve(file));
    } catch {
      throw new ConfigError(`Configuration invalide : ${name} doit être le chemin d’un fichier PEM lisible`);
    }
  };
  return { cert: read('TLS_CERT', certPath), key: read('TLS_KEY', keyPath) };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

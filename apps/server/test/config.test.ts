import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadBackupConfig, loadConfig } from '../src/config.js';
import { start } from '../src/start.js';

describe('loadBackupConfig (decision 232)', () => {
  it('archives into DATA_DIR/wal and keeps 14 backups unless told otherwise', () => {
    expect(loadBackupConfig({ DATA_DIR: '/srv/lajan' })).toEqual({
      dataDir: '/srv/lajan',
      walArchiveDir: '/srv/lajan/wal',
      backupsDir: '/srv/lajan/backups',
      copyDir: undefined,
      keep: 14,
      everyHours: 24,
    });
    expect(
      loadBackupConfig({
        DATA_DIR: '/srv/lajan',
        WAL_ARCHIVE_DIR: '/mnt/disque2/wal',
        BACKUP_COPY_DIR: '/mnt/partage/lajan',
        BACKUP_KEEP: '7',
      }),
    ).toMatchObject({ walArchiveDir: '/mnt/disque2/wal', copyDir: '/mnt/partage/lajan', keep: 7 });
  });

  it('refuses, in French, a count that is not one and a directory PostgreSQL could not be given', () => {
    for (const keep of ['0', '-3', '2.5', 'douze', '1001'])
      expect(() => loadBackupConfig({ BACKUP_KEEP: keep })).toThrow(
        new ConfigError(
          'Configuration invalide : BACKUP_KEEP doit être un nombre entier de sauvegardes entre 1 et 1000',
        ),
      );
    expect(() => loadBackupConfig({ WAL_ARCHIVE_DIR: '/mnt/100%' })).toThrow(
      'Configuration invalide : WAL_ARCHIVE_DIR ne doit contenir ni guillemet, ni %, ni retour à la ligne',
    );
  });
});

describe('loadConfig', () => {
  it('gives the defaults of DESIGN §2', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      databaseReadUrl: undefined,
      databaseReadPoolSize: 3,
      jwtSecret: undefined,
      superAdmin: { username: 'superadmin', password: undefined, email: 'superadmin@lajan.local' },
      smtpUrl: undefined,
      mailFrom: 'Lajan <no-reply@lajan.local>',
      smppUrl: undefined,
      smsSender: 'Lajan',
      smsPartCostCentimes: 0,
      appUrl: 'http://localhost:3000',
      logLevel: 'info',
      sessionIdleMinutes: 30,
      trustProxy: false,
      drawerAcknowledgementThresholdCentimes: 500_00,
      drawerMaxCountCentimes: 2_000_000_00,
      mfaRequired: false,
      transferExpiryDays: 30,
      transferExpiryIntervalMinutes: 60,
      walArchiveDir: path.resolve('./data/wal'),
      backup: {
        dataDir: path.resolve('./data'),
        walArchiveDir: path.resolve('./data/wal'),
        backupsDir: path.resolve('./data/backups'),
        copyDir: undefined,
        keep: 14,
        everyHours: 24,
      },
    });
  });

  it('reads every variable, and treats an empty one as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/lajan',
      DATABASE_URL: 'postgres://lajan@db:5432/lajan',
      DATABASE_READ_URL: 'postgresql://lajan@replica:5432/lajan',
      DATABASE_READ_POOL_SIZE: '5',
      JWT_SECRET: 's'.repeat(40),
      SUPERADMIN_USERNAME: 'direction',
      SUPERADMIN_PASSWORD: 'Tres-Secret-2026',
      SUPERADMIN_EMAIL: 'direction@lajan.ht',
      SMTP_URL: 'smtps://user:pass@mail.lajan.ht:465',
      MAIL_FROM: 'Lajan <noreply@lajan.ht>',
      SMPP_URL: 'ssmpp://lajan:s3cret@smsc.operateur.ht:3550',
      SMS_SENDER: '+50928001000',
      SMS_PART_COST_CENTIMES: '150',
      APP_URL: 'https://bo.lajan.ht/',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8',
      SESSION_IDLE_MINUTES: '45',
      DRAWER_ACKNOWLEDGEMENT_THRESHOLD_HTG: '1000',
      DRAWER_MAX_COUNT_HTG: '500000',
      MFA_REQUIRED: '1',
      TRANSFER_EXPIRY_DAYS: '45',
      TRANSFER_EXPIRY_INTERVAL_MINUTES: '15',
      WAL_ARCHIVE_DIR: '/mnt/archives/wal',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/lajan',
      databaseUrl: 'postgres://lajan@db:5432/lajan',
      databaseReadUrl: 'postgresql://lajan@replica:5432/lajan',
      databaseReadPoolSize: 5,
      superAdmin: { username: 'direction', password: 'Tres-Secret-2026', email: 'direction@lajan.ht' },
      smtpUrl: 'smtps://user:pass@mail.lajan.ht:465',
      smppUrl: 'ssmpp://lajan:s3cret@smsc.operateur.ht:3550',
      smsSender: '+50928001000',
      smsPartCostCentimes: 150,
      appUrl: 'https://bo.lajan.ht',
      logLevel: 'warn',
      sessionIdleMinutes: 45,
      trustProxy: '10.0.0.0/8',
      drawerAcknowledgementThresholdCentimes: 1000_00,
      drawerMaxCountCentimes: 500_000_00,
      mfaRequired: true,
      transferExpiryDays: 45,
      transferExpiryIntervalMinutes: 15,
      walArchiveDir: '/mnt/archives/wal',
    });
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '', PORT: '4000' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
      appUrl: 'http://localhost:4000',
    });
  });

  it.each([
    [{ MFA_REQUIRED: 'oui' }, 'Configuration invalide : MFA_REQUIRED doit valoir 0 ou 1'],
    [
      { TRANSFER_EXPIRY_DAYS: '0' },
      'Configuration invalide : TRANSFER_EXPIRY_DAYS doit être un nombre entier de jours entre 1 et 3650',
    ],
    [{ PORT: 'trois mille' }, 'Configuration invalide : PORT doit être un entier entre 0 et 65535'],
    [{ PORT: '70000' }, 'Configuration invalide : PORT doit être un entier entre 0 et 65535'],
    [
      { LOG_LEVEL: 'bavard' },
      'Configuration invalide : LOG_LEVEL doit valoir fatal, error, warn, info, debug, trace, silent',
    ],
    [{ DATABASE_URL: 'mysql://x' }, 'Configuration invalide : DATABASE_URL doit être une URL postgres://…'],
    [
      { DATABASE_URL: 'postgres://db/lajan', JWT_SECRET: 's'.repeat(40), DATABASE_READ_URL: 'mysql://x' },
      'Configuration invalide : DATABASE_READ_URL doit être une URL postgres://…',
    ],
    [
      { DATABASE_READ_POOL_SIZE: '0' },
      'Configuration invalide : DATABASE_READ_POOL_SIZE doit être un nombre entier de connexions entre 1 et 20',
    ],
    [
      { DATABASE_READ_URL: 'postgres://replica/lajan' },
      'Configuration invalide : DATABASE_READ_URL demande DATABASE_URL (un réplica se lit à côté du serveur PostgreSQL principal, pas de la base intégrée)',
    ],
    [{ JWT_SECRET: 'court' }, 'Configuration invalide : JWT_SECRET doit contenir au moins 32 caractères'],
    [
      { SUPERADMIN_PASSWORD: 'court' },
      'Configuration invalide : SUPERADMIN_PASSWORD doit contenir au moins 8 caractères',
    ],
    [
      { SUPERADMIN_EMAIL: 'personne' },
      'Configuration invalide : SUPERADMIN_EMAIL doit être une adresse e-mail valide',
    ],
    [
      { SMTP_URL: 'http://mail' },
      'Configuration invalide : SMTP_URL doit être une URL smtp://… ou smtps://…',
    ],
    [
      { SMPP_URL: 'http://smsc:2775' },
      'Configuration invalide : SMPP_URL doit être une URL smpp://… ou ssmpp://…',
    ],
    [
      { SMS_SENDER: 'LajanTransferts' },
      'Configuration invalide : SMS_SENDER doit être un nom de 1 à 11 lettres ou chiffres, ou un numéro',
    ],
    [
      { SMS_PART_COST_CENTIMES: '-1' },
      'Configuration invalide : SMS_PART_COST_CENTIMES doit être un nombre entier de centimes, 0 ou plus',
    ],
    [
      { SESSION_IDLE_MINUTES: 'une heure' },
      'Configuration invalide : SESSION_IDLE_MINUTES doit être un nombre entier de minutes entre 2 et 720',
    ],
    [
      { DRAWER_ACKNOWLEDGEMENT_THRESHOLD_HTG: '-5' },
      'Configuration invalide : DRAWER_ACKNOWLEDGEMENT_THRESHOLD_HTG doit être un nombre entier de HTG, 0 ou plus',
    ],
    [
      { SESSION_IDLE_MINUTES: '1' },
      'Configuration invalide : SESSION_IDLE_MINUTES doit être un nombre entier de minutes entre 2 et 720',
    ],
    [
      { SESSION_IDLE_MINUTES: '1000' },
      'Configuration invalide : SESSION_IDLE_MINUTES doit être un nombre entier de minutes entre 2 et 720',
    ],
    [{ APP_URL: 'lajan.ht' }, 'Configuration invalide : APP_URL doit être une URL http(s)://…'],
    [
      { DATABASE_URL: 'postgres://db/lajan' },
      'Configuration invalide : JWT_SECRET est requis quand DATABASE_URL est défini (tous les processus doivent signer avec le même secret)',
    ],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats a secret value in its message', () => {
    expect(() => loadConfig({ JWT_SECRET: 'mon-petit-secret' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('mon-petit-secret') }),
    );
  });
});

describe('start', () => {
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('prints one clear line and sets exit code 1 on a bad value, without starting anything', async () => {
    const printed: string[] = [];
    const app = await start({
      env: { PORT: 'abc', DATA_DIR: '/nonexistent/never-created' },
      printError: (line) => printed.push(line),
      handleSignals: false,
    });
    expect(app).toBeUndefined();
    expect(printed).toEqual(['Configuration invalide : PORT doit être un entier entre 0 et 65535']);
    expect(process.exitCode).toBe(1);
  });
});

/**
 * The one Drizzle schema, for PGlite and PostgreSQL alike. `drizzle-kit generate` turns it
 * into the SQL migrations of `apps/server/drizzle/`. Keep it to SQL that PostgreSQL 15 runs.
 * This file imports nothing of the app but the domain's closed sets: drizzle-kit loads it on its own.
 */
import {
  languages,
  limitCategories,
  SMS_UNDELIVERED_STATUSES,
  smsKinds,
  transactionStatuses,
  transactionTypes,
} from '@lajan/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Literals, not parameters, so that a query's condition matches the partial index's (migration 0047). */
export const smsUndeliveredStatusesSql = sql.raw(
  SMS_UNDELIVERED_STATUSES.map((status) => `'${status}'`).join(', '),
);

/**
 * A natural person: a customer, an owner of an agent, the person behind a user.
 * The identity (KYC) columns are nullable for now; the persons issue tightens them.
 */
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dob: date('dob', { mode: 'string' }),
    gender: text('gender'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    address: text('address'),
    postalCode: text('postal_code'),
    phoneNumber: text('phone_number'),
    email: text('email'),
    idDocumentType: text('id_document_type'),
    idDocumentNumber: text('id_document_number'),
    dateIssued: date('date_issued', { mode: 'string' }),
    expirationDate: date('expiration_date', { mode: 'string' }),
    occupation: text('occupation'),
    annualIncomeCentimes: bigint('annual_income_centimes', { mode: 'number' }).notNull().default(0),
    maritalStatus: text('marital_status'),
    partner: text('partner'),
    mother: text('mother'),
    preferredContactMethod: text('preferred_contact_method'),
    consentForMarketing: boolean('consent_for_marketing').notNull().default(false),
    /** The language of her receipts and e-mails (decision 237). */
    preferredLanguage: text('preferred_language', { enum: languages }).notNull().default('fr'),
    /**
     * The agent whose user registered the person (null: the super administrator or a public
     * registration). With the agents holding one of its accounts, it may read the whole identity
     * file; anyone else sees it masked.
     */
    registeredAgentId: uuid('registered_agent_id').references(() => agents.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
    /** The names the history's search compares, folded and stored (decisions 175, 181). */
    fullNameFolded: text('full_name_folded').generatedAlwaysAs(
      sql`lajan_fold(first_name || ' ' || last_name)`,
    ),
    lastNameFolded: text('last_name_folded').generatedAlwaysAs(sql`lajan_fold(last_name)`),
  },
  (t) => [
    index('persons_registered_agent_idx').on(t.registeredAgentId),
    // One person per e-mail, phone and identity document (SPEC §5 uniqueness), held by the
    // database so that two racing registrations cannot both win.
    uniqueIndex('persons_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('persons_phone_number_key').on(t.phoneNumber),
    uniqueIndex('persons_id_document_key').on(t.idDocumentType, sql`upper(${t.idDocumentNumber})`),
    index('persons_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
    // The history's search by a sender's name: its start, by full name or last name (decision 139), folded
    // (`lajan_fold`, decision 175).
    index('persons_full_name_prefix_idx').on(sql`${t.fullNameFolded} text_pattern_ops`),
    index('persons_last_name_prefix_idx').on(sql`${t.lastNameFolded} text_pattern_ops`),
    check('persons_gender_check', sql`${t.gender} IS NULL OR ${t.gender} IN ('male', 'female')`),
    check(
      'persons_id_document_type_check',
      sql`${t.idDocumentType} IS NULL OR ${t.idDocumentType} IN ('id_card', 'passport', 'driving_license')`,
    ),
    check(
      'persons_marital_status_check',
      sql`${t.maritalStatus} IS NULL OR ${t.maritalStatus} IN ('single', 'married', 'divorced', 'widowed')`,
    ),
    check(
      'persons_preferred_contact_method_check',
      sql`${t.preferredContactMethod} IS NULL OR ${t.preferredContactMethod} IN ('email', 'phone', 'sms')`,
    ),
    check('persons_annual_income_check', sql`${t.annualIncomeCentimes} >= 0`),
    check('persons_preferred_language_check', sql`${t.preferredLanguage} IN ('fr', 'ht')`),
  ],
);

/** A cash point of the network. Minimal for now; the agents issue fills it. */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Set: the agent is inactive, its users cannot sign in. */
    deletedAt: timestamptz('deleted_at'),
    /** Set: suspended; its users cannot sign in until it is activated again. */
    suspendedAt: timestamptz('suspended_at'),
    createdByUserId: uuid('created_by_user_id'),
  },
  (t) => [
    uniqueIndex('agents_code_key').on(t.code),
    check('agents_type_check', sql`${t.type} IN ('Business', 'Personal', 'Intern')`),
  ],
);

/**
 * A person's phone number that migration 0036 could not rewrite in E.164: another person holds that form
 * (decision 204). Listed for the super administrator while the person's number is still `phoneNumber`.
 */
export const phoneReviews = pgTable(
  'phone_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    normalForm: text('normal_form').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('phone_reviews_person_idx').on(t.personId)],
);

/** Someone who signs in to the back office. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    role: text('role', { enum: ['sudo', 'agent_admin', 'user'] }).notNull(),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    agentId: uuid('agent_id').references(() => agents.id),
    agentRole: text('agent_role', { enum: ['admin', 'agent'] }),
    /** Null until the user has chosen its own password: the first-password gate. */
    passwordUpdatedAt: timestamptz('password_updated_at'),
    /** Bumped by logout, password change and reset: tokens carrying an older `ver` are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Set: the user is disabled and cannot sign in. */
    deletedAt: timestamptz('deleted_at'),
    /**
     * The one user under which Lajan posts by itself (the expiry job, decision 225): made by migration 0039,
     * disabled from birth (it never signs in) and never listed.
     */
    system: boolean('system').notNull().default(false),
    /** The language of her screens and of the API's messages to her (decision 237). */
    language: text('language', { enum: languages }).notNull().default('fr'),
  },
  (t) => [
    // Usernames are unique whatever their case: "Marie" and "marie" are one account.
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    // A person stands behind at most one user that is not deleted: its e-mail receives
    // that user's reset links, so a second user on the same person would share them.
    uniqueIndex('users_person_active_key')
      .on(t.personId)
      .where(sql`${t.deletedAt} IS NULL`),
    index('users_person_id_idx').on(t.personId),
    index('users_agent_id_idx').on(t.agentId),
    check('users_system_check', sql`NOT ${t.system} OR ${t.deletedAt} IS NOT NULL`),
    check('users_language_check', sql`${t.language} IN ('fr', 'ht')`),
    check(
      'users_role_check',
      sql`(${t.role} = 'sudo' AND ${t.agentId} IS NULL AND ${t.agentRole} IS NULL AND ${t.isSuperAdmin} <> ${t.system})
       OR (${t.role} = 'agent_admin' AND ${t.agentId} IS NOT NULL AND ${t.agentRole} = 'admin' AND NOT ${t.isSuperAdmin})
       OR (${t.role} = 'user' AND ${t.agentId} IS NOT NULL AND ${t.agentRole} = 'agent' AND NOT ${t.isSuperAdmin})`,
    ),
  ],
);

/** Sign-in attempts and reset requests, for throttling. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * `login` for a sign-in, `reset_request` for a forgotten-password request, `reset_confirm` for a
     * new password sent with a reset link, `password_check` for the current password of a password
     * change, `register` for a public registration.
     */
    kind: text('kind', {
      enum: [
        'login',
        'reset_request',
        'reset_confirm',
        'password_check',
        'register',
        'holder_check',
        'lookup',
        'mfa',
      ],
    }).notNull(),
    /** Lower-cased username (or e-mail for a reset request by e-mail). */
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    /**
     * `holder_check`: what the document was typed for (an account number, a person's id), counted apart
     * (decision 199); null for the other kinds.
     */
    target: text('target'),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_username_idx').on(t.kind, t.username, t.createdAt),
    index('login_attempts_ip_idx').on(t.kind, t.ip, t.createdAt),
    index('login_attempts_target_idx').on(t.kind, t.username, t.target, t.createdAt),
  ],
);

/** One e-mailed reset link: only its SHA-256 is kept. */
/**
 * A user's second factor (decision 203): the TOTP secret, encrypted with a key derived from the JWT
 * secret; `confirmed_at` null while the enrolment awaits its first code; `last_step` the time step of
 * the last code accepted, so that a code works once.
 */
export const secondFactors = pgTable('second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  secret: text('secret').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  confirmedAt: timestamptz('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** Ten single-use recovery codes per enrolment, kept as SHA-256 hashes (124 random bits each). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    usedAt: timestamptz('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    /** The user's `token_version` when it was sent: a later bump (password, sessions ended) voids it. */
    tokenVersion: integer('token_version').notNull(),
    /** The address it was sent to: once the user's e-mail is another, it is void (decision 188). */
    sentTo: text('sent_to').notNull(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Messages to send, written in the transaction that causes them and sent after the commit.
 * Once sent, the body is erased: it may hold a reset link or a temporary password.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** A sender that claimed the row owns it until then (another process may take it after). */
    lockedUntil: timestamptz('locked_until'),
    sentAt: timestamptz('sent_at'),
    /** Set when the retries are exhausted. */
    failedAt: timestamptz('failed_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

/**
 * SMS to send (issue 46), written in the transaction that causes them and sent after the commit, at least
 * once like mail (decision 012). `transactionId` ties a message to the operation that caused it.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: smsKinds }).notNull(),
    /** E.164, « +509… ». */
    toNumber: text('to_number').notNull(),
    language: text('language', { enum: languages }).notNull(),
    /** The text as queued; null when `facts` are, written in the row's language at send time (decision 241). */
    textBody: text('text_body'),
    /** What the posting knew (amounts in centimes, numbers): `smsText` writes the text from them. */
    facts: jsonb('facts').$type<Record<string, unknown>>(),
    transactionId: uuid('transaction_id').references(() => transactions.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** A sender that claimed the row owns it until then (another process may take it after). */
    lockedUntil: timestamptz('locked_until'),
    sentAt: timestamptz('sent_at'),
    /** Set when the retries are exhausted, or when its kind is switched off at send time. */
    failedAt: timestamptz('failed_at'),
    lastError: text('last_error'),
    /** How the text travels (decision 240): set with the first part the SMSC accepts. */
    parts: smallint('parts'),
    encoding: text('encoding').$type<'gsm7' | 'ucs2'>(),
    /** The SMSC's id of each part accepted, in order: a retry sends the parts after them only. */
    smscMessageIds: text('smsc_message_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last delivery report's `stat` (`DELIVRD`, `UNDELIV`, `EXPIRED`…); a part lost outweighs one delivered. */
    deliveryStatus: text('delivery_status'),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    index('sms_outbox_smsc_message_ids_idx').using('gin', t.smscMessageIds),
    index('sms_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    check(
      'sms_outbox_kind_check',
      sql`${t.kind} IN ('receipt', 'pickup_code', 'transfer_paid', 'transfer_cancelled', 'transfer_expired')`,
    ),
    check('sms_outbox_language_check', sql`${t.language} IN ('fr', 'ht')`),
    check('sms_outbox_text_check', sql`${t.textBody} IS NOT NULL OR ${t.facts} IS NOT NULL`),
    index('sms_outbox_transaction_idx').on(t.transactionId),
    // The operators' list of failed deliveries, given up or not delivered, the latest first (decision 242).
    index('sms_outbox_failures_idx')
      .on(sql`(coalesce(${t.failedAt}, ${t.sentAt})) DESC`, t.id.desc())
      .where(
        sql`(${t.failedAt} IS NOT NULL AND ${t.sentAt} IS NULL) OR (${t.sentAt} IS NOT NULL AND ${t.deliveryStatus} IN (${smsUndeliveredStatusesSql}))`,
      ),
  ],
);

/**
 * A kind of SMS switched off or on by a super administrator (decision 242). A kind without a row is on:
 * the sender reads this before each send (`src/sms/switches.ts`).
 */
export const smsKindSettings = pgTable(
  'sms_kind_settings',
  {
    kind: text('kind', { enum: smsKinds }).primaryKey(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id),
  },
  (t) => [
    check(
      'sms_kind_settings_kind_check',
      sql`${t.kind} IN ('receipt', 'pickup_code', 'transfer_paid', 'transfer_cancelled', 'transfer_expired')`,
    ),
  ],
);

/** Who did what, when, from where. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    /** Kept as typed even when no such user exists (a failed sign-in). */
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_actor_idx').on(t.actorUserId, t.at)],
);

/**
 * Anonymous refusals counted per action, address and 15-minute window (decision 198): the first of a window
 * writes an audit row, the others only add one here, so that a flood cannot grow the audit trail.
 */
export const anonymousRefusals = pgTable(
  'anonymous_refusals',
  {
    action: text('action').notNull(),
    ip: text('ip').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    refused: integer('refused').notNull(),
    lastAt: timestamptz('last_at').notNull(),
  },
  (t) => [primaryKey({ name: 'anonymous_refusals_pkey', columns: [t.action, t.ip, t.windowStart] })],
);

/** The persons who own an agent; position 0 is the first owner (who receives the first user's e-mail). */
export const agentOwners = pgTable(
  'agent_owners',
  {
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.personId] }),
    uniqueIndex('agent_owners_position_key').on(t.agentId, t.position),
    index('agent_owners_person_idx').on(t.personId),
  ],
);

/**
 * Every account of the ledger: customer accounts (current, savings), one float account
 * per agent, and the system accounts (fee income, external transfers to pay out, treasury).
 * `balance_centimes` is kept in the transaction that writes the entries and always equals their sum.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountNumber: text('account_number').notNull(),
    kind: text('kind', { enum: ['customer', 'float', 'system'] }).notNull(),
    type: text('type', { enum: ['current', 'savings'] }),
    currency: text('currency').notNull().default('HTG'),
    status: text('status', { enum: ['pending', 'active', 'inactive', 'closed'] }).notNull(),
    balanceCentimes: bigint('balance_centimes', { mode: 'number' }).notNull().default(0),
    /** A float account's agent; a customer account's opening agent (null for a public request). */
    agentId: uuid('agent_id').references(() => agents.id),
    /** `fee_income`, `payout` or `treasury` for the system accounts. */
    systemCode: text('system_code', { enum: ['fee_income', 'payout', 'treasury'] }),
    /** The reference a visitor's public request was given. */
    requestReference: text('request_reference'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    /** Who activated or rejected a public request, and when. */
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id),
    decidedAt: timestamptz('decided_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_account_number_key').on(t.accountNumber),
    uniqueIndex('accounts_system_code_key').on(t.systemCode),
    uniqueIndex('accounts_request_reference_key').on(t.requestReference),
    uniqueIndex('accounts_float_agent_key')
      .on(t.agentId)
      .where(sql`${t.kind} = 'float'`),
    index('accounts_agent_idx').on(t.agentId),
    index('accounts_status_idx').on(t.status),
    check('accounts_currency_check', sql`${t.currency} = 'HTG'`),
    // Only the treasury (the provider's source of e-money) may go below zero. `IS NOT DISTINCT FROM`:
    // a customer or float row has a NULL system code, and `NULL = 'treasury'` would let the check pass.
    check(
      'accounts_balance_check',
      sql`${t.balanceCentimes} >= 0 OR ${t.systemCode} IS NOT DISTINCT FROM 'treasury'`,
    ),
    check(
      'accounts_kind_check',
      sql`(${t.kind} = 'customer' AND ${t.type} IS NOT NULL AND ${t.systemCode} IS NULL)
       OR (${t.kind} = 'float' AND ${t.type} IS NULL AND ${t.agentId} IS NOT NULL AND ${t.systemCode} IS NULL)
       OR (${t.kind} = 'system' AND ${t.type} IS NULL AND ${t.agentId} IS NULL AND ${t.systemCode} IS NOT NULL)`,
    ),
  ],
);

/** The holders of a customer account; position 0 is the principal holder. */
export const accountHolders = pgTable(
  'account_holders',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.personId] }),
    uniqueIndex('account_holders_position_key').on(t.accountId, t.position),
    index('account_holders_person_idx').on(t.personId),
  ],
);

/**
 * One posted money movement. Never edited after posting, except an external transfer's
 * status (pending → completed, cancelled or expired, once, decision 225) and a corrected one's
 * (completed → reversed, once, decision 226). Its entries sum to zero.
 */
export const transactions = pgTable(
  'transactions',
  {
    /** Time-ordered (version 7, decision 168): chosen by the server (`ledger/ids.ts`), or by this default. */
    id: uuid('id')
      .primaryKey()
      .default(sql`ledger_time_ordered_uuid()`),
    /** Random digits with a check digit; an external transfer's pick-up code. */
    transactionNumber: text('transaction_number').notNull(),
    // The domain's lists (decision 224): a type is checked by them, not by the database, so needs no migration.
    type: text('type', { enum: transactionTypes }).notNull(),
    status: text('status', { enum: transactionStatuses }).notNull(),
    amountCentimes: bigint('amount_centimes', { mode: 'number' }).notNull(),
    feeCentimes: bigint('fee_centimes', { mode: 'number' }).notNull().default(0),
    agentShareCentimes: bigint('agent_share_centimes', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('HTG'),
    /** The agent for which the work was done (the teller's agent; the funded agent for an agent deposit). */
    // Its agent, teller, accounts and sender are checked, and locked FOR KEY SHARE, once per inserting
    // statement by a trigger, not by row-by-row foreign keys (sql/ledger_transactions_references.sql,
    // decision 163).
    agentId: uuid('agent_id'),
    createdByUserId: uuid('created_by_user_id').notNull(),
    /** The customer account of a deposit or withdrawal. */
    accountId: uuid('account_id'),
    senderAccountId: uuid('sender_account_id'),
    recipientAccountId: uuid('recipient_account_id'),
    senderPersonId: uuid('sender_person_id'),
    /**
     * The recipient of an external transfer, as the sender described them: name, phone and a document or
     * none (decision 209); rows written before hold SPEC §5's whole person form.
     */
    recipient: jsonb('recipient').$type<Record<string, unknown>>(),
    /** The party at the counter: `{ name, idDocumentType, idDocumentNumber }`. */
    party: jsonb('party').$type<{ name: string; idDocumentType: string; idDocumentNumber: string }>(),
    /**
     * The names the history's search compares, folded (`lajan_fold`, decision 175), stored when the row is
     * written (migration 0028, decision 181): the party's name and its last name (what follows its first word),
     * the recipient's full name and last name.
     */
    partyNameFolded: text('party_name_folded').generatedAlwaysAs(sql`lajan_fold(party->>'name')`),
    partyLastNameFolded: text('party_last_name_folded').generatedAlwaysAs(
      sql`lajan_fold(substr(party->>'name', strpos(party->>'name', ' ') + 1))`,
    ),
    recipientNameFolded: text('recipient_name_folded').generatedAlwaysAs(
      sql`CASE WHEN recipient IS NOT NULL THEN lajan_fold(coalesce(recipient->>'firstName', '') || ' ' || coalesce(recipient->>'lastName', '')) END`,
    ),
    recipientLastNameFolded: text('recipient_last_name_folded').generatedAlwaysAs(
      sql`lajan_fold(recipient->>'lastName')`,
    ),
    /** A payout or refund points at the external transfer it settles; a reversal at what it corrects. */
    relatedTransactionId: uuid('related_transaction_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When an external transfer stopped being pending. */
    settledAt: timestamptz('settled_at'),
    /**
     * The number of the fee version it was charged with (decision 150), of its type's chain: set by a
     * trigger (sql/transactions_set_fee_version.sql) from the version in force at the posting's now(), for
     * the four banded types.
     */
    feeVersion: integer('fee_version'),
  },
  (t) => [
    uniqueIndex('transactions_number_key').on(t.transactionNumber),
    // The history (decision 139): a page, its count and the export's keyset read these in order,
    // `(created_at, id)` being the history's order, per agent, per agent and type, or over everything.
    index('transactions_agent_created_idx').on(t.agentId, t.createdAt, t.id),
    index('transactions_agent_type_created_idx').on(t.agentId, t.type, t.createdAt, t.id),
    index('transactions_created_idx').on(t.createdAt, t.id),
    // The history's search: by a customer account, a sender, or the start of a name.
    index('transactions_account_idx')
      .on(t.accountId)
      .where(sql`${t.accountId} IS NOT NULL`),
    index('transactions_sender_account_idx')
      .on(t.senderAccountId)
      .where(sql`${t.senderAccountId} IS NOT NULL`),
    index('transactions_recipient_account_idx')
      .on(t.recipientAccountId)
      .where(sql`${t.recipientAccountId} IS NOT NULL`),
    index('transactions_sender_person_idx')
      .on(t.senderPersonId)
      .where(sql`${t.senderPersonId} IS NOT NULL`),
    index('transactions_party_name_idx').on(sql`${t.partyNameFolded} text_pattern_ops`),
    index('transactions_party_last_name_idx').on(sql`${t.partyLastNameFolded} text_pattern_ops`),
    index('transactions_recipient_name_idx')
      .on(sql`${t.recipientNameFolded} text_pattern_ops`)
      .where(sql`${t.recipientNameFolded} IS NOT NULL`),
    index('transactions_recipient_last_name_idx')
      .on(sql`${t.recipientLastNameFolded} text_pattern_ops`)
      .where(sql`${t.recipientLastNameFolded} IS NOT NULL`),
    index('transactions_related_idx')
      .on(t.relatedTransactionId)
      .where(sql`${t.relatedTransactionId} IS NOT NULL`),
    // A transfer is refunded at most once, by its cancellation or after it expired (decision 225).
    uniqueIndex('transactions_one_refund_key')
      .on(t.relatedTransactionId)
      .where(sql`${t.type} = 'external_refund'`),
    // The expiry job's look-up: the pending transfers, oldest first (decision 225).
    index('transactions_pending_transfers_idx')
      .on(t.createdAt)
      .where(sql`${t.type} = 'external_transfer' AND ${t.status} = 'pending'`),
    check('transactions_amount_check', sql`${t.amountCentimes} > 0`),
    check(
      'transactions_fee_check',
      sql`${t.feeCentimes} >= 0 AND ${t.agentShareCentimes} >= 0 AND ${t.agentShareCentimes} <= ${t.feeCentimes}`,
    ),
    check(
      'transactions_status_check',
      sql`${t.status} = 'completed' OR ${t.type} = 'external_transfer' OR (${t.status} = 'reversed' AND ${t.type} IN ('deposit', 'withdrawal', 'transfer', 'agent_deposit'))`,
    ),
    check('transactions_currency_check', sql`${t.currency} = 'HTG'`),
    check(
      'transactions_fee_version_check',
      sql`${t.feeVersion} IS NULL OR ${t.type} IN ('deposit', 'withdrawal', 'transfer', 'external_transfer')`,
    ),
    // An agent deposit has no fee and is at most 1 000 000 HTG.
    check(
      'transactions_agent_deposit_check',
      sql`${t.type} <> 'agent_deposit' OR (${t.feeCentimes} = 0 AND ${t.amountCentimes} <= 100000000)`,
    ),
  ],
);

/** The postings of a transaction: a signed amount per account, positive when it raises the balance. */
export const entries = pgTable(
  'entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Its transaction and account: checked once per inserting statement (sql/ledger_entries_references.sql,
    // decision 163).
    transactionId: uuid('transaction_id').notNull(),
    accountId: uuid('account_id').notNull(),
    amountCentimes: bigint('amount_centimes', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('entries_transaction_idx').on(t.transactionId),
    index('entries_account_created_idx').on(t.accountId, t.createdAt),
    check('entries_amount_check', sql`${t.amountCentimes} <> 0`),
  ],
);

/**
 * Each agent's transactions per type, for the history's exact totals in constant time (decision 144). Written
 * by a trigger in the posting's own transaction, into the slot of its connection so tellers never wait on one
 * row.
 */
export const historyCounts = pgTable(
  'history_counts',
  {
    agentKey: uuid('agent_key').notNull(),
    type: text('type', { enum: transactionTypes }).notNull(),
    slot: smallint('slot').notNull(),
    count: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentKey, t.type, t.slot] })],
);

/**
 * The sum of each float and system account's entries per Haiti day, for the balance chart
 * (decisions 144, 167). A float's day has one row (slot 0: the posting locks the float); a shared system
 * account one per connection.
 */
export const accountDayTotals = pgTable(
  'account_day_totals',
  {
    accountId: uuid('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    amountCentimes: bigint('amount_centimes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.slot] })],
);

const feeTypeValues = ['deposit', 'withdrawal', 'transfer', 'external_transfer'] as const;

/**
 * The fee schedule's versions, one chain per type (decision 150): never edited, a coming one may be
 * cancelled. In force: the non-cancelled version with the greatest `effective_from` not after now() (ties:
 * greatest number).
 */
export const feeVersions = pgTable(
  'fee_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: feeTypeValues }).notNull(),
    number: integer('number').notNull(),
    effectiveFrom: timestamptz('effective_from').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: uuid('created_by_user_id'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelledByUserId: uuid('cancelled_by_user_id'),
  },
  (t) => [
    uniqueIndex('fee_versions_type_number_key').on(t.type, t.number),
    unique('fee_versions_id_type_key').on(t.id, t.type),
    index('fee_versions_type_effective_idx').on(t.type, t.effectiveFrom.desc()),
    check('fee_versions_number_check', sql`${t.number} > 0`),
    check('fee_versions_cancel_check', sql`${t.cancelledByUserId} IS NULL OR ${t.cancelledAt} IS NOT NULL`),
  ],
);

/** The bands of every fee version: per type and amount band, bounds inclusive, in centimes. */
export const feeBands = pgTable(
  'fee_bands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: feeTypeValues }).notNull(),
    minAmountCentimes: bigint('min_amount_centimes', { mode: 'number' }).notNull(),
    maxAmountCentimes: bigint('max_amount_centimes', { mode: 'number' }).notNull(),
    feeCentimes: bigint('fee_centimes', { mode: 'number' }).notNull(),
    agentShareCentimes: bigint('agent_share_centimes', { mode: 'number' }).notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedByUserId: uuid('updated_by_user_id'),
    versionId: uuid('version_id')
      .notNull()
      .references(() => feeVersions.id),
  },
  (t) => [
    uniqueIndex('fee_bands_version_band_key').on(t.versionId, t.minAmountCentimes),
    // A band's type is its version's (migration 0020): the bands of a type's version in force are the type's.
    foreignKey({
      name: 'fee_bands_version_type_fk',
      columns: [t.versionId, t.type],
      foreignColumns: [feeVersions.id, feeVersions.type],
    }),
    index('fee_bands_type_min_idx').on(t.type, t.minAmountCentimes),
    check(
      'fee_bands_band_check',
      sql`${t.minAmountCentimes} > 0 AND ${t.maxAmountCentimes} >= ${t.minAmountCentimes}`,
    ),
    check(
      'fee_bands_fee_check',
      sql`${t.feeCentimes} >= 0 AND ${t.agentShareCentimes} >= 0 AND ${t.agentShareCentimes} <= ${t.feeCentimes}`,
    ),
  ],
);

/**
 * The bands in force at the database's now() (migration 0013's view, read-only): what the quotes, the
 * postings and the posting functions of `sql/` read, with their version.
 */
export const feeSchedule = pgView('fee_schedule', {
  id: uuid('id').notNull(),
  type: text('type', { enum: feeTypeValues }).notNull(),
  minAmountCentimes: bigint('min_amount_centimes', { mode: 'number' }).notNull(),
  maxAmountCentimes: bigint('max_amount_centimes', { mode: 'number' }).notNull(),
  feeCentimes: bigint('fee_centimes', { mode: 'number' }).notNull(),
  agentShareCentimes: bigint('agent_share_centimes', { mode: 'number' }).notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
  updatedByUserId: uuid('updated_by_user_id'),
  versionId: uuid('version_id').notNull(),
  versionNumber: integer('version_number').notNull(),
  versionEffectiveFrom: timestamptz('version_effective_from').notNull(),
}).existing();

/**
 * A customer's limits, versioned as the fees (decision 227): never edited, a coming one may be cancelled. In
 * force: the non-cancelled version with the greatest `effective_from` not after now() (ties: greatest number).
 */
export const limitVersions = pgTable(
  'limit_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    effectiveFrom: timestamptz('effective_from').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id),
    cancelledAt: timestamptz('cancelled_at'),
    cancelledByUserId: uuid('cancelled_by_user_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('limit_versions_number_key').on(t.number),
    index('limit_versions_effective_idx').on(t.effectiveFrom.desc()),
    check('limit_versions_number_check', sql`${t.number} > 0`),
    check('limit_versions_cancel_check', sql`${t.cancelledByUserId} IS NULL OR ${t.cancelledAt} IS NOT NULL`),
  ],
);

/** A version's limits for one category, in centimes: per operation ≤ per day ≤ per 30 days. */
export const limitValues = pgTable(
  'limit_values',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => limitVersions.id),
    category: text('category', { enum: limitCategories }).notNull(),
    perOperationCentimes: bigint('per_operation_centimes', { mode: 'number' }).notNull(),
    perDayCentimes: bigint('per_day_centimes', { mode: 'number' }).notNull(),
    perThirtyDaysCentimes: bigint('per_thirty_days_centimes', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.category] }),
    check(
      'limit_values_order_check',
      sql`${t.perOperationCentimes} > 0 AND ${t.perOperationCentimes} <= ${t.perDayCentimes} AND ${t.perDayCentimes} <= ${t.perThirtyDaysCentimes}`,
    ),
  ],
);

/**
 * What a person did per category and Haiti day (decision 227): added by the posting in its own transaction,
 * under this row's lock, so two tellers cannot pass a limit together; a correction takes its original back.
 */
export const personLimitDays = pgTable(
  'person_limit_days',
  {
    personId: uuid('person_id').notNull(),
    category: text('category', { enum: limitCategories }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    totalCentimes: bigint('total_centimes', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.category, t.day] }),
    check('person_limit_days_total_check', sql`${t.totalCentimes} >= 0`),
  ],
);

/**
 * Idempotency keys of money-moving requests: written in the same database transaction as
 * the posting, with the answer, so that a repeat gets the first answer byte for byte.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the validated input: the same key with other input is refused (409). */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: text('response_body').notNull(),
    /** A flow with reads of its own: the facts they found, composed with the body into the answer (decision 222). */
    responseFacts: jsonb('response_facts'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.route, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Failed identifications at pay-out or cancellation, and unlocks: five failures since the last unlock lock
 * the transfer (decision 200). Kept apart from `transactions`, which is never edited after posting.
 */
export const payoutIdentifications = pgTable(
  'payout_identifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** `approved`: the sending agent's administrator cancelled it with a reason (decision 200, 0032). */
    outcome: text('outcome', { enum: ['failed', 'unlocked', 'approved'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    agentId: uuid('agent_id').references(() => agents.id),
    /** What was typed from the card, for the investigation of a failure. */
    presented: jsonb('presented').$type<Record<string, unknown>>(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('payout_identifications_transaction_idx').on(t.transactionId, t.at)],
);

/**
 * A teller's cash drawer session, outside the ledger (decision 149). A cash operation holds the open row `FOR
 * SHARE` until it commits and a close takes it `FOR UPDATE`: a close waits for the operations under way.
 */
export const drawerSessions = pgTable(
  'drawer_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id),
    openedAt: timestamptz('opened_at').notNull(),
    /** Pieces by denomination key (`"1000"`, `"0.50"`…). */
    openingCounts: jsonb('opening_counts').$type<Record<string, number>>().notNull(),
    openingCentimes: bigint('opening_centimes', { mode: 'number' }).notNull(),
    closedAt: timestamptz('closed_at'),
    closingCounts: jsonb('closing_counts').$type<Record<string, number>>(),
    countedCentimes: bigint('counted_centimes', { mode: 'number' }),
    expectedCentimes: bigint('expected_centimes', { mode: 'number' }),
    /** counted − expected, signed. */
    differenceCentimes: bigint('difference_centimes', { mode: 'number' }),
    /** Above the threshold at the close: waits for the agent administrator's acknowledgement. */
    needsAcknowledgement: boolean('needs_acknowledgement').notNull().default(false),
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedByUserId: uuid('acknowledged_by_user_id').references(() => users.id),
    /** SHA-256 (hex) of the session's canonical text and the teller's previous fingerprint. */
    fingerprint: text('fingerprint'),
    previousFingerprint: text('previous_fingerprint'),
    /** Which canonical text the fingerprint is of: 1 before decision 201, 2 since (it covers the opening). */
    fingerprintVersion: smallint('fingerprint_version').notNull().default(1),
    /**
     * The opening compared with the teller's previous close (decision 201): that close's count, and opening −
     * it; above the threshold, waits for the agent administrator like a close's. Null: no close before.
     */
    previousCountedCentimes: bigint('previous_counted_centimes', { mode: 'number' }),
    openingDifferenceCentimes: bigint('opening_difference_centimes', { mode: 'number' }),
    openingNeedsAcknowledgement: boolean('opening_needs_acknowledgement').notNull().default(false),
    openingAcknowledgedAt: timestamptz('opening_acknowledged_at'),
    openingAcknowledgedByUserId: uuid('opening_acknowledged_by_user_id').references(() => users.id),
    /** Who closed it: the teller, or an administrator with her own count (decision 201). */
    closedByUserId: uuid('closed_by_user_id').references(() => users.id),
  },
  (t) => [
    // At most one open drawer per teller.
    uniqueIndex('drawer_sessions_open_user_key')
      .on(t.userId)
      .where(sql`${t.closedAt} IS NULL`),
    index('drawer_sessions_user_opened_idx').on(t.userId, t.openedAt),
    index('drawer_sessions_agent_opened_idx').on(t.agentId, t.openedAt),
    check('drawer_sessions_opening_check', sql`${t.openingCentimes} >= 0`),
    check(
      'drawer_sessions_close_check',
      sql`(${t.closedAt} IS NULL AND ${t.closingCounts} IS NULL AND ${t.countedCentimes} IS NULL
           AND ${t.expectedCentimes} IS NULL AND ${t.differenceCentimes} IS NULL AND ${t.fingerprint} IS NULL)
       OR (${t.closedAt} IS NOT NULL AND ${t.closedAt} >= ${t.openedAt} AND ${t.closingCounts} IS NOT NULL
           AND ${t.countedCentimes} >= 0 AND ${t.expectedCentimes} IS NOT NULL
           AND ${t.differenceCentimes} = ${t.countedCentimes} - ${t.expectedCentimes}
           AND ${t.fingerprint} IS NOT NULL)`,
    ),
    check(
      'drawer_sessions_acknowledgement_check',
      sql`(${t.acknowledgedAt} IS NULL) = (${t.acknowledgedByUserId} IS NULL)
       AND (${t.acknowledgedAt} IS NULL OR ${t.needsAcknowledgement})`,
    ),
    check(
      'drawer_sessions_opening_difference_check',
      sql`(${t.previousCountedCentimes} IS NULL AND ${t.openingDifferenceCentimes} IS NULL)
       OR (${t.previousCountedCentimes} >= 0
           AND ${t.openingDifferenceCentimes} = ${t.openingCentimes} - ${t.previousCountedCentimes})`,
    ),
    check('drawer_sessions_closed_by_check', sql`(${t.closedAt} IS NULL) = (${t.closedByUserId} IS NULL)`),
    check(
      'drawer_sessions_opening_acknowledgement_check',
      sql`(${t.openingAcknowledgedAt} IS NULL) = (${t.openingAcknowledgedByUserId} IS NULL)
       AND (${t.openingAcknowledgedAt} IS NULL OR ${t.openingNeedsAcknowledgement})`,
    ),
  ],
);

/**
 * A correction of a posted transaction (decision 226): asked with a reason, decided by another, posted as a
 * `reversal`, whose insert marks it executed and the original reversed (sql/ledger_reversal_posted.sql).
 */
export const correctionRequests = pgTable(
  'correction_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    /** The original's agent: whose users see the request. */
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['requested', 'approved', 'rejected', 'executed'] }).notNull(),
    requestedByUserId: uuid('requested_by_user_id')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamptz('requested_at').notNull(),
    /** An agent deposit, or a request of the agent's only administrator: a super administrator decides. */
    superAdminRequired: boolean('super_admin_required').notNull(),
    /** A deposit's or a withdrawal's: carried out at a counter, in a teller's open drawer. */
    cashMoves: boolean('cash_moves').notNull(),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id),
    decidedAt: timestamptz('decided_at'),
    rejectionReason: text('rejection_reason'),
    executedByUserId: uuid('executed_by_user_id').references(() => users.id),
    executedAt: timestamptz('executed_at'),
    reversalTransactionId: uuid('reversal_transaction_id').references(() => transactions.id),
  },
  (t) => [
    // At most one open request per transaction; a reversal corrects one request.
    uniqueIndex('correction_requests_open_key')
      .on(t.transactionId)
      .where(sql`${t.status} IN ('requested', 'approved', 'executed')`),
    uniqueIndex('correction_requests_reversal_key')
      .on(t.reversalTransactionId)
      .where(sql`${t.reversalTransactionId} IS NOT NULL`),
    index('correction_requests_agent_idx').on(t.agentId, t.status, t.requestedAt),
    // Four eyes: whoever decides is not who asked.
    check('correction_requests_four_eyes_check', sql`${t.decidedByUserId} <> ${t.requestedByUserId}`),
    check(
      'correction_requests_decided_check',
      sql`(${t.status} = 'requested') = (${t.decidedByUserId} IS NULL) AND (${t.decidedAt} IS NULL) = (${t.decidedByUserId} IS NULL)`,
    ),
    check(
      'correction_requests_rejected_check',
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} IS NOT NULL)`,
    ),
    check(
      'correction_requests_executed_check',
      sql`(${t.status} = 'executed') = (${t.reversalTransactionId} IS NOT NULL) AND (${t.status} = 'executed') = (${t.executedByUserId} IS NOT NULL) AND (${t.executedAt} IS NULL) = (${t.executedByUserId} IS NULL)`,
    ),
  ],
);

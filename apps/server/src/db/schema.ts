/**
 * The one Drizzle schema, for PGlite and PostgreSQL alike. `drizzle-kit generate` turns it
 * into the SQL migrations of `apps/server/drizzle/`. Keep it to SQL that PostgreSQL 15 runs.
 * This file imports nothing of the app: drizzle-kit loads it on its own.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A natural person: a customer, an owner of an agent, the person behind a user (SPEC §3).
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
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('persons_email_idx').on(sql`lower(${t.email})`),
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
    /** Set: the agent is inactive (SPEC §3), its users cannot sign in. */
    deletedAt: timestamptz('deleted_at'),
    /** Set: suspended; its users cannot sign in until it is activated again. */
    suspendedAt: timestamptz('suspended_at'),
  },
  (t) => [
    uniqueIndex('agents_code_key').on(t.code),
    check('agents_type_check', sql`${t.type} IN ('Business', 'Personal', 'Intern')`),
  ],
);

/** Someone who signs in to the back office (DESIGN §3). */
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
  },
  (t) => [
    // Usernames are unique whatever their case: "Marie" and "marie" are one account.
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_person_id_idx').on(t.personId),
    index('users_agent_id_idx').on(t.agentId),
    check(
      'users_role_check',
      sql`(${t.role} = 'sudo' AND ${t.agentId} IS NULL AND ${t.agentRole} IS NULL AND ${t.isSuperAdmin})
       OR (${t.role} = 'agent_admin' AND ${t.agentId} IS NOT NULL AND ${t.agentRole} = 'admin' AND NOT ${t.isSuperAdmin})
       OR (${t.role} = 'user' AND ${t.agentId} IS NOT NULL AND ${t.agentRole} = 'agent' AND NOT ${t.isSuperAdmin})`,
    ),
  ],
);

/** Sign-in attempts and reset requests, for throttling (DESIGN §6). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `login` for a sign-in, `reset_request` for a forgotten-password request. */
    kind: text('kind', { enum: ['login', 'reset_request'] }).notNull(),
    /** Lower-cased username (or e-mail for a reset request by e-mail). */
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_username_idx').on(t.kind, t.username, t.createdAt),
    index('login_attempts_ip_idx').on(t.kind, t.ip, t.createdAt),
  ],
);

/** One e-mailed reset link: only its SHA-256 is kept (DESIGN §7). */
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
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Messages to send, written in the transaction that causes them and sent after the commit
 * (DESIGN §8). Once sent, the body is erased: it may hold a reset link or a temporary password.
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

/** Who did what, when, from where (DESIGN §7). Append-only. */
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

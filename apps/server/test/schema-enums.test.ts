import {
  accountStatusSchema,
  accountTypeSchema,
  agentRoleSchema,
  agentTypeSchema,
  contactMethodSchema,
  correctionStatusSchema,
  feeTypeSchema,
  genderSchema,
  idDocumentTypeSchema,
  languages,
  limitCategories,
  maritalStatusSchema,
  reversibleTypes,
  roleSchema,
  smsKinds,
  transactionStatusSchema,
  transactionTypeSchema,
} from '@lajan/domain';
import { is } from 'drizzle-orm';
import { PgDialect, PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import type { AttemptKind } from '../src/modules/auth/throttle.js';
import { systemAccountCodes } from '../src/ledger/system-accounts.js';

/*
 * One source for every shared value (issue 13, item 4): the closed sets of values the database holds
 * (a `text(…, { enum })` column, or a CHECK `… IN ('a', 'b')`) must be the domain's. A new value added
 * on one side only fails here. Every closed set of the schema must be listed below, either against the
 * domain enum it mirrors or as a server-only set with the reason; an unlisted one fails too.
 */

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);
const dialect = new PgDialect();

/** Every closed set of the schema, named `table.column` (enum column) or `table.constraint` (CHECK … IN). */
function closedSetsOfSchema(): Map<string, string[]> {
  const sets = new Map<string, string[]>();
  for (const table of tables) {
    const config = getTableConfig(table);
    for (const column of config.columns) {
      if (column.enumValues?.length) sets.set(`${config.name}.${column.name}`, [...column.enumValues]);
    }
    for (const check of config.checks) {
      const text = dialect.sqlToQuery(check.value).sql;
      const list = /\bIN \(([^)]*)\)/i.exec(text);
      if (!list) continue;
      const values = [...list[1]!.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
      sets.set(`${config.name}.${check.name}`, values);
    }
  }
  return sets;
}

/** The database's closed sets that mirror a domain enum: the same values, in any order. */
const mirrored: Record<string, readonly string[]> = {
  'users.role': roleSchema.options,
  'users.agent_role': agentRoleSchema.options,
  'agents.agents_type_check': agentTypeSchema.options,
  'accounts.type': accountTypeSchema.options,
  'accounts.status': accountStatusSchema.options,
  'transactions.type': transactionTypeSchema.options,
  'history_counts.type': transactionTypeSchema.options,
  'transactions.status': transactionStatusSchema.options,
  'fee_bands.type': feeTypeSchema.options,
  'fee_versions.type': feeTypeSchema.options,
  // Only the banded types record the fee version they were charged with (decision 150).
  'transactions.transactions_fee_version_check': feeTypeSchema.options,
  // A corrected transaction's types (decision 226), and its requests' statuses.
  'transactions.transactions_status_check': reversibleTypes,
  'correction_requests.status': correctionStatusSchema.options,
  // What a customer's limits count (decision 227).
  'limit_values.category': limitCategories,
  'person_limit_days.category': limitCategories,
  'persons.persons_gender_check': genderSchema.options,
  'persons.persons_id_document_type_check': idDocumentTypeSchema.options,
  'persons.persons_marital_status_check': maritalStatusSchema.options,
  'persons.persons_preferred_contact_method_check': contactMethodSchema.options,
  // A user's language and a customer's (decision 237).
  'users.language': languages,
  'users.users_language_check': languages,
  'persons.preferred_language': languages,
  'persons.persons_preferred_language_check': languages,
  // What Lajan sends by SMS, and in which language (issue 46).
  'sms_outbox.kind': smsKinds,
  'sms_outbox.sms_outbox_kind_check': smsKinds,
  'sms_outbox.language': languages,
  // The switch of each kind (decision 242).
  'sms_kind_settings.kind': smsKinds,
  'sms_kind_settings.sms_kind_settings_kind_check': smsKinds,
  'sms_outbox.sms_outbox_language_check': languages,
};

/**
 * The database's closed sets with no domain counterpart, on purpose: the API never shows or takes
 * them. Each is checked against the server constant that names it, where there is one.
 */
const serverOnly: Record<string, { values: readonly string[]; why: string }> = {
  'accounts.kind': {
    values: ['customer', 'float', 'system'],
    why: 'the API shows customer accounts only; floats and system accounts are the ledger’s own',
  },
  'accounts.system_code': { values: systemAccountCodes, why: 'the ledger’s system accounts (DESIGN §4)' },
  'login_attempts.kind': {
    values: [
      'login',
      'reset_request',
      'reset_confirm',
      'password_check',
      'register',
      'holder_check',
      'lookup',
      'mfa',
    ],
    why: 'throttle counters of the server (DESIGN §6); `AttemptKind` names them',
  },
  'payout_identifications.outcome': {
    // `approved`: an administrator's cancellation with a reason, written by the ledger's call (decision 200).
    values: ['failed', 'unlocked', 'approved'],
    why: 'the record of an identification at pay-out or cancellation, kept for investigation, never answered',
  },
};

const sorted = (values: readonly string[]) => [...values].sort();

describe('the database schema’s closed sets against the domain', () => {
  const sets = closedSetsOfSchema();

  it('finds the closed sets of the schema (the scan itself works)', () => {
    expect(sets.get('users.role')).toBeDefined();
    expect(sets.get('persons.persons_gender_check')).toEqual(['male', 'female']);
  });

  it('lists every closed set of the schema, as mirroring the domain or as server-only', () => {
    const listed = new Set([...Object.keys(mirrored), ...Object.keys(serverOnly)]);
    expect([...sets.keys()].filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !sets.has(name))).toEqual([]);
  });

  it.each(Object.entries(mirrored))('%s holds the values of the domain enum', (name, values) => {
    expect(sorted(sets.get(name) ?? [])).toEqual(sorted(values));
  });

  it.each(Object.entries(serverOnly))(
    '%s (server-only) holds the values the server names',
    (name, { values }) => {
      expect(sorted(sets.get(name) ?? [])).toEqual(sorted(values));
    },
  );

  it('the throttle kinds of the database are the server’s `AttemptKind`', () => {
    expectTypeOf<(typeof schema.loginAttempts.kind.enumValues)[number]>().toEqualTypeOf<AttemptKind>();
  });
});

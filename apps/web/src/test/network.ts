import type { SessionUser } from '@lajan/domain';
import { agentAdmin, superAdmin, teller } from './users';

/**
 * Agents and users as the API answers them (docs/contract-customers-agents.md "Shapes"), for the
 * agents, users, profile and audit screens.
 */

export function listAnswer<T>(rows: T[], { total = rows.length, page = 1, perPage = 10 } = {}) {
  return { data: rows, meta: { total, page, per_page: perPage } };
}

export const capServices = {
  id: '30000000-0000-4000-8000-000000000001',
  code: 'CAP01',
  name: 'Cap Services',
  email: 'contact@capservices.ht',
  phone: '+50937000001',
  address: '5 rue du Quai, Cap-Haïtien',
  city: 'Cap-Haïtien',
  type: 'Business' as 'Business' | 'Personal' | 'Intern',
  status: 'active' as 'active' | 'suspended' | 'inactive',
  personIds: ['10000000-0000-4000-8000-000000000001'],
  owners: [
    {
      id: '10000000-0000-4000-8000-000000000001',
      firstName: 'jean',
      lastName: 'Pierre',
      idDocumentType: 'id_card' as const,
      idDocumentNumber: '003-456-789',
    },
  ],
  username: 'admincap',
  accountNumber: '90000000017',
  balance: 1500.5 as number | null,
  deletedAt: null as string | null,
  suspendedAt: null as string | null,
  createdAt: '2026-11-02T14:00:00.000Z',
};
export type TestAgent = typeof capServices;

export function agent(overrides: Partial<TestAgent> = {}): TestAgent {
  return { ...capServices, ...overrides };
}

/** A user of the API, from a session user, with its person's fields. */
export function apiUser(session: SessionUser, overrides: Record<string, unknown> = {}) {
  return {
    id: session.id,
    username: session.username,
    firstName: session.firstName,
    lastName: session.lastName,
    email: session.email,
    phoneNumber: '+50937111111',
    dob: '1985-03-12',
    gender: 'female',
    maritalStatus: 'single',
    address: '12 rue Grégoire',
    city: 'Pétion-Ville',
    state: 'Ouest',
    postalCode: null,
    country: 'Haïti',
    idDocumentType: 'id_card',
    idDocumentNumber: '001-222-333',
    personId: `person-${session.id}`,
    role: session.role,
    isSuperAdmin: session.isSuperAdmin,
    agent: session.agent,
    passwordUpdatedAt: session.passwordUpdatedAt,
    createdAt: '2026-11-01T10:00:00.000Z',
    deletedAt: null as string | null,
    ...overrides,
  };
}

export const apiUsers = {
  superAdmin: apiUser(superAdmin),
  agentAdmin: apiUser(agentAdmin),
  teller: apiUser(teller),
};

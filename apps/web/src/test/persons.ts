import type { Account, FloatAccount, FullPerson, PersonView } from '@lajan/domain';

/**
 * Persons as the API answers them (docs/contract-customers-agents.md) to the agent that registered
 * them: the whole file (`masked: false`), which that agent may change (`canEdit`).
 */
export const jean: FullPerson = {
  id: '10000000-0000-4000-8000-000000000001',
  firstName: 'jean',
  lastName: 'Pierre',
  dob: '1990-05-14',
  gender: 'male',
  country: 'Haïti',
  state: 'Ouest',
  city: 'Pétion-Ville',
  address: '12 rue Grégoire',
  postalCode: null,
  phoneNumber: '+50937123456',
  email: 'jean.pierre@example.ht',
  idDocumentType: 'id_card',
  idDocumentNumber: '003-456-789',
  dateIssued: '2020-01-10',
  expirationDate: '2030-01-10',
  occupation: 'Commerçant',
  annualIncome: 0,
  maritalStatus: 'married',
  partner: null,
  mother: null,
  preferredContactMethod: 'sms',
  consentForMarketing: false,
  preferredLanguage: 'fr',
  createdAt: '2026-11-01T10:00:00.000Z',
  masked: false,
  canEdit: true,
  canDelete: true,
};

export const marie: FullPerson = {
  ...jean,
  id: '10000000-0000-4000-8000-000000000002',
  firstName: 'Marie',
  lastName: 'Joseph',
  email: 'marie.joseph@example.ht',
  phoneNumber: '+50938000000',
  idDocumentType: 'passport',
  idDocumentNumber: 'PA123456',
};

export function personList(persons: PersonView[]) {
  return { data: persons, meta: { total: persons.length, page: 1, per_page: 20 } };
}

export function accountOf(persons: PersonView[], overrides: Partial<Account> = {}): Account {
  return {
    id: '20000000-0000-4000-8000-000000000001',
    accountNumber: '40912345678',
    type: 'current',
    currency: 'HTG',
    status: 'active',
    balance: 0,
    unavailableBalance: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    customerIds: persons.map((person) => person.id),
    customers: persons.map((person, index) => ({
      id: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      idDocumentType: person.idDocumentType,
      idDocumentNumber: person.idDocumentNumber,
      principal: index === 0,
    })),
    agent: { name: 'Cap Services', code: 'CAP01' },
    ...overrides,
  };
}

/**
 * An agent's float as `GET /accounts/self` answers it (apps/server accounts.test.ts): no customer
 * type, no holders, its agent. (The fake once answered `type: 'current'`, which the server never
 * does, and hid that the screen refused the real answer: decision 130.)
 */
export function floatAccount(overrides: Partial<FloatAccount> = {}): FloatAccount {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    accountNumber: '90000000017',
    type: null,
    currency: 'HTG',
    status: 'active',
    balance: 98500.5,
    unavailableBalance: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    customerIds: [],
    customers: [],
    agent: { name: 'Cap Services', code: 'CAP01' },
    requestReference: null,
    decidedAt: null,
    decidedBy: null,
    rejectionReason: null,
    ...overrides,
  };
}

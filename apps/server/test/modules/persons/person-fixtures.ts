import type { PersonInput } from '@lajan/domain';
import type { App } from '../../../src/app.js';
import type { Db } from '../../../src/db/client.js';
import { call, createAgent, createUser, tokenOf } from '../../helpers/fixtures.js';

/** A complete, valid person form; `n` makes its e-mail, phone and document unique. */
export function personInput(n: number, overrides: Partial<PersonInput> = {}): PersonInput {
  const suffix = String(n).padStart(4, '0');
  return {
    firstName: 'Marie',
    lastName: `Joseph${String.fromCharCode(65 + (n % 26))}`,
    dob: '1990-05-14',
    gender: 'female',
    country: 'Haïti',
    state: 'Ouest',
    city: 'Port-au-Prince',
    address: '12, rue Capois',
    postalCode: 'HT6110',
    phoneNumber: `+509 3712-${suffix}`,
    email: `client${suffix}@exemple.ht`,
    idDocumentType: 'id_card',
    idDocumentNumber: `CIN-${suffix}`,
    dateIssued: '2020-01-10',
    expirationDate: '2030-01-10',
    occupation: 'Commerçante',
    annualIncome: 120_000.5,
    maritalStatus: 'married',
    partner: null,
    mother: 'Anne Joseph',
    preferredContactMethod: 'sms',
    consentForMarketing: false,
    ...overrides,
  };
}

export const PASSWORD = 'Caisse-2026-Lajan';

/** An agent with a teller (role `user`) and an administrator, and their tokens. */
export async function agentWithStaff(app: App, db: Db, code: string) {
  const agent = await createAgent(db, { code, name: `Agence ${code}` });
  const slug = code.toLowerCase();
  const teller = await createUser(db, {
    username: `caissier-${slug}`,
    password: PASSWORD,
    role: 'user',
    agentId: agent.id,
    firstName: 'Jean',
    lastName: 'Caissier',
  });
  const admin = await createUser(db, {
    username: `admin-${slug}`,
    password: PASSWORD,
    role: 'agent_admin',
    agentId: agent.id,
  });
  return {
    agent: { ...agent, code, name: `Agence ${code}` },
    teller: {
      ...teller,
      username: `caissier-${slug}`,
      token: await tokenOf(app, `caissier-${slug}`, PASSWORD),
    },
    admin: { ...admin, username: `admin-${slug}`, token: await tokenOf(app, `admin-${slug}`, PASSWORD) },
  };
}

/** Registers a person through the API and returns its answer's `data`. */
export async function registerPerson(app: App, token: string, input: PersonInput) {
  const answer = await call(app, 'POST', '/api/persons', { token, body: input });
  if (answer.status !== 201) throw new Error(`POST /persons: ${answer.status} ${answer.text}`);
  return answer.body.data as { id: string; firstName: string; lastName: string; email: string };
}

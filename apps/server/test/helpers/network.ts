import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/client.js';
import { persons } from '../../src/db/schema.js';
import { call, tokenOf, type Answer } from './fixtures.js';
import type { ReceivedMail } from './mailbox.js';

let personSequence = 0;

/**
 * A registered person (every KYC field), written straight into the database so that the agents
 * and users tests do not depend on the persons routes. Unique e-mail, phone and document each time.
 */
export async function insertPerson(
  db: Db,
  overrides: {
    firstName?: string;
    lastName?: string;
    email?: string;
    registeredAgentId?: string | null;
  } = {},
): Promise<{ id: string; firstName: string; lastName: string; email: string; idDocumentNumber: string }> {
  personSequence += 1;
  const n = String(personSequence).padStart(4, '0');
  const [row] = await db
    .insert(persons)
    .values({
      firstName: overrides.firstName ?? 'Jeanne',
      lastName: overrides.lastName ?? `Pierre${n}`,
      dob: '1985-03-02',
      gender: 'female',
      country: 'Haïti',
      state: 'Ouest',
      city: 'Pétion-Ville',
      address: `${n} rue Grégoire`,
      phoneNumber: `+5093800${n}`,
      email: overrides.email ?? `personne${n}@exemple.ht`,
      idDocumentType: 'id_card',
      idDocumentNumber: `NIF-${n}`,
      dateIssued: '2020-01-10',
      expirationDate: '2030-01-10',
      occupation: 'Commerçante',
      maritalStatus: 'single',
      preferredContactMethod: 'email',
      registeredAgentId: overrides.registeredAgentId ?? null,
    })
    .returning();
  return {
    id: row!.id,
    firstName: row!.firstName,
    lastName: row!.lastName,
    email: row!.email!,
    idDocumentNumber: row!.idDocumentNumber!,
  };
}

export interface TemporaryAccess {
  username: string;
  password: string;
}

/** The two lines of the new-user e-mail (DESIGN §3). */
export function temporaryAccessIn(text: string): TemporaryAccess {
  const username = /^Nom d'utilisateur : (\S+)$/m.exec(text)?.[1];
  const password = /^Mot de passe temporaire : (\S+)$/m.exec(text)?.[1];
  if (!username || !password) throw new Error(`no temporary access in:\n${text}`);
  return { username, password };
}

/** Signs in with a temporary password, chooses a new one, and returns a token past the gate. */
export async function passFirstPasswordGate(
  app: App,
  access: TemporaryAccess,
  newPassword: string,
): Promise<string> {
  const first = await tokenOf(app, access.username, access.password);
  const changed = await call(app, 'POST', '/api/users/update-password', {
    token: first,
    body: { current_password: access.password, password: newPassword, password_confirmation: newPassword },
  });
  expect(changed.status).toBe(200);
  return tokenOf(app, access.username, newPassword);
}

export interface CreatedAgent {
  id: string;
  code: string;
  username: string;
  answer: Answer;
}

/** `POST /agents` as the super administrator, expecting success. */
export async function createAgentThroughApi(
  app: App,
  token: string,
  input: { name: string; username: string; personIds: string[]; type?: string },
): Promise<CreatedAgent> {
  const answer = await call(app, 'POST', '/api/agents', {
    token,
    body: {
      name: input.name,
      address: '12 rue du Centre, Port-au-Prince',
      email: `${input.username.toLowerCase()}@agents.ht`,
      phone: '+509 3456-7890',
      type: input.type ?? 'Business',
      username: input.username,
      personIds: input.personIds,
    },
  });
  if (answer.status !== 201) throw new Error(`agent creation failed: ${answer.status} ${answer.text}`);
  return { id: answer.body.data.id, code: answer.body.data.code, username: input.username, answer };
}

/** The last e-mail received for this address. */
export function lastMailTo(received: ReceivedMail[], address: string): ReceivedMail {
  const mail = received.filter((message) => message.to.includes(address)).at(-1);
  if (!mail) throw new Error(`no e-mail to ${address}`);
  return mail;
}

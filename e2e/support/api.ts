import type { Page } from '@playwright/test';
import { SUPERADMIN, type Lajan } from './lajan.js';

/** Set-up through the real API, for the steps a test is not about. */
export class Api {
  constructor(
    private readonly lajan: Lajan,
    readonly token: string,
  ) {}

  static async signIn(lajan: Lajan, username: string, password: string): Promise<Api> {
    const body = await call<{ data: { access_token: string } }>(lajan, 'POST', '/api/auth/login', undefined, {
      username,
      password,
    });
    return new Api(lajan, body.data.access_token);
  }

  /** Signs in a new user with its first password and sets `next` as its own; returns the signed-in API. */
  static async activate(lajan: Lajan, username: string, first: string, next: string): Promise<Api> {
    const initial = await Api.signIn(lajan, username, first);
    await initial.post('/api/users/update-password', {
      current_password: first,
      password: next,
      password_confirmation: next,
    });
    return Api.signIn(lajan, username, next);
  }

  static superAdmin(lajan: Lajan, password = 'Lajan-Direction-2026'): Promise<Api> {
    return Api.activate(lajan, SUPERADMIN.username, SUPERADMIN.password, password);
  }

  post<T = { data: Record<string, unknown> }>(path: string, body: unknown, headers?: Record<string, string>) {
    return call<T>(this.lajan, 'POST', path, this.token, body, headers);
  }

  put<T = { data: Record<string, unknown> }>(path: string, body: unknown) {
    return call<T>(this.lajan, 'PUT', path, this.token, body);
  }

  get<T = { data: Record<string, unknown> }>(path: string) {
    return call<T>(this.lajan, 'GET', path, this.token);
  }

  /** Puts this session's token where the web app looks for it. */
  async useIn(page: Page): Promise<void> {
    await page.goto('/login');
    await page.evaluate((token) => localStorage.setItem('access_token', token), this.token);
  }
}

async function call<T>(
  lajan: Lajan,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${lajan.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

let sequence = 0;

/** A complete, valid person, unique within the run. */
export function newPerson(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  const n = `${Date.now() % 100000}${sequence}`.padStart(7, '0');
  return {
    firstName: 'Marie',
    lastName: `Joseph${sequence}`,
    dob: '1988-04-12',
    gender: 'female',
    country: 'Haïti',
    state: 'Ouest',
    city: 'Pétion-Ville',
    address: '14 rue Lamarre',
    phoneNumber: `+509 37${n.slice(-6)}`,
    email: `marie.${n}@exemple.ht`,
    idDocumentType: 'id_card',
    idDocumentNumber: `CIN-${n}`,
    dateIssued: '2019-06-01',
    expirationDate: '2029-06-01',
    occupation: 'Commerçante',
    maritalStatus: 'single',
    preferredContactMethod: 'sms',
    consentForMarketing: false,
    ...overrides,
  };
}

/** What a cash transfer asks of its recipient (decision 209): name, phone and, optionally, a document. */
export interface RecipientInput {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  idDocumentType?: string | null;
  idDocumentNumber?: string | null;
}

/** A cash transfer's recipient as a sender knows her, with a document given, unique within the run. */
export function newRecipient(
  overrides: Partial<Record<keyof RecipientInput, string>> = {},
): Record<keyof RecipientInput, string> {
  const { firstName, lastName, phoneNumber, idDocumentType, idDocumentNumber } = newPerson();
  return { firstName, lastName, phoneNumber, idDocumentType, idDocumentNumber, ...overrides };
}

/** The temporary password of a new user, from the e-mail DESIGN §3 describes. */
export async function temporaryPassword(lajan: Lajan, email: string, username: string): Promise<string> {
  const mail = await lajan.mailbox.waitFor(email, new RegExp(username));
  const match = /Mot de passe temporaire : (\S+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`Pas de mot de passe temporaire dans :\n${mail.text}`);
  return match[1];
}

export interface AgentSetUp {
  code: string;
  admin: Api;
  teller: Api;
  tellerUsername: string;
  tellerPassword: string;
}

/**
 * An agent with its administrator and one teller, all past their first password, made through the
 * real API and the real e-mails (the chain itself is driven through the screens in network.spec.ts).
 */
export async function setUpAgent(
  lajan: Lajan,
  root: Api,
  name: string,
  slug: string,
  options: { openDrawer?: boolean } = {},
): Promise<AgentSetUp> {
  const owner = newPerson();
  const ownerPerson = await root.post<{ data: { id: string } }>('/api/persons', owner);
  const adminUsername = `gerant.${slug}`;
  const agent = await root.post<{ data: { code: string } }>('/api/agents', {
    name,
    address: '10 rue du Centre',
    email: `${slug}@kaylajan.ht`,
    phone: '+509 3700 0000',
    type: 'Business',
    username: adminUsername,
    personIds: [ownerPerson.data.id],
  });
  const admin = await Api.activate(
    lajan,
    adminUsername,
    await temporaryPassword(lajan, owner.email, adminUsername),
    'Gerant-Lajan-2026',
  );
  const tellerPersonInput = newPerson();
  const tellerPerson = await admin.post<{ data: { id: string } }>('/api/persons', tellerPersonInput);
  const tellerUsername = `caisse.${slug}`;
  await admin.post('/api/users', { role: 'user', username: tellerUsername, personId: tellerPerson.data.id });
  const tellerPassword = 'Caisse-Lajan-2026';
  const teller = await Api.activate(
    lajan,
    tellerUsername,
    await temporaryPassword(lajan, tellerPersonInput.email, tellerUsername),
    tellerPassword,
  );
  // A teller at work has its drawer open (decision 149): the walks' cash operations need it.
  if (options.openDrawer !== false) await teller.post('/api/drawer/open', { counts: {} });
  return { code: agent.data.code, admin, teller, tellerUsername, tellerPassword };
}

/**
 * An agent set up as `setUpAgent` does, its float funded with 20 000 HTG by the treasury, and one customer
 * its teller registered with a current account: the customer's card, its id, its account and the party its
 * card makes at the counter.
 */
export async function setUpAgentWithCustomer(
  lajan: Lajan,
  root: Api,
  agentName: string,
  slug: string,
  customer: { firstName: string; lastName: string },
  options: { openDrawer?: boolean } = {},
) {
  const agent = await setUpAgent(lajan, root, agentName, slug, options);
  await root.post('/api/agents/deposit', {
    code: agent.code,
    party: { name: 'Trésorerie Lajan', idDocumentType: 'id_card', idDocumentNumber: 'TRESOR-001' },
    amount: 20000,
  });
  const holder = newPerson(customer);
  const person = await agent.teller.post<{ data: { id: string } }>('/api/persons', holder);
  const account = await agent.teller.post<{ data: { accountNumber: string } }>('/api/accounts', {
    type: 'current',
    currency: 'HTG',
    personIds: [person.data.id],
  });
  const party = {
    name: `${holder.firstName} ${holder.lastName}`,
    idDocumentType: 'id_card',
    idDocumentNumber: holder.idDocumentNumber,
  };
  return { agent, holder, personId: person.data.id, accountNumber: account.data.accountNumber, party };
}

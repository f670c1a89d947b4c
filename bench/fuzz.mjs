// `npm run fuzz`: every route of the built server fed generated requests as each role; fails on any 500, on a
// 503 while the database answers (decision 113), and on an answer its OpenAPI document does not declare, or a
// declared example the server refuses (decision 234). Settings (--slice, FUZZ_*) in bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { createContract, declaredExamples, samePathTemplates } from './contract.mjs';
import { freePort } from './free-port.mjs';
import { spooledMailOf } from './mail-spool.mjs';
import { benchPerson, recipientOf } from './person-input.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const slice = process.argv.includes('--slice');
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? (slice ? 1_500 : 10_000));
const SEED = Number(process.env.FUZZ_SEED ?? (slice ? 20261124 : randomInt(1, 2 ** 31 - 1)));
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 6);
const SUPERADMIN = { username: 'superadmin', password: 'Fuzz-Depart-2026!', email: 'superadmin@fuzz.test' };
// Holds none of the actors' names (fuzz.admin, Fuzz …): such a password is refused (ASVS 6.2.11).
const NEW_PASSWORD = 'Zorro-Nouveau-2026!';

const log = (...parts) => console.error('[fuzz]', ...parts);

// ---------------------------------------------------------------------------------------------------
// The server, its log (the spool files of new users' e-mails, the errors) and plain HTTP
// ---------------------------------------------------------------------------------------------------

/** Starts the built server on a temporary embedded database; the e-mails it spools are collected. */
async function startServer() {
  const mainJs = join(root, 'apps/server/dist/main.js');
  if (!existsSync(mainJs) || process.env.FUZZ_BUILD === '1') {
    log('construction du serveur…');
    execFileSync('npm', ['run', 'build', '-w', '@lajan/server'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lajan-fuzz-'));
  // Run as root, the embedded PostgreSQL runs as the `postgres` system user, which must reach DATA_DIR.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  // FUZZ_DATABASE_URL: a PostgreSQL server instead of the embedded one, in a database of the run's own, dropped at the end.
  const adminUrl = process.env.FUZZ_DATABASE_URL;
  /** @type {{ name: string; admin: import('pg').Client; url?: string } | undefined} */
  let database;
  if (adminUrl) {
    const { default: pg } = await import('pg');
    database = {
      name: `lajan_fuzz_${randomBytes(4).toString('hex')}`,
      admin: new pg.Client({ connectionString: adminUrl }),
    };
    await database.admin.connect();
    await database.admin.query(`CREATE DATABASE ${database.name}`);
    database.url = adminUrl.replace(/^(postgres(?:ql)?:\/\/[^/]*)\/[^?]*/, `$1/${database.name}`);
    log(`base PostgreSQL ${database.name}`);
  }
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'JWT_SECRET', 'TRUST_PROXY', 'SUPERADMIN_USERNAME'])
    delete env[name];
  const child = spawn(process.execPath, [mainJs], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      SUPERADMIN_EMAIL: SUPERADMIN.email,
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      ...(database ? { DATABASE_URL: database.url, JWT_SECRET: randomBytes(32).toString('hex') } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const mails = [];
  const errors = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    const mail = spooledMailOf(entry);
    if (mail) mails.push(mail);
    if (entry.level >= 50) errors.push(entry);
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk.toString('utf8')));
  const server = {
    base: `http://127.0.0.1:${port}`,
    mails,
    errors,
    /** @returns {Promise<void>} */
    stop() {
      child.kill('SIGTERM');
      return new Promise((resolve) => {
        const done = async () => {
          rmSync(dataDir, { recursive: true, force: true });
          if (database) {
            await database.admin
              .query(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`)
              .catch(() => undefined);
            await database.admin.end();
          }
          resolve();
        };
        if (child.exitCode !== null) void done();
        else child.once('exit', () => void done());
      });
    },
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await server.stop();
      throw new Error(`le serveur s'est arrêté :\n${stderr}`);
    }
    const health = await send(server.base, { method: 'GET', path: '/api/health' }).catch(() => undefined);
    if (health?.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`le serveur ne répond pas à /api/health :\n${stderr}`);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request; `body` is sent as given (a string or a Buffer), never re-encoded. */
/**
 * @param {string} base
 * @param {{ method: string; path: string; headers?: import('node:http').OutgoingHttpHeaders; body?: string | Buffer }} request
 */
function send(base, { method, path, headers = {}, body }) {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname: url.hostname, port: url.port, path, method, agent, headers, timeout: 60_000 },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('délai dépassé')));
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

async function api(base, method, path, token, body) {
  const answer = await send(base, {
    method,
    path: `/api${path}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  let json;
  try {
    json = JSON.parse(answer.text);
  } catch {
    json = undefined;
  }
  return { ...answer, json };
}

async function signIn(base, username, password) {
  const answer = await api(base, 'POST', '/auth/login', undefined, { username, password });
  if (answer.status !== 200) throw new Error(`connexion de ${username} : ${answer.status} ${answer.text}`);
  return answer.json.data.access_token;
}

/** Signs in with a first password, chooses the next one, and signs in again. */
async function pastFirstPassword(base, username, password) {
  const first = await signIn(base, username, password);
  const changed = await api(base, 'POST', '/users/update-password', first, {
    current_password: password,
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
  });
  if (changed.status !== 200) throw new Error(`changement du mot de passe de ${username} : ${changed.text}`);
  return signIn(base, username, NEW_PASSWORD);
}

async function temporaryPasswordOf(server, address) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const mail = server.mails.filter((m) => String(m.to).includes(address)).at(-1);
    const password = mail && /^Mot de passe temporaire : (\S+)$/m.exec(mail.text)?.[1];
    if (password) return password;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`aucun mot de passe temporaire envoyé à ${address}`);
}

let personCounter = 0;
function personInput() {
  personCounter += 1;
  const serial = String(personCounter).padStart(4, '0');
  return benchPerson({
    tag: 'fuzz',
    serial,
    firstName: 'Fuzz',
    lastName: `Essai${String.fromCharCode(65 + personCounter)}`,
    phoneNumber: `+509 3712-${serial}`,
    dob: '1988-03-14',
  });
}

async function createPerson(base, token) {
  const input = personInput();
  const answer = await api(base, 'POST', '/persons', token, input);
  if (answer.status !== 201) throw new Error(`POST /persons : ${answer.status} ${answer.text}`);
  return { ...input, id: answer.json.data.id };
}

/**
 * The actors: the super administrator, an agent (created through the API) with its administrator, and a
 * teller that administrator creates; then a few persons and an account for the path values.
 */
async function setUp(server) {
  const { base } = server;
  const superAdmin = await pastFirstPassword(base, SUPERADMIN.username, SUPERADMIN.password);
  const owner = await createPerson(base, superAdmin);
  const agentAnswer = await api(base, 'POST', '/agents', superAdmin, {
    name: 'Agence Fuzz',
    address: '1, rue du Fuzz, Port-au-Prince',
    email: 'agence.fuzz@exemple.ht',
    phone: '+509 3456-7890',
    type: 'Business',
    username: 'fuzz.admin',
    personIds: [owner.id],
  });
  if (agentAnswer.status !== 201) throw new Error(`POST /agents : ${agentAnswer.status} ${agentAnswer.text}`);
  const adminPassword = await temporaryPasswordOf(server, owner.email);
  const admin = await pastFirstPassword(base, 'fuzz.admin', adminPassword);
  const tellerPerson = await createPerson(base, admin);
  const tellerAnswer = await api(base, 'POST', '/users', admin, {
    role: 'user',
    username: 'fuzz.guichet',
    personId: tellerPerson.id,
  });
  if (tellerAnswer.status !== 201)
    throw new Error(`POST /users : ${tellerAnswer.status} ${tellerAnswer.text}`);
  const tellerPassword = await temporaryPasswordOf(server, tellerPerson.email);
  const teller = await pastFirstPassword(base, 'fuzz.guichet', tellerPassword);
  // Its drawer open (decision 149), so that the setup's cash operations pass.
  const drawer = await api(base, 'POST', '/drawer/open', teller, { counts: {} });
  if (drawer.status !== 201) throw new Error(`POST /drawer/open : ${drawer.status} ${drawer.text}`);

  // A second agent, whose code the requests may use (suspend, delete, deposit): not the actors' own.
  const otherOwner = await createPerson(base, superAdmin);
  const otherAgent = await api(base, 'POST', '/agents', superAdmin, {
    name: 'Agence Cible',
    address: '2, rue de la Cible, Jacmel',
    email: 'agence.cible@exemple.ht',
    phone: '+509 3456-7891',
    type: 'Business',
    username: 'cible.admin',
    personIds: [otherOwner.id],
  });
  if (otherAgent.status !== 201) throw new Error(`POST /agents : ${otherAgent.status} ${otherAgent.text}`);

  const ownCode = agentAnswer.json.data.code;
  const otherCode = otherAgent.json.data.code;

  // Customers with funded accounts and a cash transfer waiting, so that money requests reach the ledger.
  const customers = [await createPerson(base, teller), await createPerson(base, teller)];
  const accountsOpened = [];
  for (const customer of customers) {
    const opened = await api(base, 'POST', '/accounts', teller, {
      type: 'current',
      currency: 'HTG',
      personIds: [customer.id],
    });
    if (opened.status !== 201) log(`POST /accounts : ${opened.status} ${opened.text.slice(0, 200)}`);
    else accountsOpened.push(opened.json.data);
  }
  const partyOf = (person) => ({
    name: `${person.firstName} ${person.lastName}`,
    idDocumentType: person.idDocumentType,
    idDocumentNumber: person.idDocumentNumber,
  });
  const funded = await api(base, 'POST', '/agents/deposit', superAdmin, {
    code: ownCode,
    party: partyOf(owner),
    amount: 900_000,
  });
  if (funded.status !== 201) log(`POST /agents/deposit : ${funded.status} ${funded.text.slice(0, 200)}`);
  const numbers = accountsOpened.map((account) => account.accountNumber);
  for (const [index, accountNumber] of numbers.entries()) {
    const deposit = await api(base, 'POST', '/transactions/deposit', teller, {
      accountNumber,
      party: partyOf(customers[index]),
      amount: 50_000,
    });
    if (deposit.status !== 201)
      log(`POST /transactions/deposit : ${deposit.status} ${deposit.text.slice(0, 200)}`);
  }
  const recipient = recipientOf({ ...personInput(), firstName: 'Paul', lastName: 'Destinataire' });
  const transactionNumbers = [];
  for (let i = 0; i < 3; i += 1) {
    const sent = await api(base, 'POST', '/transactions/transfer-extern', teller, {
      senderId: customers[0].id,
      recipient,
      currency: 'HTG',
      party: partyOf(customers[0]),
      amount: 1_000,
    });
    if (sent.status !== 201)
      log(`POST /transactions/transfer-extern : ${sent.status} ${sent.text.slice(0, 200)}`);
    else transactionNumbers.push(sent.json.data.transactionNumber);
  }
  const persons = [...customers, recipient];
  const personIds = customers.map((c) => c.id);
  const fresh = personInput();
  const plausible = {
    accountNumber: numbers,
    senderAccountNumber: numbers,
    recipientAccountNumber: numbers.slice().reverse(),
    code: [ownCode, otherCode],
    agentCode: [ownCode, otherCode],
    transactionNumber: transactionNumbers,
    senderId: personIds,
    personId: [...personIds, otherOwner.id],
    id: [...personIds, ...accountsOpened.map((a) => a.id), otherAgent.json.data.id],
    usernameOrId: ['cible.admin'],
    username: ['cible.admin', 'nouvel.agent', 'fuzz.nouveau'],
    name: [...persons.map((person) => `${person.firstName} ${person.lastName}`), 'Agence Nouvelle'],
    firstName: persons.map((person) => person.firstName),
    lastName: persons.map((person) => person.lastName),
    idDocumentNumber: persons.map((person) => person.idDocumentNumber),
    number: persons.map((person) => person.idDocumentNumber),
    documentNumber: persons.map((person) => person.idDocumentNumber),
    email: [fresh.email, customers[0].email, 'nouveau@exemple.ht'],
    phoneNumber: [fresh.phoneNumber, '+509 3712-9999'],
    phone: ['+509 3456-7000'],
    address: [fresh.address],
    city: [fresh.city],
    state: [fresh.state],
    country: [fresh.country],
    postalCode: [fresh.postalCode],
    dob: [fresh.dob, '2010-01-01'],
    dateIssued: [fresh.dateIssued],
    expirationDate: [fresh.expirationDate, '2020-01-01'],
    occupation: [fresh.occupation],
    mother: [fresh.mother],
    amount: [1, 100, 500, 1_000, 20_000, 60_000],
    currency: ['HTG'],
    q: [customers[0].email, customers[0].idDocumentNumber, 'Fuzz', numbers[0] ?? '1'],
    reason: ['Pièce illisible'],
    password: ['Nouveau-Mot-2026!'],
    password_confirmation: ['Nouveau-Mot-2026!'],
    current_password: ['Mauvais-Mot-2026!'],
  };
  return {
    actors: {
      anonymous: undefined,
      teller,
      administrator: admin,
      superAdministrator: superAdmin,
    },
    usernames: {
      teller: 'fuzz.guichet',
      administrator: 'fuzz.admin',
      superAdministrator: SUPERADMIN.username,
    },
    plausible: Object.fromEntries(Object.entries(plausible).filter(([, values]) => values.length > 0)),
    // Path values never name the actors' own agent (a suspension would end the run's sessions).
    pathPlausible: { code: [otherCode] },
    plausibleArrays: {
      personIds: [[personIds[0]], [personIds[1]], personIds, [otherOwner.id]],
      customerIds: [[personIds[0]], personIds],
    },
    // Real values for any field, so that some requests reach past the lookups. The actors' own users
    // are left out (and their agent from path values): a DELETE on them would end the run's sessions.
    known: [
      ...customers.flatMap((c) => [c.id, c.email, c.idDocumentNumber]),
      otherCode,
      otherAgent.json.data.id,
      'cible.admin',
      ...numbers,
      ...accountsOpened.map((account) => account.id),
      ...transactionNumbers,
    ],
  };
}

// ---------------------------------------------------------------------------------------------------
// Generators (fast-check, one seed for the run)
// ---------------------------------------------------------------------------------------------------

/** JSON text sent as written: a number such as `-0`, `1e308`, `4e-9` or `1e999`, a deeply nested value. */
class RawJson {
  constructor(text) {
    this.text = text;
  }
}

/** JSON text of a generated value, keeping raw numbers as written. */
function toJson(value) {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'Jean\nBcc: pirate@exemple.ht',
  '\r\n',
  '\t',
  '\u202eevil',
  '\u2066x\u2069',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\udfff\ud800',
  'é',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'null',
  'undefined',
  'true',
  '0',
  '-0',
  '-1',
  '4e-9',
  '1e308',
  '1e999',
  'NaN',
  'Infinity',
  '9007199254740993',
  '99999999999999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  '../../../etc/passwd',
  '..',
  '%00',
  '%c0%af',
  "' OR 1=1 --",
  '"; DROP TABLE persons; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'superadmin',
  'a@b',
  'x'.repeat(101),
  'x'.repeat(5_000),
];

const nastyNumbers = [
  '4e-9',
  '1e308',
  '-1e308',
  '-0',
  '1e999',
  '0',
  '-1',
  '0.001',
  '1e-7',
  '100000.001',
  '9007199254740993',
  '1.5',
].map((text) => new RawJson(text));

function weirdString(known) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
    { weight: 2, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 10n ** 40n }).map(String) },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: 120_000 }).map((n) => 'é'.repeat(n)) },
  );
}

function weirdNumber() {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...nastyNumbers) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.constantFrom(1, 10, 100, 250, 1_000, 99_999.99) },
  );
}

/** An object nested `depth` levels deep, as JSON text (objects and arrays in turn). */
function deep(depth, leaf) {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i += 1) {
    open += i % 2 ? '[' : '{"a":';
    close = (i % 2 ? ']' : '}') + close;
  }
  return new RawJson(`${open}${JSON.stringify(leaf)}${close}`);
}

function weirdValue(known) {
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 3, arbitrary: weirdString(known) },
      { weight: 2, arbitrary: weirdNumber() },
      { weight: 1, arbitrary: fc.boolean() },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }) },
      { weight: 1, arbitrary: fc.integer({ min: 10, max: 3_000 }).map((n) => deep(n, 'x')) },
    ),
  })).value;
}

/** Resolves `$ref`s of the document (components.schemas). */
function resolve(doc, schema) {
  let current = schema;
  for (let i = 0; current && current.$ref && i < 10; i += 1) {
    const path = current.$ref.replace(/^#\//, '').split('/');
    current = path.reduce((node, key) => node?.[key], doc);
  }
  return current ?? {};
}

/**
 * A value for the schema. `ctx.strict`: a request a client could send, built from the run's real values
 * (`ctx.plausible`, by field name), with now and then one field wrong, so that requests reach the
 * services and the ledger; otherwise any mix of plausible, wrong and missing fields.
 */
function fromSchema(ctx, rawSchema, name, depth = 0) {
  const schema = resolve(ctx.doc, rawSchema);
  if (depth > 6) return fc.constant(null);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length)
    return fc.oneof(...variants.map((variant) => fromSchema(ctx, variant, name, depth + 1)));
  if (schema.allOf?.length)
    return fromSchema(
      ctx,
      Object.assign({}, ...schema.allOf.map((s) => resolve(ctx.doc, s))),
      name,
      depth + 1,
    );
  const leaf = leafOf(ctx, schema, name, depth);
  if (!leaf.isLeaf) return leaf.arbitrary;
  const plausible = ctx.plausible[name];
  const good = plausible
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...plausible) },
        { weight: 1, arbitrary: leaf.arbitrary },
      )
    : leaf.arbitrary;
  // Numbers are where money breaks (4e-9 once rounded to zero centimes): they are wrong more often.
  return ctx.strict
    ? fc.oneof(
        { weight: leaf.numeric ? 8 : 24, arbitrary: good },
        { weight: leaf.numeric ? 3 : 2, arbitrary: leaf.weird },
      )
    : fc.oneof({ weight: 4, arbitrary: good }, { weight: 2, arbitrary: leaf.weird });
}

function leafOf(ctx, schema, name, depth) {
  const { known } = ctx;
  if (schema.enum?.length)
    return { isLeaf: true, arbitrary: fc.constantFrom(...schema.enum), weird: weirdString(known) };
  if ('const' in schema)
    return { isLeaf: true, arbitrary: fc.constant(schema.const), weird: weirdString(known) };
  const types = Array.isArray(schema.type)
    ? schema.type.filter((type) => !ctx.strict || type !== 'null')
    : [schema.type ?? (schema.properties ? 'object' : 'string')];
  if (types.length === 1 && (types[0] === 'object' || types[0] === 'array'))
    return { isLeaf: false, arbitrary: fromType(ctx, schema, types[0], name, depth) };
  const arbitraries = types.map((type) => fromType(ctx, schema, type, name, depth));
  const numeric = types.some((type) => type === 'number' || type === 'integer');
  return {
    isLeaf: true,
    numeric,
    arbitrary: arbitraries.length ? fc.oneof(...arbitraries) : fc.constant(null),
    weird: numeric
      ? fc.oneof({ weight: 4, arbitrary: weirdNumber() }, { weight: 1, arbitrary: weirdValue(known) })
      : weirdValue(known),
  };
}

function fromType(ctx, schema, type, name, depth) {
  const { known } = ctx;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0)
        return fc.dictionary(fc.string({ maxLength: 6 }), weirdValue(known), { maxKeys: 2 });
      const fields = Object.fromEntries(
        properties.map(([field, property]) => [
          field,
          ctx.strict
            ? fc.oneof(
                { weight: 30, arbitrary: fromSchema(ctx, property, field, depth + 1) },
                { weight: 1, arbitrary: fc.constant(undefined) },
              )
            : fc.oneof(
                { weight: 14, arbitrary: fromSchema(ctx, property, field, depth + 1) },
                { weight: 3, arbitrary: weirdValue(known) },
                { weight: 2, arbitrary: fc.constant(undefined) },
              ),
        ]),
      );
      const extra = fc.dictionary(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'prototype',
          'id',
          'role',
          'isSuperAdmin',
          'agentId',
          'zz',
        ),
        weirdValue(known),
        { maxKeys: 2 },
      );
      return fc
        .tuple(
          fc.record(fields),
          fc.oneof({ weight: 8, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extra }),
        )
        .map(([record, more]) => ({ ...more, ...record }));
    }
    case 'array': {
      const plausible = ctx.plausibleArrays[name];
      const items = fc.array(fromSchema(ctx, schema.items ?? {}, name, depth + 1), { maxLength: 4 });
      return plausible
        ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...plausible) }, { weight: 1, arbitrary: items })
        : items;
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 1_000, 1_000) });
    case 'number':
      return fc.constantFrom(1, 50, 100, 500, 1_000, 25_000, 0.01);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default: {
      const plausible = [];
      if (schema.format === 'uuid') plausible.push(fc.uuid());
      if (schema.format === 'email') plausible.push(fc.emailAddress());
      if (schema.pattern) {
        // fast-check reads a subset of regular expressions (no lookahead): a pattern it cannot read is skipped.
        try {
          plausible.push(fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length < 200));
        } catch {
          // The other generators below still cover the field.
        }
      }
      plausible.push(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 60) }),
      );
      return fc.oneof(...plausible);
    }
  }
}

/** A path or query value as text: mostly encoded, sometimes a broken escape left raw. */
function encodedText(known) {
  return fc.oneof(
    { weight: 8, arbitrary: fc.oneof(weirdString(known), fc.constantFrom(...known)).map(encode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%c0%af',
        '%ED%A0%80',
        '%00',
        '%2e%2e%2f',
        '..%2F..%2F',
        'a%20b',
      ),
    },
  );
}

/** A generated value as a path or query value. */
function textOf(value) {
  if (value instanceof RawJson) return value.text;
  if (value !== null && typeof value === 'object') return toJson(value);
  return String(value);
}

function encode(text) {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded as UTF-8: sent as the bytes a careless client would send.
    return '%ED%A0%80';
  }
}

const invalidJson = [
  '{',
  '{"a":',
  '[',
  'nul',
  "{'a':1}",
  '{"a":1,}',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"a":"\u0000"}',
  '{"__proto__":{"isSuperAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"amount":1e999999}',
  '"\\ud800"',
  '['.repeat(5_000) + ']'.repeat(5_000),
  '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000),
  '\ufeff{}',
  ' ',
];

const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/xml',
  'application/json, text/plain',
  'APPLICATION/JSON',
  '',
];

const json = (value) => ({ contentType: 'application/json', text: toJson(value) });

/** One generated request for an operation of the document. */
function requestArbitrary(world, operation, actorNames) {
  const { doc, known } = world;
  const loose = { ...world, strict: false };
  const strict = { ...world, strict: true };
  const inPath = { ...strict, plausible: { ...world.plausible, ...world.pathPlausible } };
  const { method, path, spec } = operation;
  const parameters = (spec.parameters ?? []).map((parameter) => ({
    ...parameter,
    schema: resolve(doc, parameter.schema),
  }));
  const pathParameters = parameters.filter((p) => p.in === 'path');
  const queryParameters = parameters.filter((p) => p.in === 'query');
  const bodySchema = spec.requestBody?.content?.['application/json']?.schema;

  const pathValues = fc.record(
    Object.fromEntries(
      pathParameters.map((p) => [
        p.name,
        fc.oneof(
          {
            weight: 4,
            arbitrary: fromSchema(inPath, p.schema, p.name).map((value) => encode(textOf(value))),
          },
          { weight: 2, arbitrary: encodedText(known) },
        ),
      ]),
    ),
  );
  const query = fc.tuple(
    fc.record(
      Object.fromEntries(
        queryParameters.map((p) => [
          p.name,
          fc.oneof(
            { weight: 2, arbitrary: fc.constant(undefined) },
            {
              weight: 3,
              arbitrary: fromSchema(strict, p.schema, p.name).map((value) => encode(textOf(value))),
            },
            { weight: 2, arbitrary: encodedText(known) },
          ),
        ]),
      ),
    ),
    fc.oneof(
      { weight: 6, arbitrary: fc.constant('') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '&page=1&page=2',
          '&q[]=a',
          '&q[a]=b',
          '&=x',
          '&&&',
          '&zz=%00',
          '&per_page=1e308',
        ),
      },
    ),
  );
  const body = bodySchema
    ? fc.oneof(
        { weight: 16, arbitrary: fromSchema(strict, bodySchema, '').map(json) },
        { weight: 8, arbitrary: fromSchema(loose, bodySchema, '').map(json) },
        {
          weight: 2,
          arbitrary: weirdValue(known).map((value) => ({
            contentType: 'application/json',
            text: toJson(value),
          })),
        },
        {
          weight: 2,
          arbitrary: fc
            .constantFrom(...invalidJson)
            .map((text) => ({ contentType: 'application/json', text })),
        },
        {
          weight: 2,
          arbitrary: fc
            .tuple(fc.constantFrom(...contentTypes), fromSchema(strict, bodySchema, ''))
            .map(([contentType, value]) => ({ contentType, text: toJson(value) })),
        },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: weirdValue(known).map((value) => ({
            contentType: 'application/json',
            text: toJson(value),
          })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...invalidJson)
            .map((text) => ({ contentType: 'application/json', text })),
        },
      );
  const headers = fc.record({
    idempotencyKey: fc.oneof(
      { weight: 4, arbitrary: fc.constant(undefined) },
      { weight: 2, arbitrary: fc.uuid() },
      {
        weight: 1,
        arbitrary: fc
          .string({ unit: 'grapheme-ascii', maxLength: 300 })
          .map((s) => s.replace(/[^\x21-\x7e]/g, 'x')),
      },
    ),
    authorization: fc.oneof(
      { weight: 12, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Bearer x.y.z',
          'Basic YTpi',
          'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
          'bearer ' + 'a'.repeat(5_000),
        ),
      },
    ),
  });
  const otherMethod = fc.oneof(
    { weight: 19, arbitrary: fc.constant(method) },
    { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
  );

  return fc
    .record({
      actor: fc.constantFrom(...actorNames),
      method: otherMethod,
      pathValues,
      query,
      body,
      headers,
    })
    .map((generated) => {
      let url = path.replace(/\{([^}]+)\}/g, (_, name) => generated.pathValues[name] ?? 'x');
      const [values, extra] = generated.query;
      const pairs = Object.entries(values)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => `${name}=${String(value)}`);
      const queryString = pairs.join('&') + extra;
      if (queryString) url += `?${queryString.replace(/^&/, '')}`;
      return { operation: `${method.toUpperCase()} ${path}`, ...generated, url };
    });
}

// ---------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------

/** Operations the actors' own requests skip: a logout would end the session every later request needs. */
const anonymousOnly = new Set(['POST /api/auth/logout']);

async function main() {
  log(
    `graine ${SEED}, ${REQUESTS} requêtes, ${CONCURRENCY} en parallèle${slice ? ' (tranche de npm test)' : ''}`,
  );
  const server = await startServer();
  const failures = [];
  /** @type {{ what: string; request?: any }[]} */
  const contractFailures = [];
  const histogram = new Map();
  const byActor = {};
  let sent = 0;
  try {
    const { actors, usernames, ...world } = await setUp(server);
    /** A session the requests ended (wrong current passwords, say) is opened again, when sign-in allows. */
    const refreshSessions = async () => {
      for (const [actor, username] of Object.entries(usernames)) {
        const me = await api(server.base, 'GET', '/auth/user', actors[actor]);
        if (me.status === 401)
          actors[actor] = await signIn(server.base, username, NEW_PASSWORD).catch(() => actors[actor]);
      }
    };
    const doc = (await api(server.base, 'GET', '/docs/json')).json;
    const contract = createContract(doc);
    for (const paths of samePathTemplates(doc))
      contractFailures.push({ what: `un même chemin sous plusieurs noms : ${paths.join(', ')}` });
    sent += await sendDeclaredExamples(server.base, doc, world, actors.superAdministrator, contractFailures);
    const operations = [];
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, spec] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
        operations.push({ method, path, spec });
      }
    }
    log(`${operations.length} opérations dans le document OpenAPI ; acteurs prêts`);

    // The same number of requests for every operation, in an order drawn from the seed.
    const perOperation = Math.ceil(REQUESTS / operations.length);
    const queue = [];
    operations.forEach((operation, index) => {
      const key = `${operation.method.toUpperCase()} ${operation.path}`;
      const actorNames = anonymousOnly.has(key) ? ['anonymous'] : Object.keys(actors);
      const samples = fc.sample(requestArbitrary({ doc, ...world }, operation, actorNames), {
        seed: SEED + index,
        numRuns: perOperation,
      });
      queue.push(...samples);
    });
    const order = fc.sample(
      fc.shuffledSubarray(
        queue.map((_, i) => i),
        { minLength: queue.length, maxLength: queue.length },
      ),
      {
        seed: SEED,
        numRuns: 1,
      },
    )[0];
    const requests = order.slice(0, REQUESTS).map((i) => queue[i]);

    const started = Date.now();
    let next = 0;
    let lastReport = started;
    const worker = async () => {
      while (next < requests.length) {
        const request = requests[next];
        next += 1;
        if (next % 500 === 0) await refreshSessions();
        /** @type {Record<string, string>} */
        const headers = {};
        const token = actors[request.actor];
        if (request.headers.authorization !== undefined)
          headers.authorization = request.headers.authorization;
        else if (token) headers.authorization = `Bearer ${token}`;
        if (request.headers.idempotencyKey) headers['idempotency-key'] = request.headers.idempotencyKey;
        let body;
        if (request.body) {
          body = Buffer.from(request.body.text, 'utf8');
          if (request.body.contentType) headers['content-type'] = request.body.contentType;
          // Node's client would send a HEAD's or a GET's body chunked, which its own parser then misreads.
          headers['content-length'] = String(body.length);
        }
        let answer;
        let checkContract = true;
        try {
          answer = await send(server.base, { method: request.method, path: request.url, headers, body });
        } catch (error) {
          // A request line and headers over Node's limit (16 KiB, `http.maxHeaderSize`) are answered 431 and the
          // socket is closed at once: a client still writing them may see the close before the answer. That
          // is the server's 431, not a fault; any other failure to get an answer is one.
          const head = `${request.method} ${request.url} HTTP/1.1\r\n${Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('')}`;
          const oversized = Buffer.byteLength(head) > http.maxHeaderSize - 256;
          const code = /** @type {{ code?: string } | undefined} */ (error)?.code;
          const closedWhileWriting = code === 'ECONNRESET' || code === 'EPIPE';
          answer =
            oversized && closedWhileWriting
              ? { status: 431, text: `connexion fermée pendant l'envoi (${String(error)})` }
              : { status: 0, text: String(error) };
          // No answer was read: nothing to hold against the document.
          checkContract = false;
        }
        if (checkContract)
          for (const what of contract.problems(request.method, request.url, answer))
            contractFailures.push({ what, request });
        sent += 1;
        histogram.set(answer.status, (histogram.get(answer.status) ?? 0) + 1);
        const row = (byActor[request.actor] ??= {});
        row[answer.status] = (row[answer.status] ?? 0) + 1;
        if (answer.status >= 500 || answer.status === 0) {
          const health = await send(server.base, { method: 'GET', path: '/api/health' }).catch(() => ({
            status: 0,
          }));
          const databaseUp = health.status === 200;
          if (answer.status !== 503 || databaseUp)
            failures.push({ request, status: answer.status, answer: answer.text, databaseUp });
        }
        if (Date.now() - lastReport > 10_000) {
          lastReport = Date.now();
          log(`${sent}/${requests.length} requêtes…`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (Date.now() - started) / 1000;

    console.log(
      `\nFuzz : ${sent} requêtes sur ${operations.length} opérations en ${seconds.toFixed(1)} s (graine ${SEED})`,
    );
    console.log('Statuts :');
    for (const [status, count] of [...histogram.entries()].sort((a, b) => a[0] - b[0]))
      console.log(
        `  ${String(status).padStart(3)} ${String(count).padStart(6)}  ${'#'.repeat(Math.ceil((count / sent) * 60))}`,
      );
    console.log('Par acteur :');
    for (const [actor, row] of Object.entries(byActor))
      console.log(
        `  ${actor.padEnd(18)} ${Object.entries(row)
          .map(([status, count]) => `${status}: ${count}`)
          .join(', ')}`,
      );
    if (failures.length > 0) {
      console.log(`\n${failures.length} réponse(s) en faute :`);
      for (const { request, status, answer } of failures.slice(0, 50)) {
        console.log(
          `\n- ${status} pour ${request.method.toUpperCase()} ${request.url.slice(0, 300)} (${request.url.length} caractères ; ${request.operation}, ${request.actor})`,
        );
        if (request.body)
          console.log(
            `  content-type: ${request.body.contentType}\n  corps: ${request.body.text.slice(0, 500)}`,
          );
        if (request.headers.idempotencyKey)
          console.log(`  idempotency-key: ${request.headers.idempotencyKey.slice(0, 80)}`);
        console.log(`  réponse: ${answer.slice(0, 300)}`);
      }
      for (const entry of server.errors.slice(0, 10))
        console.log(`\nJournal du serveur : ${JSON.stringify(entry).slice(0, 1_500)}`);
      process.exitCode = 1;
    } else {
      console.log('\nAucune erreur 500, aucune 503 pendant que la base répond.');
    }
    reportContract(contractFailures);
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/**
 * Each example the document declares for a request, sent as the super administrator with the run's real
 * values elsewhere: refused as malformed (400, 415, 422 naming it), the example is a gap of the document.
 */
async function sendDeclaredExamples(base, doc, world, token, contractFailures) {
  const examples = declaredExamples(doc);
  for (const example of examples) {
    const operation = doc.paths[example.path][example.method];
    const pathValue = (name) =>
      example.in === 'path' && example.parameter === name
        ? String(example.value)
        : String(world.pathPlausible[name]?.[0] ?? world.plausible[name]?.[0] ?? 'x');
    let url = example.path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(pathValue(name)));
    if (example.in === 'query') url += `?${example.parameter}=${encodeURIComponent(String(example.value))}`;
    /** @type {Record<string, string>} */
    const headers = { authorization: `Bearer ${token}` };
    if (example.in === 'header') headers[example.parameter] = String(example.value);
    let body;
    if (example.body !== undefined) body = JSON.stringify(example.body);
    else if (operation.requestBody) body = '{}';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await send(base, { method: example.method.toUpperCase(), path: url, headers, body });
    let errors = {};
    try {
      errors = JSON.parse(answer.text).errors ?? {};
    } catch {
      // Not JSON: the status alone tells.
    }
    const refused =
      example.body !== undefined
        ? [400, 413, 415, 422].includes(answer.status)
        : [400, 414].includes(answer.status) ||
          (answer.status === 422 &&
            Object.keys(errors).some((field) => field.toLowerCase() === example.parameter.toLowerCase()));
    if (refused)
      contractFailures.push({
        what: `exemple refusé (${answer.status}) : ${example.method.toUpperCase()} ${example.path} ${example.parameter ?? 'corps'} = ${JSON.stringify(example.value ?? example.body).slice(0, 200)} → ${answer.text.slice(0, 200)}`,
      });
  }
  log(`${examples.length} exemple(s) déclaré(s) envoyé(s)`);
  return examples.length;
}

/** The answers that break the document, grouped by what is wrong, with one request of each. */
function reportContract(contractFailures) {
  if (contractFailures.length === 0) {
    console.log(
      'Toutes les réponses conformes au document OpenAPI (statut, type, schéma) ; exemples acceptés.',
    );
    return;
  }
  const groups = new Map();
  for (const failure of contractFailures) {
    const key = failure.what.slice(0, 300);
    const group = groups.get(key) ?? { count: 0, first: failure };
    group.count += 1;
    groups.set(key, group);
  }
  console.log(`\n${contractFailures.length} écart(s) au document OpenAPI (${groups.size} sorte(s)) :`);
  for (const { count, first } of [...groups.values()].sort((a, b) => b.count - a.count).slice(0, 60)) {
    console.log(`\n- ${count} × ${first.what.slice(0, 400)}`);
    if (first.request) {
      console.log(`  ${first.request.method} ${first.request.url.slice(0, 200)} (${first.request.actor})`);
      if (first.request.body)
        console.log(
          `  content-type: ${first.request.body.contentType}\n  corps: ${first.request.body.text.slice(0, 300)}`,
        );
    }
  }
  process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

import type { Language, SessionUser } from '@lajan/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { DatabaseBusyError, isDatabaseUnavailable } from '../../db/errors.js';
import { agents, persons, users } from '../../db/schema.js';

/** A user as sign-in and the session need it. The hash stays inside the server. */
export interface UserAccount {
  id: string;
  username: string;
  passwordHash: string;
  role: SessionUser['role'];
  isSuperAdmin: boolean;
  passwordUpdatedAt: Date | null;
  tokenVersion: number;
  deletedAt: Date | null;
  /** Her screens' language (decision 237). */
  language: Language;
  person: { firstName: string; lastName: string; email: string | null };
  agent: {
    code: string;
    name: string;
    role: 'admin' | 'agent';
    deletedAt: Date | null;
    suspendedAt: Date | null;
  } | null;
}

// The session's one query joins the person's name and the agent's code itself, on purpose: auth, which every
// module's routes use, then depends on no module (decision 137).
function accountsQuery(executor: Executor) {
  return executor
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      role: users.role,
      isSuperAdmin: users.isSuperAdmin,
      passwordUpdatedAt: users.passwordUpdatedAt,
      tokenVersion: users.tokenVersion,
      deletedAt: users.deletedAt,
      language: users.language,
      agentRole: users.agentRole,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      agentCode: agents.code,
      agentName: agents.name,
      agentDeletedAt: agents.deletedAt,
      agentSuspendedAt: agents.suspendedAt,
    })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .leftJoin(agents, eq(agents.id, users.agentId));
}

type AccountRow = Awaited<ReturnType<typeof accountsQuery>>[number];

async function selectAccounts(executor: Executor, where: SQL | undefined): Promise<UserAccount[]> {
  return (await accountsQuery(executor).where(where)).map(toAccount);
}

function toAccount(row: AccountRow): UserAccount {
  return {
    id: row.id,
    username: row.username,
    passwordHash: row.passwordHash,
    role: row.role,
    isSuperAdmin: row.isSuperAdmin,
    passwordUpdatedAt: row.passwordUpdatedAt,
    tokenVersion: row.tokenVersion,
    deletedAt: row.deletedAt,
    language: row.language,
    person: { firstName: row.firstName, lastName: row.lastName, email: row.email },
    agent:
      row.agentCode !== null && row.agentName !== null
        ? {
            code: row.agentCode,
            name: row.agentName,
            role: row.agentRole ?? 'agent',
            deletedAt: row.agentDeletedAt,
            suspendedAt: row.agentSuspendedAt,
          }
        : null,
  };
}

function prepareSessionRead(db: Db) {
  return accountsQuery(db)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('lajan_session_account');
}
/**
 * The fewest ids a grouped session read sends, the array filled up with its first id: from sixteen elements
 * no custom plan is cheaper than the generic one, so the join is not planned again at every read
 * (decision 170).
 */
export const SESSION_READ_MIN_IDS = 16;

function prepareSessionReads(db: Db) {
  return accountsQuery(db)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('lajan_session_accounts');
}

/** A group's ids, filled up to SESSION_READ_MIN_IDS with the first of them. */
function sessionReadIds(ids: readonly string[]): string[] {
  return ids.length >= SESSION_READ_MIN_IDS
    ? [...ids]
    : [...ids, ...Array.from({ length: SESSION_READ_MIN_IDS - ids.length }, () => ids[0]!)];
}

/**
 * How long a session read may be in flight before the requests behind it start their own: a stalled read
 * could otherwise hold them past the web client's 10 s (decision 162).
 */
export const SESSION_READ_STALL_MS = 250;
/**
 * At most this many session reads in flight at once (decision 162): two may go past a stalled one, and a
 * stalled database gets three reads, not one per request, nor the whole pool.
 */
export const SESSION_READS_IN_FLIGHT = 3;

interface WaitingRequest {
  resolve: (row: AccountRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Session reads grouped as group commit groups movements (decision 159): each request's row is still read by
 * a statement that starts after it arrived, so an ended session is seen (decision 114). A stalled read holds
 * the others up for `SESSION_READ_STALL_MS` at most, then they read on their own (decision 162).
 */
class SessionReads {
  readonly #one: ReturnType<typeof prepareSessionRead>;
  readonly #many: ReturnType<typeof prepareSessionReads>;
  /** The users whose rows the next read fetches, each with the requests waiting for it. */
  #waiting = new Map<string, WaitingRequest[]>();
  /** When each read in flight started (`performance.now()`), oldest first. */
  readonly #inFlight: number[] = [];
  /** Set while the waiting requests wait for the newest read in flight to reach the bound. */
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(db: Db) {
    this.#one = prepareSessionRead(db);
    this.#many = prepareSessionReads(db);
  }

  read(id: string): Promise<AccountRow | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.#waiting.get(id);
      if (waiting) waiting.push({ resolve, reject });
      else this.#waiting.set(id, [{ resolve, reject }]);
      this.#next();
    });
  }

  #next(): void {
    if (this.#waiting.size === 0) return;
    const inFlight = this.#inFlight.length;
    // Every turn taken: the end of a read calls this again.
    if (inFlight >= SESSION_READS_IN_FLIGHT) return;
    if (inFlight > 0) {
      const wait = this.#inFlight[inFlight - 1]! + SESSION_READ_STALL_MS - performance.now();
      if (wait > 0) {
        if (this.#timer === undefined)
          this.#timer = setTimeout(() => {
            this.#timer = undefined;
            this.#next();
          }, Math.ceil(wait));
        return;
      }
    }
    const group = this.#waiting;
    this.#waiting = new Map();
    const startedAt = performance.now();
    this.#inFlight.push(startedAt);
    void this.#fetch(group).then((unavailable) => {
      const everyTurnTaken = this.#inFlight.length >= SESSION_READS_IN_FLIGHT;
      this.#inFlight.splice(this.#inFlight.indexOf(startedAt), 1);
      if (unavailable && everyTurnTaken && this.#waiting.size > 0) {
        const refused = this.#waiting;
        this.#waiting = new Map();
        const error = new DatabaseBusyError();
        for (const requests of refused.values()) for (const request of requests) request.reject(error);
      }
      this.#next();
    });
  }

  /** Reads the group's rows and answers its requests; whether it failed with the database unavailable. */
  async #fetch(group: Map<string, WaitingRequest[]>): Promise<boolean> {
    try {
      const ids = [...group.keys()];
      const rows =
        ids.length === 1
          ? await this.#one.execute({ id: ids[0] })
          : await this.#many.execute({ ids: sessionReadIds(ids) });
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [id, requests] of group) for (const request of requests) request.resolve(byId.get(id));
      return false;
    } catch (error) {
      for (const requests of group.values()) for (const request of requests) request.reject(error);
      return isDatabaseUnavailable(error);
    }
  }
}
const sessionReads = new WeakMap<Db, SessionReads>();

/**
 * The read of every authenticated request, afresh so that a session ended elsewhere is refused at once
 * (decision 114); prepared once per connection (decision 141), grouped (decisions 159, 162).
 */
export async function findSessionAccount(db: Db, id: string): Promise<UserAccount | undefined> {
  let reads = sessionReads.get(db);
  if (!reads) {
    reads = new SessionReads(db);
    sessionReads.set(db, reads);
  }
  const row = await reads.read(id);
  return row && toAccount(row);
}

/** Usernames are matched whatever their case (the unique index is on `lower(username)`). */
export async function findUserByUsername(
  executor: Executor,
  username: string,
): Promise<UserAccount | undefined> {
  const [account] = await selectAccounts(executor, sql`lower(${users.username}) = lower(${username})`);
  return account;
}

export async function findUserById(executor: Executor, id: string): Promise<UserAccount | undefined> {
  const [account] = await selectAccounts(executor, eq(users.id, id));
  return account;
}

/** Users whose person has this e-mail (a person may stand behind several users). */
export async function findUsersByEmail(executor: Executor, email: string): Promise<UserAccount[]> {
  return selectAccounts(executor, sql`lower(${persons.email}) = lower(${email})`);
}

/** A disabled user, or a user of a deleted or suspended agent, cannot sign in. */
export function canSignIn(account: UserAccount): boolean {
  if (account.deletedAt) return false;
  if (account.agent && (account.agent.deletedAt || account.agent.suspendedAt)) return false;
  return true;
}

/** The `user` claim of the token and the answer of `GET /auth/user`. */
export function toSessionUser(account: UserAccount): SessionUser {
  return {
    id: account.id,
    username: account.username,
    firstName: account.person.firstName,
    lastName: account.person.lastName,
    email: account.person.email ?? '',
    role: account.role,
    isSuperAdmin: account.isSuperAdmin,
    passwordUpdatedAt: account.passwordUpdatedAt ? account.passwordUpdatedAt.toISOString() : null,
    agent: account.agent
      ? { code: account.agent.code, name: account.agent.name, role: account.agent.role }
      : null,
    language: account.language,
  };
}

/** Sets the user's language; the sessions go on (decision 237). */
export async function setLanguage(
  executor: Executor,
  userId: string,
  language: Language,
  now: Date,
): Promise<void> {
  await executor.update(users).set({ language, updatedAt: now }).where(eq(users.id, userId));
}

/** The same password under a new hash (new settings): nothing else changes, no session ends. */
export async function replacePasswordHash(
  executor: Executor,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await executor.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Sets a new password and ends every session of the user (its token version moves on). */
export async function setPassword(
  executor: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<number> {
  const [row] = await executor
    .update(users)
    .set({
      passwordHash,
      passwordUpdatedAt: now,
      updatedAt: now,
      tokenVersion: sql`${users.tokenVersion} + 1`,
    })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  // The version the new password starts: a token signed with it is ended by any later bump.
  return row?.tokenVersion ?? 0;
}

/**
 * The user's token version and e-mail address, its row locked until the transaction ends: what a reset
 * link is checked against (decision 188) while no password change or end of sessions can slip in.
 */
export async function lockCredentials(
  executor: Executor,
  userId: string,
): Promise<{ tokenVersion: number; person: { email: string | null } } | null> {
  const [row] = await executor
    .select({ tokenVersion: users.tokenVersion, email: persons.email })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  return row ? { tokenVersion: row.tokenVersion, person: { email: row.email } } : null;
}

/** Ends every session of the user. */
export async function bumpTokenVersion(executor: Executor, userId: string, now: Date): Promise<void> {
  await executor
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
}

import {
  audienceOf,
  can,
  maskDocumentNumber,
  personMessages,
  USER_SEARCH_LIMIT,
  userMessages,
  type CreateUserInput,
  type Role,
  type SessionUser,
  type UpdateUserInput,
  type User,
  type UserListQuery,
  type UserSearchQuery,
} from '@lajan/domain';
import type { Clock } from '../../clock.js';
import type { Db, Executor } from '../../db/client.js';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../http/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { newUserMail } from '../../mail/templates.js';
import { inLanguage } from '../../i18n/language.js';
import { recordAudit, type AuditAction } from '../../db/audit.js';
import {
  accessOf,
  confirmCurrentPassword,
  emailChanges,
  findPersonById,
  isUuid,
  liveUserBehind,
  personLinks,
  recordEmailChange,
  updatePersonContact,
  viewerOf,
} from '../persons/index.js';
import { bumpTokenVersion, generatePassword, hashPassword } from '../auth/index.js';
import {
  disableUser,
  findUserRecord,
  insertUser,
  listUserRecords,
  otherActiveAdministrators,
  usernameTaken,
  type UserRecord,
  type UserScope,
} from './records.js';

/** Ids are UUIDs and usernames never are, so `/users/{usernameOrId}` is never ambiguous. */
export function userKey(usernameOrId: string): { id: string } | { username: string } {
  return isUuid(usernameOrId) ? { id: usernameOrId } : { username: usernameOrId };
}

/** Who is asking, and from where (the audit trail records both). */
export interface Actor {
  user: SessionUser;
  ip: string;
}

/** The super administrator sees every user; anyone else its own agent's users. */
export function userScopeOf(session: SessionUser): UserScope {
  if (audienceOf(session) === 'superAdmin') return { kind: 'all' };
  // A signed-in user other than the super administrator always has an agent; without one it sees nobody.
  return { kind: 'agent', agentCode: session.agent?.code ?? '\u0000' };
}

function inScope(scope: UserScope, record: UserRecord): boolean {
  return scope.kind === 'all' || record.view.agent?.code === scope.agentCode;
}

/**
 * A teller sees its colleagues' names and contacts, not their identity files (decision 111):
 * no birth date, marital status or address, the document masked. Oneself, and whoever manages the
 * user (an administrator, the super administrator), see it whole.
 */
export function shownTo(session: SessionUser, user: User): User {
  if (user.id === session.id || can(session, 'users.manage')) return user;
  return {
    ...user,
    dob: null,
    maritalStatus: null,
    address: null,
    postalCode: null,
    idDocumentNumber: user.idDocumentNumber === null ? null : maskDocumentNumber(user.idDocumentNumber),
  };
}

/** A 409 on the username field, worded as the create-user form words it. */
export function usernameConflict(): Conflict {
  return new Conflict(userMessages.usernameTaken, { username: [userMessages.usernameTaken] });
}

export interface UsersServiceDeps {
  db: Db;
  clock: Clock;
  /** Sends what the outbox holds; called after a commit that queued a message. */
  kickMail: () => Promise<void>;
  appUrl: string;
}

export interface NewUserWithMail {
  username: string;
  role: Role;
  agentId: string | null;
  person: { id: string; firstName: string; email: string };
  now: Date;
  /** The form field a person already behind a user is reported on (422): `personId` by default. */
  personField?: string;
  personTakenMessage?: string;
}

/**
 * Creates a user with a random temporary password and queues the e-mail that gives it:
 * to the person behind the user, or for an agent's first user to the agent's first owner. Runs in
 * the caller's transaction; the caller kicks the outbox after the commit. 409 on a taken username.
 */
export async function createUserWithTemporaryPassword(
  executor: Executor,
  user: NewUserWithMail,
  appUrl: string,
): Promise<{ id: string }> {
  const temporaryPassword = generatePassword();
  const inserted = await insertUser(executor, {
    username: user.username,
    passwordHash: await hashPassword(temporaryPassword),
    personId: user.person.id,
    role: user.role,
    agentId: user.agentId,
    now: user.now,
  });
  if (!inserted) {
    // Skipped on a unique index: the username's, or a live user already on this person (a racing creation).
    if (await usernameTaken(executor, user.username)) throw usernameConflict();
    throw new ValidationFailed({
      [user.personField ?? 'personId']: [user.personTakenMessage ?? userMessages.personAlreadyUser],
    });
  }
  // In the new user's own language (decision 237).
  const mail = inLanguage(inserted.language, () =>
    newUserMail({
      to: user.person.email,
      firstName: user.person.firstName,
      username: user.username,
      temporaryPassword,
      signInUrl: `${appUrl}/login`,
    }),
  );
  await enqueueMail(executor, mail, user.now);
  return inserted;
}

/** The users of the back office. */
export class UsersService {
  constructor(private readonly deps: UsersServiceDeps) {}

  async list(session: SessionUser, query: UserListQuery): Promise<{ users: User[]; total: number }> {
    const { records, total } = await listUserRecords(
      this.deps.db,
      userScopeOf(session),
      { role: query.role, agentCode: query.agentCode, q: query.q },
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    );
    return { users: records.map((record) => shownTo(session, record.view)), total };
  }

  async search(session: SessionUser, query: UserSearchQuery): Promise<User[]> {
    const { records } = await listUserRecords(
      this.deps.db,
      userScopeOf(session),
      { q: query.q, username: query.username, email: query.email },
      { limit: USER_SEARCH_LIMIT, offset: 0 },
    );
    return records.map((record) => shownTo(session, record.view));
  }

  /** A user the session may see; anyone else is unknown to it (404, nothing revealed). */
  async #visible(executor: Executor, session: SessionUser, usernameOrId: string): Promise<UserRecord> {
    const record = await findUserRecord(executor, userKey(usernameOrId));
    if (!record || !inScope(userScopeOf(session), record)) throw new NotFound(userMessages.notFound);
    return record;
  }

  async get(session: SessionUser, usernameOrId: string): Promise<User> {
    return shownTo(session, (await this.#visible(this.deps.db, session, usernameOrId)).view);
  }

  usernameExists(username: string): Promise<boolean> {
    return usernameTaken(this.deps.db, username);
  }

  /**
   * `POST /users`: an agent's administrator creates administrators and tellers of its own agent;
   * the super administrator creates super administrators only.
   */
  async create(input: CreateUserInput, actor: Actor): Promise<User> {
    const { db, clock, appUrl } = this.deps;
    const session = actor.user;
    const audience = audienceOf(session);
    let agentId: string | null = null;
    if (audience === 'superAdmin') {
      if (input.role !== 'sudo') throw new Forbidden(userMessages.superAdminCreatesSudoOnly);
    } else {
      if (input.role === 'sudo') throw new Forbidden(userMessages.sudoForbidden);
      const self = await findUserRecord(db, { id: session.id });
      agentId = self?.agentId ?? null;
      if (!agentId) throw new Forbidden();
    }

    const person = await findPersonById(db, input.personId);
    if (!person) throw new ValidationFailed({ personId: [userMessages.personNotFound] });
    // A user is created only on a person its creator may change, asked first: on anyone else the
    // answer is one and the same, never whether a user stands behind them (decision 207).
    const viewer = await viewerOf(db, session);
    const links = await personLinks(db, viewer, person.id);
    if (!links || !accessOf(viewer, links).canEdit) {
      throw new ValidationFailed({ personId: [userMessages.personNotManaged] });
    }
    if (!person.email) throw new ValidationFailed({ personId: [userMessages.personWithoutEmail] });
    // A person stands behind at most one live user (its e-mail receives that user's reset links).
    if (links.liveUser) throw new ValidationFailed({ personId: [userMessages.personAlreadyUser] });
    if (await usernameTaken(db, input.username)) throw usernameConflict();

    const now = clock.now();
    const created = await db.transaction(async (tx) => {
      const user = await createUserWithTemporaryPassword(
        tx,
        {
          username: input.username,
          role: input.role,
          agentId,
          person: { id: person.id, firstName: person.firstName, email: person.email ?? '' },
          now,
        },
        appUrl,
      );
      await recordAudit(tx, {
        at: now,
        action: 'users.create',
        actor: session,
        target: input.username,
        ip: actor.ip,
        details: {
          userId: user.id,
          role: input.role,
          agentCode: session.agent?.code ?? null,
          personId: person.id,
        },
      });
      return user;
    });
    void this.deps.kickMail();
    return (await this.#visible(db, session, created.id)).view;
  }

  /**
   * `PUT /users/{id}`: the contact fields of the user's person. Oneself, or a user that the
   * session manages (`users.manage`, within its scope).
   */
  async updateContact(id: string, input: UpdateUserInput, actor: Actor): Promise<User> {
    const { db, clock } = this.deps;
    const session = actor.user;
    const target = await this.#visible(db, session, id);
    const self = target.view.id === session.id;
    if (!self) await this.#assertManages(session, target);

    const { current_password: currentPassword, ...fields } = input;
    const changed = Object.fromEntries(
      Object.entries(fields).filter((entry) => entry[1] !== undefined),
    ) as Omit<UpdateUserInput, 'current_password'>;
    const previousEmail = target.view.email;
    const emailChanged = emailChanges(previousEmail, changed.email);
    const userBehind = emailChanged ? await liveUserBehind(db, target.view.personId) : undefined;
    const now = clock.now();
    if (userBehind && self) {
      await confirmCurrentPassword(db, userBehind, currentPassword, { user: session, ip: actor.ip, now });
    }
    await db.transaction(async (tx) => {
      await updatePersonContact(tx, target.view.personId, changed, now);
      await recordAudit(tx, {
        at: now,
        action: 'users.update',
        actor: session,
        target: target.view.username,
        ip: actor.ip,
        details: { userId: target.view.id, fields: Object.keys(changed) },
      });
      if (userBehind && previousEmail && changed.email) {
        await recordEmailChange(tx, {
          user: userBehind,
          personId: target.view.personId,
          previousEmail,
          nextEmail: changed.email,
          actor: session,
          ip: actor.ip,
          via: 'users',
          now,
        });
      }
    });
    if (userBehind) void this.deps.kickMail();
    return (await this.#visible(db, session, target.view.id)).view;
  }

  /**
   * `POST /users/{username}/end-sessions` (ASVS 7.4.5): every token of the user stops working (its
   * token version moves on), and the user stays active: a lost or stolen phone at the counter is
   * cut off at once, and the teller signs in again on another device.
   */
  async endSessions(usernameOrId: string, actor: Actor): Promise<User> {
    return this.#change(usernameOrId, actor, 'users.sessions_ended', async (tx, target, now) => {
      await bumpTokenVersion(tx, target.view.id, now);
      return { userId: target.view.id };
    });
  }

  /**
   * `DELETE /users/{username}`: disables the user and ends its sessions; never oneself, nor the
   * agent's last active administrator (no one else could create the agent's users).
   */
  async disable(usernameOrId: string, actor: Actor): Promise<User> {
    const session = actor.user;
    return this.#change(usernameOrId, actor, 'users.delete', async (tx, target, now) => {
      if (target.view.id === session.id) {
        throw new ValidationFailed(
          { username: [userMessages.cannotDeleteSelf] },
          userMessages.cannotDeleteSelf,
        );
      }
      if (
        target.view.role === 'agent_admin' &&
        !target.view.deletedAt &&
        target.agentId &&
        (await otherActiveAdministrators(tx, target.agentId, target.view.id)) === 0
      ) {
        throw new ValidationFailed({ username: [userMessages.lastAdministrator] });
      }
      await disableUser(tx, target.view.id, now);
      return {
        userId: target.view.id,
        role: target.view.role,
        agentCode: target.view.agent?.code ?? null,
      };
    });
  }

  /**
   * One change to a user the session may see (404 otherwise): `change` runs in a transaction that also
   * records the audit entry `action` with the details it returns (a refusal it throws writes nothing);
   * the answer is the user as it now stands.
   */
  async #change(
    usernameOrId: string,
    actor: Actor,
    action: AuditAction,
    change: (tx: Executor, target: UserRecord, now: Date) => Promise<Record<string, unknown>>,
  ): Promise<User> {
    const { db, clock } = this.deps;
    const session = actor.user;
    const target = await this.#visible(db, session, usernameOrId);
    if (target.view.id !== session.id) await this.#assertManages(session, target);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const details = await change(tx, target, now);
      await recordAudit(tx, {
        at: now,
        action,
        actor: session,
        target: target.view.username,
        ip: actor.ip,
        details,
      });
    });
    return (await this.#visible(db, session, target.view.id)).view;
  }

  /**
   * Who manages a user must also be who may change its person: the person may also own an
   * agent, or stand behind a super administrator. Any change to another user (its contact, its
   * sessions, disabling it) passes here.
   */
  async #assertManages(session: SessionUser, target: UserRecord): Promise<void> {
    if (!can(session, 'users.manage')) throw new Forbidden();
    const { db } = this.deps;
    const viewer = await viewerOf(db, session);
    const links = await personLinks(db, viewer, target.view.personId);
    if (!links || !accessOf(viewer, links).canEdit) throw new Forbidden(personMessages.changeForbidden);
  }
}

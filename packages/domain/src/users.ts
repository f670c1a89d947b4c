import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { texts } from './i18n.js';
import { plainText } from './text.js';
import { optionalQueryText, usernameSchema } from './agents.js';
import { isIsoDate } from './dates.js';
import { paginationQuerySchema } from './pagination.js';
import {
  duplicateFieldMessage,
  emailSchema,
  genderSchema,
  idDocumentTypeSchema,
  maritalStatusSchema,
  phoneNumberSchema,
} from './persons.js';
import { agentRoleSchema, roleSchema } from './role-schemas.js';
import { roles } from './sign-in.js';

// The user forms' field messages, read when a schema parses (decision 236).
const fieldMessages = texts({
  roleRequired: msg`Le rôle est requis`,
  personRequired: msg`Veuillez sélectionner une personne`,
  addressTooShort: msg`L'adresse doit contenir au moins 5 caractères`,
  cityRequired: msg`La commune est requise`,
  stateRequired: msg`Le département est requis`,
  invalidField: msg`Champ invalide`,
  valueRequired: msg`Valeur requise`,
  valueTooLong: msg`Valeur trop longue`,
  invalidPage: msg`Numéro de page invalide`,
});
const personRequired = { error: () => fieldMessages.personRequired };
const valueRequired = { error: () => fieldMessages.valueRequired };

/** `POST /users` and the create-user wizard. */
export const createUserInputSchema = z.object({
  // An empty choice is "required", yet not a value the OpenAPI document offers (decision 234).
  role: z.enum(roles, {
    error: (issue) =>
      issue.input === '' || issue.input === undefined ? fieldMessages.roleRequired : undefined,
  }),
  username: usernameSchema,
  personId: z.string(personRequired).min(1, personRequired).max(64, personRequired),
});
export type CreateUserInput = z.infer<typeof createUserInputSchema>;

/** `PUT /users/{id}`: contact fields only; they live on the user's person. Other keys are dropped. */
export const updateUserInputSchema = z.object({
  email: emailSchema.optional(),
  phoneNumber: phoneNumberSchema.optional(),
  address: plainText(
    z
      .string()
      .trim()
      .min(5, { error: () => fieldMessages.addressTooShort })
      .max(200),
  ).optional(),
  city: plainText(
    z
      .string()
      .trim()
      .min(1, { error: () => fieldMessages.cityRequired })
      .max(80),
  ).optional(),
  state: plainText(
    z
      .string()
      .trim()
      .min(1, { error: () => fieldMessages.stateRequired })
      .max(80),
  ).optional(),
  /** Required when one changes the e-mail of one's own user. */
  current_password: z.string().max(200).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

/** `POST /users/check-unique/`. */
export const checkUsernameUniqueInputSchema = z.object({
  field: z.literal('username', { error: () => fieldMessages.invalidField }),
  value: z
    .string(valueRequired)
    .trim()
    .min(1, valueRequired)
    .max(100, { error: () => fieldMessages.valueTooLong }),
});

/** `GET /users?page&per_page&role&agentCode&q`: `q` matches the username, the name and the e-mail. */
export const userListQuerySchema = paginationQuerySchema.extend({
  role: z.preprocess((value) => (value === '' ? undefined : value), roleSchema.optional()),
  agentCode: optionalQueryText,
  q: optionalQueryText,
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** `GET /users/search?q=` (or `?username=`, `?email=`): at most `USER_SEARCH_LIMIT` users. */
export const userSearchQuerySchema = z.object({
  q: optionalQueryText,
  username: optionalQueryText,
  email: optionalQueryText,
});
export type UserSearchQuery = z.output<typeof userSearchQuerySchema>;
export const USER_SEARCH_LIMIT = 20;

/** A user as the API answers it, with the fields of its person (docs/contract-customers-agents.md). */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  dob: z.string().nullable(),
  gender: genderSchema.nullable(),
  maritalStatus: maritalStatusSchema.nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  idDocumentType: idDocumentTypeSchema.nullable(),
  idDocumentNumber: z.string().nullable(),
  personId: z.string(),
  role: roleSchema,
  isSuperAdmin: z.boolean(),
  agent: z.object({ code: z.string(), name: z.string(), role: agentRoleSchema }).nullable(),
  passwordUpdatedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Set: the user is disabled (deleted) and cannot sign in. */
  deletedAt: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A user's status: disabled (deleted), awaiting its first password change, or active. */
export type UserStatus = 'active' | 'awaiting' | 'disabled';
export const userStatusLabels = texts({
  active: msg`Actif`,
  awaiting: msg`En attente d’activation`,
  disabled: msg`Désactivé`,
} satisfies Record<UserStatus, unknown>);

export function userStatusOf(user: Pick<User, 'deletedAt' | 'passwordUpdatedAt'>): UserStatus {
  if (user.deletedAt) return 'disabled';
  if (!user.passwordUpdatedAt) return 'awaiting';
  return 'active';
}

const userTexts = texts({
  created: msg`Utilisateur créé avec succès`,
  updated: msg`Utilisateur modifié avec succès`,
  deleted: msg`Utilisateur supprimé avec succès`,
  cannotDeleteSelf: msg`Vous ne pouvez pas supprimer votre propre compte`,
  sessionsEnded: msg`Les sessions de l'utilisateur sont fermées : il devra se reconnecter.`,
  endSessionsTitle: msg`Fermer les sessions ?`,
  endSessionsConfirm: (username: string, name: string) =>
    msg`Toutes les sessions ouvertes de ${username} (${name}) prendront fin, sur chaque appareil. Le compte reste actif : l'utilisateur devra se reconnecter avec son mot de passe.`,
  endSessionsPending: msg`Fermeture...`,
  lastAdministrator: msg`C'est le dernier administrateur actif de cet agent : il ne peut pas être supprimé.`,
  notFound: msg`Utilisateur introuvable`,
  personNotFound: msg`Personne introuvable`,
  personWithoutEmail: msg`Cette personne n'a pas d'adresse e-mail pour recevoir le mot de passe`,
  /** Creating a `sudo` user is the super administrator's alone. */
  sudoForbidden: msg`Seul le super administrateur peut créer un super administrateur.`,
  /** A person stands behind at most one user (its e-mail receives that user's reset links). */
  personAlreadyUser: msg`Cette personne est déjà liée à un utilisateur`,
  /** A person registered at another agent, or behind a user or an agent one does not manage. */
  personNotManaged: msg`Vous ne pouvez pas créer un utilisateur pour cette personne : elle relève d'un autre agent ou d'un utilisateur que vous ne gérez pas.`,
  /** Changing the e-mail of one's own user: the current password confirms it. */
  currentPasswordRequired: msg`Le mot de passe actuel est requis pour changer votre adresse e-mail`,
  currentPasswordHint: msg`Pour changer votre adresse e-mail, confirmez avec votre mot de passe actuel.`,
  /** The dialog that asks it when one's own person is edited with a new e-mail. */
  confirmPasswordTitle: msg`Confirmer votre mot de passe`,
  /** The super administrator creates `sudo` users only (an agent's users are its administrator's). */
  superAdminCreatesSudoOnly: msg`Le super administrateur ne crée que des super administrateurs ; les utilisateurs d'un agent sont créés par son administrateur.`,
});

/** Messages of the user calls; the success ones are SPEC §8's, in French. */
export const userMessages: typeof userTexts & { readonly usernameTaken: string } = Object.freeze(
  Object.defineProperties(
    {},
    {
      ...Object.getOwnPropertyDescriptors(userTexts),
      /** The create-user form's duplicate message, naming the field by its label; read when said (decision 236). */
      usernameTaken: { get: () => duplicateFieldMessage('username'), enumerable: true },
    },
  ),
) as typeof userTexts & { readonly usernameTaken: string };

/** What the create-user wizard knows of a picked person (a person search's answer). */
export interface PickedPerson {
  masked?: boolean | undefined;
  canEdit?: boolean | undefined;
  email?: string | null | undefined;
  hasUser?: boolean | undefined;
}

/**
 * Why a user cannot be created on a picked person, in the server's order (`POST /users`); null when the
 * answer allows it or says nothing. Said at the pick rather than after the last step (decision 214).
 */
export function userPersonRefusal(person: PickedPerson): string | null {
  if (person.masked || person.canEdit === false) return userMessages.personNotManaged;
  if (person.email === null || person.email === '') return userMessages.personWithoutEmail;
  if (person.hasUser) return userMessages.personAlreadyUser;
  return null;
}

/**
 * One line of the audit trail (`GET /audit`), newest first (decision 133): the writes recorded in
 * `audit_log` and every posted money movement (`transactions.<type>`), with names rather than ids.
 */
export const auditEntrySchema = z.object({
  id: z.string(),
  /** ISO 8601 with zone. */
  at: z.string(),
  actorUsername: z.string().nullable(),
  /** The person behind the acting user, "Prénom NOM"; null for an anonymous or unknown actor. */
  actorName: z.string().nullable(),
  /** `domain.verb`: `auth.login`, `agents.suspend`, `users.create`, `transactions.deposit`… */
  action: z.string(),
  /** As recorded: a username, an agent code, an account or transaction number, a person's id. */
  target: z.string().nullable(),
  /** What the screen shows for the target: a person's or user's name, "CODE · Nom" of an agent, a number. */
  targetLabel: z.string().nullable(),
  /** The agent the line belongs to (the actor's, or the agent acted upon); null: the network's. */
  agent: z.object({ code: z.string(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

/** SPEC §8 fallbacks of the user calls, in French, shown when a failure carries no message of the server. */
export const userFailureMessages = texts({
  list: msg`Échec du chargement des utilisateurs`,
  update: msg`Échec de la modification de l'utilisateur`,
  delete: msg`Échec de la suppression de l'utilisateur`,
  endSessions: msg`Échec de la fermeture des sessions`,
});

/** Fallback of `GET /audit` (SPEC §8 names none). */
export const auditFailureMessages = texts({ list: msg`Échec du chargement du journal d'audit` });

/** The audit trail's screen (`/audit`, decision 133). */
export const auditTexts = texts({
  title: msg`Journal d'audit`,
  intro: msg`Chaque écriture, chaque mouvement d’argent et chaque événement de connexion, du plus récent au plus ancien. Heures de Port-au-Prince.`,
  introAgent: msg`Les écritures, les mouvements d’argent et les connexions de votre agent, du plus récent au plus ancien. Heures de Port-au-Prince.`,
  filters: msg`Filtrer le journal`,
  user: msg`Nom d'utilisateur`,
  action: msg`Action`,
  anyAction: msg`Toutes les actions`,
  moneyMovements: msg`Mouvements d’argent (tous)`,
  agent: msg`Code de l'agent`,
  from: msg`Du`,
  to: msg`Au`,
  apply: msg`Filtrer`,
  reset: msg`Effacer les filtres`,
  empty: msg`Le journal est vide.`,
  noMatch: msg`Aucune ligne ne correspond à ces filtres.`,
  anonymous: msg`Anonyme`,
  network: msg`Réseau`,
});

export const auditMessages = texts({
  invalidDate: msg`Date invalide (AAAA-MM-JJ)`,
  invalidPeriod: msg`La date de début doit précéder la date de fin`,
  /** An agent's administrator reads its own agent's trail only. */
  otherAgent: msg`Vous ne pouvez consulter que le journal de votre agent`,
  pageTooFar: msg`Page trop lointaine : précisez la période ou le filtre`,
});
const invalidDate = { error: () => auditMessages.invalidDate };
const invalidPage = { error: () => fieldMessages.invalidPage };

const optionalIsoDate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().max(10, invalidDate).refine(isIsoDate, invalidDate).meta({ format: 'date' }).optional(),
);

/** The deepest page of the trail: past it, a filter (who, what, when) finds a line sooner than paging. */
export const AUDIT_MAX_PAGE = 1_000;

/**
 * `GET /audit?page&per_page&user&action&agent&from&to` (decision 133): `user` a username (any case),
 * `action` an action (`transactions.deposit`) or a whole domain (`transactions`), `agent` an agent's
 * code (an administrator's own agent whatever it asks), `from` and `to` days of Haiti, both included.
 */
export const auditQuerySchema = paginationQuerySchema
  .extend({
    page: z.coerce
      .number(invalidPage)
      .int(invalidPage)
      .min(1, invalidPage)
      .max(AUDIT_MAX_PAGE, { error: () => auditMessages.pageTooFar })
      .default(1),
    user: optionalQueryText,
    action: optionalQueryText,
    agent: optionalQueryText,
    from: optionalIsoDate,
    to: optionalIsoDate,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: () => auditMessages.invalidPeriod,
    path: ['to'],
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;

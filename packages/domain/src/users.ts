import { z } from 'zod';
import { plainText } from './text.js';
import { optionalQueryText, usernameSchema } from './agents.js';
import { isIsoDate } from './dates.js';
import { paginationQuerySchema } from './pagination.js';
import {
  emailSchema,
  genderSchema,
  idDocumentTypeSchema,
  maritalStatusSchema,
  phoneNumberSchema,
} from './persons.js';
import { agentRoleSchema, roleSchema } from './role-schemas.js';
import { roles } from './sign-in.js';

/** `POST /users` and the create-user wizard. */
export const createUserInputSchema = z.object({
  // An empty choice is "required", yet not a value the OpenAPI document offers (decision 234).
  role: z.enum(roles, {
    error: (issue) => (issue.input === '' || issue.input === undefined ? 'Le rôle est requis' : undefined),
  }),
  username: usernameSchema,
  personId: z
    .string({ error: 'Veuillez sélectionner une personne' })
    .min(1, 'Veuillez sélectionner une personne')
    .max(64, 'Veuillez sélectionner une personne'),
});
export type CreateUserInput = z.infer<typeof createUserInputSchema>;

/** `PUT /users/{id}`: contact fields only; they live on the user's person. Other keys are dropped. */
export const updateUserInputSchema = z.object({
  email: emailSchema.optional(),
  phoneNumber: phoneNumberSchema.optional(),
  address: plainText(
    z.string().trim().min(5, "L'adresse doit contenir au moins 5 caractères").max(200),
  ).optional(),
  city: plainText(z.string().trim().min(1, 'La commune est requise').max(80)).optional(),
  state: plainText(z.string().trim().min(1, 'Le département est requis').max(80)).optional(),
  /** Required when one changes the e-mail of one's own user. */
  current_password: z.string().max(200).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

/** `POST /users/check-unique/`. */
export const checkUsernameUniqueInputSchema = z.object({
  field: z.literal('username', { error: 'Champ invalide' }),
  value: z.string({ error: 'Valeur requise' }).trim().min(1, 'Valeur requise').max(100, 'Valeur trop longue'),
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
export const userStatusLabels: Record<UserStatus, string> = {
  active: 'Actif',
  awaiting: 'En attente d’activation',
  disabled: 'Désactivé',
};

export function userStatusOf(user: Pick<User, 'deletedAt' | 'passwordUpdatedAt'>): UserStatus {
  if (user.deletedAt) return 'disabled';
  if (!user.passwordUpdatedAt) return 'awaiting';
  return 'active';
}

/** Messages of the user calls; the success ones are SPEC §8's, in French. */
export const userMessages = {
  created: 'Utilisateur créé avec succès',
  updated: 'Utilisateur modifié avec succès',
  deleted: 'Utilisateur supprimé avec succès',
  /** The create-user form's duplicate message, naming the field by its label. */
  // Written out, not duplicateFieldMessage('username'): read when this module loads, a text of the moment
  // would need a language not set yet (decision 236). This map's own conversion takes it over.
  usernameTaken: "Ce nom d'utilisateur existe déjà",
  cannotDeleteSelf: 'Vous ne pouvez pas supprimer votre propre compte',
  sessionsEnded: "Les sessions de l'utilisateur sont fermées : il devra se reconnecter.",
  endSessionsTitle: 'Fermer les sessions ?',
  endSessionsConfirm: (username: string, name: string) =>
    `Toutes les sessions ouvertes de ${username} (${name}) prendront fin, sur chaque appareil. Le compte reste actif : l'utilisateur devra se reconnecter avec son mot de passe.`,
  endSessionsPending: 'Fermeture...',
  lastAdministrator: "C'est le dernier administrateur actif de cet agent : il ne peut pas être supprimé.",
  notFound: 'Utilisateur introuvable',
  personNotFound: 'Personne introuvable',
  personWithoutEmail: "Cette personne n'a pas d'adresse e-mail pour recevoir le mot de passe",
  /** Creating a `sudo` user is the super administrator's alone. */
  sudoForbidden: 'Seul le super administrateur peut créer un super administrateur.',
  /** A person stands behind at most one user (its e-mail receives that user's reset links). */
  personAlreadyUser: 'Cette personne est déjà liée à un utilisateur',
  /** A person registered at another agent, or behind a user or an agent one does not manage. */
  personNotManaged:
    "Vous ne pouvez pas créer un utilisateur pour cette personne : elle relève d'un autre agent ou d'un utilisateur que vous ne gérez pas.",
  /** Changing the e-mail of one's own user: the current password confirms it. */
  currentPasswordRequired: 'Le mot de passe actuel est requis pour changer votre adresse e-mail',
  currentPasswordHint: 'Pour changer votre adresse e-mail, confirmez avec votre mot de passe actuel.',
  /** The dialog that asks it when one's own person is edited with a new e-mail. */
  confirmPasswordTitle: 'Confirmer votre mot de passe',
  /** The super administrator creates `sudo` users only (an agent's users are its administrator's). */
  superAdminCreatesSudoOnly:
    "Le super administrateur ne crée que des super administrateurs ; les utilisateurs d'un agent sont créés par son administrateur.",
} as const;

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
export const userFailureMessages = {
  list: 'Échec du chargement des utilisateurs',
  update: "Échec de la modification de l'utilisateur",
  delete: "Échec de la suppression de l'utilisateur",
  endSessions: 'Échec de la fermeture des sessions',
} as const;

/** Fallback of `GET /audit` (SPEC §8 names none). */
export const auditFailureMessages = { list: "Échec du chargement du journal d'audit" } as const;

/** The audit trail's screen (`/audit`, decision 133). */
export const auditTexts = {
  title: "Journal d'audit",
  intro:
    'Chaque écriture, chaque mouvement d’argent et chaque événement de connexion, du plus récent au plus ancien. Heures de Port-au-Prince.',
  introAgent:
    'Les écritures, les mouvements d’argent et les connexions de votre agent, du plus récent au plus ancien. Heures de Port-au-Prince.',
  filters: 'Filtrer le journal',
  user: "Nom d'utilisateur",
  action: 'Action',
  anyAction: 'Toutes les actions',
  moneyMovements: 'Mouvements d’argent (tous)',
  agent: "Code de l'agent",
  from: 'Du',
  to: 'Au',
  apply: 'Filtrer',
  reset: 'Effacer les filtres',
  empty: 'Le journal est vide.',
  noMatch: 'Aucune ligne ne correspond à ces filtres.',
  anonymous: 'Anonyme',
  network: 'Réseau',
} as const;

export const auditMessages = {
  invalidDate: 'Date invalide (AAAA-MM-JJ)',
  invalidPeriod: 'La date de début doit précéder la date de fin',
  /** An agent's administrator reads its own agent's trail only. */
  otherAgent: 'Vous ne pouvez consulter que le journal de votre agent',
  pageTooFar: 'Page trop lointaine : précisez la période ou le filtre',
} as const;

const optionalIsoDate = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .trim()
    .max(10, auditMessages.invalidDate)
    .refine(isIsoDate, auditMessages.invalidDate)
    .meta({ format: 'date' })
    .optional(),
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
      .number({ error: 'Numéro de page invalide' })
      .int('Numéro de page invalide')
      .min(1, 'Numéro de page invalide')
      .max(AUDIT_MAX_PAGE, auditMessages.pageTooFar)
      .default(1),
    user: optionalQueryText,
    action: optionalQueryText,
    agent: optionalQueryText,
    from: optionalIsoDate,
    to: optionalIsoDate,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: auditMessages.invalidPeriod,
    path: ['to'],
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;

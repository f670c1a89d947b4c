import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { texts } from './i18n.js';
import { plainText } from './text.js';
import { genericMessages } from './errors.js';
import { paginationQuerySchema } from './pagination.js';
import { emailSchema, personSummarySchema } from './persons.js';

// The agent forms' field messages, read when a schema parses (decision 236).
const fieldMessages = texts({
  invalidType: msg`Type invalide`,
  usernameRequired: msg`Le nom d'utilisateur est requis`,
  usernameTooShort: msg`Le nom d'utilisateur doit contenir au moins 8 caractères`,
  usernameTooLong: msg`Le nom d'utilisateur ne peut pas dépasser 50 caractères`,
  usernameCharacters: msg`Le nom d'utilisateur ne peut contenir que des lettres, des chiffres, «\u00a0.\u00a0», «\u00a0-\u00a0» et «\u00a0_\u00a0»`,
  nameRequired: msg`Le nom est requis`,
  nameTooLong: msg`Le nom ne peut pas dépasser 100 caractères`,
  addressRequired: msg`L'adresse est requise`,
  addressTooLong: msg`L'adresse ne peut pas dépasser 200 caractères`,
  phoneRequired: msg`Le téléphone est requis`,
  phoneInvalid: msg`Numéro de téléphone invalide`,
  personsRequired: msg`Les personnes sont requises`,
  personRequired: msg`Veuillez sélectionner au moins une personne.`,
  tooManyOwners: msg`Au plus 5 propriétaires`,
  codeRequired: msg`Le code de l'agent est requis`,
  codeInvalid: msg`Code d'agent invalide`,
  searchTooLong: msg`Recherche trop longue`,
});
/** A zod message read when the schema parses, in the language of the moment. */
const say = (key: keyof typeof fieldMessages) => ({ error: () => fieldMessages[key] });

export const agentTypeSchema = z.enum(['Business', 'Personal', 'Intern'], say('invalidType'));
export type AgentType = z.infer<typeof agentTypeSchema>;
export const agentTypeLabels = texts({
  Business: msg`Entreprise`,
  Personal: msg`Particulier`,
  Intern: msg`Interne`,
} satisfies Record<AgentType, unknown>);

/** `active`, `suspended`, or `inactive` (deletedAt set: SPEC §4 "Agent"). */
export const agentStatusSchema = z.enum(['active', 'suspended', 'inactive']);
export type AgentStatus = z.infer<typeof agentStatusSchema>;
export const agentStatusLabels = texts({
  active: msg`Actif`,
  suspended: msg`Suspendu`,
  inactive: msg`Inactif`,
} satisfies Record<AgentStatus, unknown>);

export const USERNAME_MIN_LENGTH = 8;

/** Usernames: letters, digits, dot, dash, underscore; at least 8. */
export const usernameSchema = z
  .string(say('usernameRequired'))
  .trim()
  .min(1, say('usernameRequired'))
  .min(USERNAME_MIN_LENGTH, say('usernameTooShort'))
  .max(50, say('usernameTooLong'))
  .regex(/^[A-Za-z0-9._-]+$/, say('usernameCharacters'));

/** `POST /agents` and the create-agent wizard. */
export const createAgentInputSchema = z.object({
  name: plainText(
    z.string(say('nameRequired')).trim().min(1, say('nameRequired')).max(100, say('nameTooLong')),
  ),
  address: plainText(
    z.string(say('addressRequired')).trim().min(1, say('addressRequired')).max(200, say('addressTooLong')),
  ),
  email: emailSchema,
  phone: z
    .string(say('phoneRequired'))
    .trim()
    .min(1, say('phoneRequired'))
    .max(30, say('phoneInvalid'))
    .regex(/^\+(509|1|33)[\d\s-]{6,}$/, say('phoneInvalid')),
  type: agentTypeSchema,
  username: usernameSchema,
  personIds: z
    .array(z.string().max(64), say('personsRequired'))
    .min(1, say('personRequired'))
    .max(5, say('tooManyOwners')),
});
export type CreateAgentInput = z.infer<typeof createAgentInputSchema>;

/** `POST /agents/search`. */
export const agentSearchInputSchema = z.object({
  code: plainText(
    z.string(say('codeRequired')).trim().min(1, say('codeRequired')).max(40, say('codeInvalid')),
  ),
});

/** A text filter of a list's query string: blank means no filter. */
export const optionalQueryText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().max(100, say('searchTooLong')).optional(),
);

/** `GET /agents?page&per_page&q&status`: `q` matches the code, the name, the e-mail and the phone. */
export const agentListQuerySchema = paginationQuerySchema.extend({
  q: optionalQueryText,
  status: z.preprocess((value) => (value === '' ? undefined : value), agentStatusSchema.optional()),
});
export type AgentListQuery = z.output<typeof agentListQuerySchema>;

/** An agent as the API answers it (docs/contract-customers-agents.md, "Agent"). */
export const agentSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  type: agentTypeSchema,
  status: agentStatusSchema,
  personIds: z.array(z.string()),
  /** In the order given at creation: the first owner received the first user's e-mail. */
  owners: z.array(personSummarySchema),
  /** The agent's first administrator. */
  username: z.string().nullable(),
  /** The float account. */
  accountNumber: z.string().nullable(),
  /** The float's balance in HTG; null for anyone but the super administrator and the agent's own users. */
  balance: z.number().nullable(),
  deletedAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

/** The agent's status as SPEC §4 sees it: `deletedAt` set means inactive, whatever else. */
export function agentStatusOf(agent: { deletedAt: unknown; suspendedAt: unknown }): AgentStatus {
  if (agent.deletedAt) return 'inactive';
  if (agent.suspendedAt) return 'suspended';
  return 'active';
}

/** The administrators' next steps around an agent (decision 133). */
export const agentTexts = texts({
  /** On an agent's page: funds its float through the agent deposit. */
  fund: msg`Approvisionner`,
  createdTitle: msg`Agent créé`,
  createdCode: msg`Code de l'agent`,
  createdIntro: msg`Notez ce code : il identifie l'agent pour l'approvisionner et dans le journal d'audit.`,
  nextSteps: msg`Étapes suivantes`,
  stepAdministrator: (username: string) =>
    msg`Son administrateur «\u00a0${username}\u00a0» a été créé : il reçoit par e-mail, à l'adresse du premier propriétaire, un mot de passe temporaire à changer à la première connexion ; il crée ensuite les caissiers de l'agent.`,
  stepFund: msg`Approvisionner son compte float : un agent sans float ne peut servir ni dépôts ni paiements.`,
  fundLink: msg`Approvisionner l'agent`,
  detailsLink: msg`Voir la fiche de l'agent`,
  anotherLink: msg`Créer un autre agent`,
  listLink: msg`Retour à la liste des agents`,
});

/** Messages of the agent calls; the success ones are SPEC §8's, in French. */
export const agentMessages = texts({
  created: msg`Agent enregistré avec succès`,
  suspended: msg`Agent suspendu avec succès`,
  activated: msg`Agent réactivé avec succès`,
  deleted: msg`Agent supprimé avec succès`,
  notFound: msg`Agent introuvable`,
  personNotFound: msg`Personne introuvable`,
  personRepeated: msg`Une personne ne peut être sélectionnée qu'une fois`,
  ownerWithoutEmail: msg`La première personne n'a pas d'adresse e-mail pour recevoir le mot de passe`,
  /** The first owner becomes the agent's first user, and a person stands behind at most one user. */
  ownerAlreadyUser: msg`La première personne est déjà liée à un utilisateur`,
});

/**
 * Why the first owner picked cannot become the agent's first user, as `POST /agents` would answer it; null
 * when the search's answer allows it or says nothing. Said at the pick (decision 214).
 */
export function firstOwnerRefusal(owner: {
  email?: string | null | undefined;
  hasUser?: boolean | undefined;
}): string | null {
  if (owner.email === null || owner.email === '') return agentMessages.ownerWithoutEmail;
  if (owner.hasUser) return agentMessages.ownerAlreadyUser;
  return null;
}

/** Fallbacks of the agent calls, shown when a failure carries no message of the server (SPEC §8 names none). */
const agentFailureTexts = texts({ list: msg`Échec du chargement des agents` });
export const agentFailureMessages = {
  get list() {
    return agentFailureTexts.list;
  },
  /** Suspend, activate, delete: SPEC §8's generic fallback, read when shown (decision 236). */
  get action() {
    return genericMessages.failure;
  },
};

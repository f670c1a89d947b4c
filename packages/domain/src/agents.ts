import { z } from 'zod';
import { plainText } from './text.js';
import { genericMessages } from './errors.js';
import { paginationQuerySchema } from './pagination.js';
import { emailSchema, personSummarySchema } from './persons.js';

export const agentTypeSchema = z.enum(['Business', 'Personal', 'Intern'], { error: 'Type invalide' });
export type AgentType = z.infer<typeof agentTypeSchema>;
export const agentTypeLabels: Record<AgentType, string> = {
  Business: 'Entreprise',
  Personal: 'Particulier',
  Intern: 'Interne',
};

/** `active`, `suspended`, or `inactive` (deletedAt set: SPEC §4 "Agent"). */
export const agentStatusSchema = z.enum(['active', 'suspended', 'inactive']);
export type AgentStatus = z.infer<typeof agentStatusSchema>;
export const agentStatusLabels: Record<AgentStatus, string> = {
  active: 'Actif',
  suspended: 'Suspendu',
  inactive: 'Inactif',
};

export const USERNAME_MIN_LENGTH = 8;

/** Usernames: letters, digits, dot, dash, underscore; at least 8. */
export const usernameSchema = z
  .string({ error: "Le nom d'utilisateur est requis" })
  .trim()
  .min(1, "Le nom d'utilisateur est requis")
  .min(USERNAME_MIN_LENGTH, "Le nom d'utilisateur doit contenir au moins 8 caractères")
  .max(50, "Le nom d'utilisateur ne peut pas dépasser 50 caractères")
  .regex(
    /^[A-Za-z0-9._-]+$/,
    "Le nom d'utilisateur ne peut contenir que des lettres, des chiffres, «\u00a0.\u00a0», «\u00a0-\u00a0» et «\u00a0_\u00a0»",
  );

/** `POST /agents` and the create-agent wizard. */
export const createAgentInputSchema = z.object({
  name: plainText(
    z
      .string({ error: 'Le nom est requis' })
      .trim()
      .min(1, 'Le nom est requis')
      .max(100, 'Le nom ne peut pas dépasser 100 caractères'),
  ),
  address: plainText(
    z
      .string({ error: "L'adresse est requise" })
      .trim()
      .min(1, "L'adresse est requise")
      .max(200, "L'adresse ne peut pas dépasser 200 caractères"),
  ),
  email: emailSchema,
  phone: z
    .string({ error: 'Le téléphone est requis' })
    .trim()
    .min(1, 'Le téléphone est requis')
    .max(30, 'Numéro de téléphone invalide')
    .regex(/^\+(509|1|33)[\d\s-]{6,}$/, 'Numéro de téléphone invalide'),
  type: agentTypeSchema,
  username: usernameSchema,
  personIds: z
    .array(z.string().max(64), { error: 'Les personnes sont requises' })
    .min(1, 'Veuillez sélectionner au moins une personne.')
    .max(5, 'Au plus 5 propriétaires'),
});
export type CreateAgentInput = z.infer<typeof createAgentInputSchema>;

/** `POST /agents/search`. */
export const agentSearchInputSchema = z.object({
  code: plainText(
    z
      .string({ error: "Le code de l'agent est requis" })
      .trim()
      .min(1, "Le code de l'agent est requis")
      .max(40, "Code d'agent invalide"),
  ),
});

/** A text filter of a list's query string: blank means no filter. */
export const optionalQueryText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().max(100, 'Recherche trop longue').optional(),
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
export const agentTexts = {
  /** On an agent's page: funds its float through the agent deposit. */
  fund: 'Approvisionner',
  createdTitle: 'Agent créé',
  createdCode: "Code de l'agent",
  createdIntro: "Notez ce code : il identifie l'agent pour l'approvisionner et dans le journal d'audit.",
  nextSteps: 'Étapes suivantes',
  stepAdministrator: (username: string) =>
    `Son administrateur «\u00a0${username}\u00a0» a été créé : il reçoit par e-mail, à l'adresse du premier propriétaire, un mot de passe temporaire à changer à la première connexion ; il crée ensuite les caissiers de l'agent.`,
  stepFund: 'Approvisionner son compte float : un agent sans float ne peut servir ni dépôts ni paiements.',
  fundLink: "Approvisionner l'agent",
  detailsLink: "Voir la fiche de l'agent",
  anotherLink: 'Créer un autre agent',
  listLink: 'Retour à la liste des agents',
} as const;

/** Messages of the agent calls; the success ones are SPEC §8's, in French. */
export const agentMessages = {
  created: 'Agent enregistré avec succès',
  suspended: 'Agent suspendu avec succès',
  activated: 'Agent réactivé avec succès',
  deleted: 'Agent supprimé avec succès',
  notFound: 'Agent introuvable',
  personNotFound: 'Personne introuvable',
  personRepeated: "Une personne ne peut être sélectionnée qu'une fois",
  ownerWithoutEmail: "La première personne n'a pas d'adresse e-mail pour recevoir le mot de passe",
  /** The first owner becomes the agent's first user, and a person stands behind at most one user. */
  ownerAlreadyUser: 'La première personne est déjà liée à un utilisateur',
} as const;

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
export const agentFailureMessages = {
  list: 'Échec du chargement des agents',
  /** Suspend, activate, delete: SPEC §8's generic fallback, read when shown (decision 236). */
  get action() {
    return genericMessages.failure;
  },
};

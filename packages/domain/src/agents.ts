import { z } from 'zod';
import { emailSchema } from './persons.js';

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

/** Usernames: letters, digits, dot, dash, underscore; at least 8 (SPEC §9). */
export const usernameSchema = z
  .string({ error: "Le nom d'utilisateur est requis" })
  .trim()
  .min(1, "Le nom d'utilisateur est requis")
  .min(USERNAME_MIN_LENGTH, "Le nom d'utilisateur doit contenir au moins 8 caractères")
  .max(50, "Le nom d'utilisateur ne peut pas dépasser 50 caractères")
  .regex(
    /^[A-Za-z0-9._-]+$/,
    "Le nom d'utilisateur ne peut contenir que des lettres, des chiffres, « . », « - » et « _ »",
  );

/** `POST /agents` and the create-agent wizard (SPEC §5 "Agent creation"). */
export const createAgentInputSchema = z.object({
  name: z
    .string({ error: 'Le nom est requis' })
    .trim()
    .min(1, 'Le nom est requis')
    .max(100, 'Le nom ne peut pas dépasser 100 caractères'),
  address: z
    .string({ error: "L'adresse est requise" })
    .trim()
    .min(1, "L'adresse est requise")
    .max(200, "L'adresse ne peut pas dépasser 200 caractères"),
  email: emailSchema,
  phone: z
    .string({ error: 'Le téléphone est requis' })
    .trim()
    .min(1, 'Le téléphone est requis')
    .regex(/^\+(509|1|33)[\d\s-]{6,}$/, 'Numéro de téléphone invalide'),
  type: agentTypeSchema,
  username: usernameSchema,
  personIds: z
    .array(z.string(), { error: 'Les personnes sont requises' })
    .min(1, 'Veuillez sélectionner au moins une personne.')
    .max(5, 'Au plus 5 propriétaires'),
});
export type CreateAgentInput = z.infer<typeof createAgentInputSchema>;

/** `POST /agents/search`. */
export const agentSearchInputSchema = z.object({
  code: z.string({ error: "Le code de l'agent est requis" }).trim().min(1, "Le code de l'agent est requis"),
});

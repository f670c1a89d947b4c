import { z } from 'zod';
import { usernameSchema } from './agents.js';
import { emailSchema, phoneNumberSchema } from './persons.js';
import { roleSchema } from './roles.js';

/** `POST /users` and the create-user wizard (SPEC §5 "Create user"). */
export const createUserInputSchema = z.object({
  role: roleSchema
    .or(z.literal(''))
    .refine((v) => v !== '', 'Le rôle est requis')
    .pipe(roleSchema),
  username: usernameSchema,
  personId: z
    .string({ error: 'Veuillez sélectionner une personne' })
    .min(1, 'Veuillez sélectionner une personne'),
});
export type CreateUserInput = z.infer<typeof createUserInputSchema>;

/** `PUT /users/{id}`: contact fields only (DESIGN §4); they live on the user's person. Other keys are dropped. */
export const updateUserInputSchema = z.object({
  email: emailSchema.optional(),
  phoneNumber: phoneNumberSchema.optional(),
  address: z.string().trim().min(5, "L'adresse doit contenir au moins 5 caractères").max(200).optional(),
  city: z.string().trim().min(1, 'La ville est requise').max(80).optional(),
  state: z.string().trim().min(1, "L'état est requis").max(80).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

/** `POST /users/check-unique/`. */
export const checkUsernameUniqueInputSchema = z.object({
  field: z.literal('username', { error: 'Champ invalide' }),
  value: z.string({ error: 'Valeur requise' }).trim().min(1, 'Valeur requise'),
});

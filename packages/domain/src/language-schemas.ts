import { z } from 'zod';
import { defaultLanguage, languages } from './languages.js';

/** A language of Lajan (decision 237): `fr` or `ht`. */
export const languageSchema = z.enum(languages, { error: 'Langue invalide' });
/** A language that may be left out: French then (a person's, a session's from before decision 237). */
export const languageOrDefaultSchema = languageSchema.default(defaultLanguage);

/** `PUT /auth/user/language`: the signed-in user's own language. */
export const changeLanguageInputSchema = z.object({ language: languageSchema });
export type ChangeLanguageInput = z.infer<typeof changeLanguageInputSchema>;

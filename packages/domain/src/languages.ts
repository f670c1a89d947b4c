// Without zod, like sign-in.ts: the sign-in page reads a user's language and negotiates one before anyone
// signs in (decisions 145, 237). The schema is in `language-schemas.ts`.

/** The languages Lajan speaks: French, the default and SPEC's, and Haitian Creole (decision 237). */
export const languages = ['fr', 'ht'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'fr';

/** Each language by its own name, as a language choice shows it whatever the screen's language. */
export const languageNames: Record<Language, string> = { fr: 'Français', ht: 'Kreyòl' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The language of a language range's primary subtag ("ht-HT" → ht, "fr-CA" → fr), or undefined. */
function languageOfRange(range: string): Language | undefined {
  const primary = range.split('-')[0]!.toLowerCase();
  return isLanguage(primary) ? primary : undefined;
}

/** A range's weight: `q=` between 0 and 1 with at most three decimals (RFC 9110 §12.4.2), else undefined. */
function weightOf(parameters: string[]): number | undefined {
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=').map((part) => part.trim());
    if (name.toLowerCase() !== 'q') continue;
    if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value)) return undefined;
    return Number(value);
  }
  return 1;
}

/**
 * The language an `Accept-Language` header asks for (decision 237): the known language of highest weight,
 * the earlier one at equal weight; `q=0` refuses a language. `ht`, `ht-HT` → ht; `fr`, `fr-*` → fr; `*`, any
 * other language, no header or a malformed one → French.
 */
export function negotiateLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return defaultLanguage;
  let best: { language: Language; weight: number } | undefined;
  // A header longer than any browser's is read no further than its first 1 000 characters.
  for (const item of acceptLanguage.slice(0, 1000).split(',')) {
    const [range = '', ...parameters] = item.split(';').map((part) => part.trim());
    const language = languageOfRange(range);
    const weight = weightOf(parameters);
    if (!language || weight === undefined || weight === 0) continue;
    if (!best || weight > best.weight) best = { language, weight };
  }
  return best?.language ?? defaultLanguage;
}

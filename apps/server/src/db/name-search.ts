import { foldForSearch } from '@lajan/domain';
import { sql, type SQL } from 'drizzle-orm';
import { persons } from './schema.js';

/** `%`, `_` and `\` are wildcards of LIKE: a search term is matched as typed, anywhere in the text. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `text` holds `term`, with case and accents set aside (decision 175): the text through the database's
 * `lajan_fold`, the term through the domain's `foldForSearch`, the same table of letters; or, for the
 * letters that table does not know (Œ, Š…), as `ILIKE` compares them.
 */
export function nameHolds(text: SQL, term: string): SQL {
  const pattern = likePattern(term);
  return sql`(lajan_fold(${text}) like ${foldForSearch(pattern)} or ${text} ilike ${pattern})`;
}

/**
 * A person's name holds `term`, first name then last name or the other way round: "first last first"
 * holds both orders, and each name alone.
 */
export function personNameHolds(term: string): SQL {
  return nameHolds(
    sql`(${persons.firstName} || ' ' || ${persons.lastName} || ' ' || ${persons.firstName})`,
    term,
  );
}

import { foldForSearch } from '@lajan/domain';
import { sql, type SQL } from 'drizzle-orm';
import { persons } from './schema.js';

/** `%`, `_` and `\` are wildcards of LIKE: a search term is matched as typed, anywhere in the text. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A person's name holds `term`, first name then last name or the other way round, with case and accents
 * set aside on both sides ("desir" finds "Désir", "JOSÉ" finds "Jose"; decision 175): the column through
 * the database's `lajan_fold`, the term through the domain's `foldForSearch`, the same table of letters.
 */
export function personNameHolds(term: string): SQL {
  const pattern = foldForSearch(likePattern(term));
  return sql`(lajan_fold(${persons.firstName}) like ${pattern}
    or lajan_fold(${persons.lastName}) like ${pattern}
    or lajan_fold(${persons.firstName} || ' ' || ${persons.lastName}) like ${pattern}
    or lajan_fold(${persons.lastName} || ' ' || ${persons.firstName}) like ${pattern})`;
}

import type { z } from 'zod';

export const textMessages = {
  forbiddenCharacters: 'Caractères non autorisés',
} as const;

/**
 * Characters a name, an address or a free-text field never needs, and which can do harm where the
 * text goes next (an e-mail, a CSV export, a log line, a screen): control characters (C0 with tabs
 * and line breaks, DEL, C1), format characters (bidirectional marks, embeddings, overrides and
 * isolates, U+061C, zero-width spaces and joiners, the byte-order mark, the soft hyphen), the Unicode
 * line and paragraph separators, and lone surrogates.
 */
const forbiddenCharacters = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** True when `value` holds none of the characters above. */
export function isPlainText(value: string): boolean {
  return !forbiddenCharacters.test(value);
}

/**
 * The one guard of every name, address and free-text field of the domain's input schemas: the
 * string schema refuses control and bidirectional characters with a French message. Applied after
 * the schema's own `trim()`, so that a line break at either end is only trimmed.
 */
export function plainText<S extends z.ZodString>(schema: S): S {
  return schema.refine(isPlainText, textMessages.forbiddenCharacters);
}

/**
 * How a name is compared in a search: case and accents set aside, so that "desir" finds "Désir" and
 * "JOSEPH" finds "Joseph" (decision 175). Letter for letter, the same table as the database's
 * `lajan_fold` (migration 0025), which folds the stored names and their indexes: a test holds the two
 * equal. Only these letters: a fold that knows no more than the database's cannot disagree with it.
 * The combining accents (U+0300–U+036F) have no letter in `searchFoldTo`: they are deleted, so that a
 * name typed or stored decomposed ("De" + U+0301 + "sir") folds as the precomposed one.
 */
const COMBINING_ACCENTS = Array.from({ length: 0x70 }, (_, index) => String.fromCharCode(0x300 + index)).join(
  '',
);
export const searchFoldFrom = `ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝŸýÿÇçÑñŠšŽž${COMBINING_ACCENTS}`;
export const searchFoldTo =
  'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooooouuuuuuuuyyyyccnnsszz';

const searchFoldTable = new Map(
  [...searchFoldFrom].map((letter, index) => [letter, searchFoldTo[index] ?? '']),
);

/** `text` as a search compares it: each letter of `searchFoldFrom` by its plain lower-case letter, or none. */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const letter of text) folded += searchFoldTable.get(letter) ?? letter;
  return folded;
}

import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import { texts } from './i18n.js';

export const textMessages = texts({
  forbiddenCharacters: msg`Caractères non autorisés`,
});

/**
 * Characters no name, address or free text needs, which can do harm where the text goes next (an e-mail, a
 * CSV, a log line): control and format characters (bidirectional marks, zero-width), line separators, lone
 * surrogates.
 */
const forbiddenCharacters = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/**
 * The rule above as the OpenAPI document's `pattern`, in escapes every regex dialect reads, ends `trim()` takes
 * aside; above the Basic Multilingual Plane and for lone surrogates, said in words (decision 234, a test).
 */
const trimmedEnds =
  '[\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]*';
export const PLAIN_TEXT_PATTERN = `^${trimmedEnds}[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890-\\u0891\\u08E2\\u180E\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB]*${trimmedEnds}$`;

/** True when `value` holds none of the characters above. */
export function isPlainText(value: string): boolean {
  return !forbiddenCharacters.test(value);
}

/**
 * The one guard of every name, address and free-text field of the domain's input schemas: the
 * string schema refuses control and bidirectional characters with a message read at parse time. Applied after
 * the schema's own `trim()`, so that a line break at either end is only trimmed.
 */
export function plainText<S extends z.ZodString>(schema: S): S {
  return schema.refine(isPlainText, { error: () => textMessages.forbiddenCharacters }).meta({ pattern: PLAIN_TEXT_PATTERN });
}

/**
 * A name folded for search, case and accents set aside (decision 175), by the same table as the database's
 * `lajan_fold`, which a test holds equal: a fold that knows no more cannot disagree with it. Combining
 * accents are deleted, so a decomposed name folds as the precomposed one.
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

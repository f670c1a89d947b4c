import { randomInt } from 'node:crypto';

/**
 * The letters of an agent's code: the first three letters of its name, without accents, in upper
 * case ("Épicerie Saint-Marc" → "EPI"), padded with X for a name of fewer letters.
 */
export function codePrefix(name: string): string {
  const letters = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  return (letters + 'XXX').slice(0, 3);
}

/**
 * A readable code: three letters of the name and random digits ("EPI042"). Short
 * enough to read over the phone; the database's unique index decides a collision, and the caller
 * tries another.
 */
export function candidateCode(name: string, digits = 3): string {
  const number = randomInt(10 ** digits)
    .toString()
    .padStart(digits, '0');
  return `${codePrefix(name)}${number}`;
}

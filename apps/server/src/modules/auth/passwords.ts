import { randomInt } from 'node:crypto';
import { authMessages } from '@lajan/domain';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnFr from '@zxcvbn-ts/language-fr';
import { ValidationFailed } from '../../http/errors.js';
import { commonPasswords } from './common-passwords.js';

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1): about 6 ms a hash here. */
export const passwordHashParameters = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashParameters);
}

/**
 * True when a stored hash was made with other settings than today's (another algorithm, less
 * memory or time): the sign-in that has just verified it rehashes the password (ASVS 11.2.2), so
 * that a change of settings reaches every user who signs in, without a reset.
 */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [, memory, time, parallelism] = match.map(Number);
  return (
    memory !== passwordHashParameters.memoryCost ||
    time !== passwordHashParameters.timeCost ||
    parallelism !== passwordHashParameters.parallelism
  );
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a crash of the sign-in.
    return false;
  }
}

/**
 * A hash of a password nobody knows, checked when the username does not exist so that a
 * sign-in takes as long for an unknown user as for a known one.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  return (decoyHash ??= hash(generatePassword()));
}

/** No 0/O, 1/l/I: a temporary password is read from an e-mail and typed by hand. */
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A random password (temporary passwords, the generated super-administrator password): 22
 * characters of a 57-symbol alphabet carry 128 bits (ASVS 11.5.1).
 */
export function generatePassword(length = 22): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** True when `password` is in the list of common passwords, whatever its case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** Lower case, without accents or anything but letters and digits: "Rose-Merline" → "rosemerline". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Who chooses the password: its username and its person's names are the first words a guess tries. */
export interface PasswordOwner {
  username: string;
  person: { firstName: string; lastName: string; email?: string | null };
}

/** Lajan's own words: the first a guess of a Lajan password tries (decision 203). */
const lajanWords = ['lajan', 'haiti', 'ayiti', 'ayisyen', 'haitien', 'gourde', 'gourdes', 'htg', 'banque'];

/** zxcvbn's score (0–4) a new password must reach: 3, "safely unguessable" (≈10^8 guesses and more). */
export const MIN_PASSWORD_SCORE = 3;

/** Built on first use: its dictionaries are slow to load, so once per process. */
let judge: ZxcvbnFactory | undefined;
function passwordJudge(): ZxcvbnFactory {
  return (judge ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnFr.dictionary, lajan: lajanWords },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnFr.translations,
  }));
}

/**
 * zxcvbn's score of a password, with the owner's username, names and e-mail as words to guess first.
 * Only the first 100 characters are judged: a longer password is strong by its length, and the judge's
 * time grows with it.
 */
export function passwordScore(password: string, owner?: PasswordOwner): number {
  const userInputs = owner
    ? [owner.username, owner.person.firstName, owner.person.lastName, owner.person.email ?? '']
        .flatMap((word) => [word, ...word.split(/[@._-]/)])
        .filter((word) => word.length >= 3)
    : [];
  return passwordJudge().check(password.slice(0, 100), userInputs).score;
}

/**
 * A new password is refused when it is common, holds the user's own names (ASVS 6.2.11), or zxcvbn scores it
 * below 3 (decision 203): `password1234` passed the list alone.
 */
export function assertNotCommon(password: string, owner?: PasswordOwner): void {
  if (isCommonPassword(password)) {
    throw new ValidationFailed({ password: [authMessages.commonPassword] });
  }
  if (!owner) return;
  const candidate = folded(password);
  const words = [owner.username, owner.person.firstName, owner.person.lastName].map(folded);
  if (words.some((word) => word.length >= 4 && candidate.includes(word))) {
    throw new ValidationFailed({ password: [authMessages.personalPassword] });
  }
  if (passwordScore(password, owner) < MIN_PASSWORD_SCORE) {
    throw new ValidationFailed({ password: [authMessages.weakPassword] });
  }
}

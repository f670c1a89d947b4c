import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceTexts, specForbiddenSourceTexts } from './helpers/user-texts.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const server = resolve(root, 'apps/server/src');

// Decision 134: none of SPEC's English or misspelled texts is in a message the server may answer.
describe("SPEC's English and misspelled texts", () => {
  it('are in no text of the server sources', () => {
    // The list of common passwords holds English words ("passport", "transfer") that no one reads.
    expect(
      specForbiddenSourceTexts(server, root, ['apps/server/src/modules/auth/common-passwords.ts']),
    ).toEqual([]);
  });

  it('the scan reads the server texts', () => {
    expect(
      sourceTexts(server, root)
        .map(({ text }) => text)
        .join('\n'),
    ).toMatch(/[éèà]/);
  });
});

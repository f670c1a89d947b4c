import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceTexts, specForbiddenSourceTexts } from './test/user-texts';

// Vitest runs in apps/web (happy-dom's import.meta.url is not a file URL).
const root = resolve(process.cwd(), '../..');
const web = resolve(root, 'apps/web/src');
const domain = resolve(root, 'packages/domain/src');
const server = resolve(root, 'apps/server/src');

// Decision 134: none of SPEC's English or misspelled texts is written anywhere a screen or an answer takes
// its texts from. One scan for the three trees (the web, the domain, the server), kept with the web's tests.
describe("SPEC's English and misspelled texts", () => {
  it('are in no text of the web sources', () => {
    expect(specForbiddenSourceTexts(web, root)).toEqual([]);
  });

  it("are in no text of the domain's sources but the list itself", () => {
    const found = specForbiddenSourceTexts(domain, root).filter(
      (line) => !line.startsWith('packages/domain/src/spec-texts.ts'),
    );
    expect(found).toEqual([]);
  });

  it('are in no message the server may answer', () => {
    // The list of common passwords holds English words ("passport", "transfer") that no one reads; the
    // spool's mail headers are RFC 2045's, read by mail programs.
    expect(
      specForbiddenSourceTexts(server, root, [
        'apps/server/src/modules/auth/common-passwords.ts',
        'apps/server/src/mail/spool.ts',
      ]),
    ).toEqual([]);
    expect(
      sourceTexts(server, root)
        .map(({ text }) => text)
        .join('\n'),
    ).toMatch(/[éèà]/);
  });

  it('the scan reads JSX text, literals and templates', () => {
    const texts = sourceTexts(web, root).map(({ text }) => text);
    expect(texts).toContain('Exporter en CSV');
    expect(texts).toContain('Tableau de Bord');
  });
});

// French typography: a guillemet holds to its words by a no-break space, so that a line never breaks between
// « and what it quotes (a 360 px screen did, in the username rules).
describe('the guillemets of every text a screen, an answer or a mail shows', () => {
  it('hold to their words', () => {
    const broken = [
      ...sourceTexts(web, root),
      ...sourceTexts(domain, root),
      ...sourceTexts(server, root).filter(
        ({ file }) => file.startsWith('apps/server/src/mail/') || file.endsWith('/messages.ts'),
      ),
    ]
      .filter(({ text }) => /« | »/.test(text))
      .map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(broken).toEqual([]);
  });
});

import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as kreyol } from '../../../locales/ht/domain-admin.po';
import * as domain from './index.js';
import { audienceOf, roleLabels } from './roles.js';

/** How the data names a teller: `role` `user`, `agent.role` `agent`, the permission table's `teller`. */
const tellerKeys = new Set(['user', 'agent', 'teller']);

/** « agent » as a word, any case: the cash point's name (DESIGN §3), never the teller's (decision 213). */
const agentWord = /(?<![\p{L}_])agents?(?![\p{L}_])/iu;
/** Its Kreyòl, « ajan » (docs/glossary-kreyol.md): the cash point again, never the teller. */
const ajanWord = /(?<![\p{L}_])ajan(?![\p{L}_])/iu;

/** Every map of the domain that names roles: an exported object of texts whose export name says "role". */
function roleMaps(): [string, Record<string, string>][] {
  return Object.entries(domain).flatMap(([name, value]) =>
    /role/i.test(name) &&
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !('_zod' in value) &&
    Object.values(value).every((text) => typeof text === 'string')
      ? [[name, value as Record<string, string>]]
      : [],
  );
}

/** Every text the domain exports, in objects and arrays, and built by its one- or two-argument messages. */
function exportedTexts(): { path: string; text: string }[] {
  const texts: { path: string; text: string }[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') texts.push({ path, text: value });
    else if (
      typeof value === 'function' &&
      value.length <= 2 &&
      !/^[A-Z]/.test(path.split('.').pop() ?? '')
    ) {
      try {
        const built: unknown = (value as (...args: string[]) => unknown)('jean', 'PIERRE');
        if (typeof built === 'string') texts.push({ path: `${path}()`, text: built });
      } catch {
        // A helper that needs other arguments: nothing to read.
      }
    } else if (value && typeof value === 'object' && !seen.has(value) && !('_zod' in value)) {
      seen.add(value);
      for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`);
    }
  };
  for (const [name, value] of Object.entries(domain)) walk(value, name);
  return texts;
}

describe('one word per role (DESIGN §3, decision 213)', () => {
  it('names the teller « Caissier », beside the administrator and the super administrator', () => {
    expect(roleLabels).toEqual({
      sudo: 'Super administrateur',
      agent_admin: 'Administrateur',
      user: 'Caissier',
    });
    const teller = {
      isSuperAdmin: false,
      role: 'user',
      agent: { code: 'CAP01', name: 'Cap', role: 'agent' },
    } as const;
    expect(audienceOf(teller)).toBe('teller');
    expect(roleLabels[teller.role]).toBe('Caissier');
  });

  it('no role map of the domain calls the teller « agent »', () => {
    const maps = roleMaps();
    expect(maps.map(([name]) => name)).toContain('roleLabels');
    const tellerTexts = maps.flatMap(([name, map]) =>
      Object.entries(map)
        .filter(([key]) => tellerKeys.has(key))
        .map(([key, text]) => ({ path: `${name}.${key}`, text })),
    );
    expect(tellerTexts).not.toEqual([]);
    for (const { path, text } of tellerTexts) expect(text, path).not.toMatch(agentWord);
    // No role's label says « agent » either: « Administrateur », not « Agent administrateur ».
    for (const [name, map] of maps)
      for (const [key, text] of Object.entries(map)) expect(text, `${name}.${key}`).not.toMatch(agentWord);
    // Nor does any other text: « Rôle : Agent », « des agents (user) ».
    const asRole = /r[ôo]le\s*(?::|«|\u00a0)*\s*agents?(?![\p{L}_])|agents?\s*\((?:user|r[ôo]le)/iu;
    const found = exportedTexts()
      .filter(({ text }) => asRole.test(text))
      .map(({ path, text }) => `${path}: ${text}`);
    expect(found).toEqual([]);
  });
});

describe('one word per role in Kreyòl (glossary: « caissier » is « kesye »)', () => {
  afterEach(() => i18n.activate('fr'));

  it('names the teller « Kesye » in every role map, and no role « ajan »', () => {
    i18n.load('ht', kreyol);
    i18n.activate('ht');
    expect(roleLabels).toEqual({ sudo: 'Sipè administratè', agent_admin: 'Administratè', user: 'Kesye' });
    const maps = roleMaps();
    expect(maps.map(([name]) => name)).toContain('roleLabels');
    for (const [name, map] of maps) {
      for (const [key, text] of Object.entries(map)) {
        expect(text, `${name}.${key}`).not.toMatch(ajanWord);
        expect(text, `${name}.${key}`).not.toMatch(agentWord);
      }
    }
    // Nor any other Kreyòl text of the domain: « Wòl : Ajan », « ajan (user) ».
    const asRole = /w[òo]l\s*(?::|«|\u00a0)*\s*ajan(?![\p{L}_])|ajan\s*\((?:user|w[òo]l)/iu;
    const found = exportedTexts()
      .filter(({ text }) => asRole.test(text))
      .map(({ path, text }) => `${path}: ${text}`);
    expect(found).toEqual([]);
    // The teller's word in the declarations' screen and in the audit trail follows the same glossary.
    expect(domain.declarationTexts.teller).toBe('Kesye');
    expect(domain.auditActionLabel('drawer.closed_by_administrator')).toBe(
      'Yon administratè fèmen kès yon kesye',
    );
  });

  it("says the admin screens' messages and the forms' errors in Kreyòl once chosen, in French again after", () => {
    i18n.load('ht', kreyol);
    i18n.activate('ht');
    expect(domain.userMessages.created).toBe('Itilizatè a kreye');
    expect(domain.agentStatusLabels.suspended).toBe('Sispandi');
    expect(domain.agentTexts.stepAdministrator('jdupont')).toContain('«\u00a0jdupont\u00a0»');
    const refused = domain.createUserInputSchema.safeParse({ role: '', username: 'jdupont1', personId: '' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Ou dwe chwazi yon wòl',
      'Tanpri chwazi yon moun',
    ]);
    i18n.activate('fr');
    expect(domain.userMessages.created).toBe('Utilisateur créé avec succès');
  });
});

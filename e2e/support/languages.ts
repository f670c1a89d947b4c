import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Locator, Page } from '@playwright/test';
import pseudolocale from 'pseudolocale';
import { expect } from './lajan.js';
import { kreyolDayNames, kreyolMonthNames, languageNames } from '@lajan/domain';

/*
 * The screens' texts in each language from the app's catalogues (decision 236): selectors name what a screen
 * shows, and checks find French on a Kreyòl screen (a missing key falls back to it) or unmarked pseudo text.
 */

export type ScreenLanguage = 'fr' | 'ht' | 'pseudo';

/** The app's catalogues, read unless a test of these helpers reads its own (`useCatalogues`). */
export const appLocales = fileURLToPath(new URL('../../locales', import.meta.url));
let localesDir = appLocales;

/** One entry of a `.po` file: its French `msgid` and its translation (empty when not translated yet). */
export interface PoEntry {
  msgid: string;
  msgstr: string;
  context?: string;
  file: string;
}

/** A `"…"` string of a `.po` file, its C escapes undone. */
function unquote(quoted: string, where: string): string {
  if (!/^".*"$/.test(quoted)) throw new Error(`${where} : chaîne attendue, lu ${quoted}`);
  const escapes: Record<string, string> = {
    n: '\n',
    t: '\t',
    r: '\r',
    '"': '"',
    '\\': '\\',
    a: '\x07',
    b: '\b',
    f: '\f',
    v: '\v',
  };
  return quoted.slice(1, -1).replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, code: string) => {
    if (code.startsWith('x')) return String.fromCharCode(parseInt(code.slice(1), 16));
    if (/^[0-7]+$/.test(code)) return String.fromCharCode(parseInt(code, 8));
    return escapes[code] ?? code;
  });
}

/**
 * The entries of a `.po` file: `msgctxt`, `msgid`, `msgstr` (and `msgstr[0]`), each string on one or more
 * lines; comments, flags and obsolete entries (`#~`) skipped, as is the header (the empty `msgid`).
 */
export function parsePo(text: string, file = 'catalogue'): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: Partial<Record<'msgctxt' | 'msgid' | 'msgstr', string>> = {};
  let field: 'msgctxt' | 'msgid' | 'msgstr' | 'other' | null = null;
  const flush = () => {
    if (current.msgid) {
      entries.push({ msgid: current.msgid, msgstr: current.msgstr ?? '', context: current.msgctxt, file });
    }
    current = {};
    field = null;
  };
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const where = `${file}:${index + 1}`;
    if (line === '') return flush();
    if (line.startsWith('#')) {
      // A comment after a complete entry starts the next one.
      if (current.msgstr !== undefined) flush();
      return;
    }
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$/.exec(line);
    if (keyword) {
      const [, name = '', index_, value = '""'] = keyword;
      if (name === 'msgctxt' || (name === 'msgid' && current.msgstr !== undefined)) flush();
      if (name === 'msgctxt' || name === 'msgid') field = name;
      else if (name === 'msgstr' || index_ === '0') field = 'msgstr';
      else field = 'other';
      if (field !== 'other') current[field] = unquote(value, where);
      return;
    }
    if (line.startsWith('"')) {
      if (field === null) throw new Error(`${where} : suite de chaîne hors d'une entrée`);
      if (field !== 'other') current[field] = (current[field] ?? '') + unquote(line, where);
      return;
    }
    throw new Error(`${where} : ligne illisible : ${line}`);
  });
  flush();
  return entries;
}

const catalogues = new Map<ScreenLanguage, Map<string, PoEntry>>();

/** Every `locales/<language>/*.po`, by `msgid` (the French). */
export function catalogue(language: ScreenLanguage): Map<string, PoEntry> {
  let entries = catalogues.get(language);
  if (!entries) {
    entries = new Map();
    const dir = join(localesDir, language);
    for (const name of readdirSync(dir)
      .filter((file) => file.endsWith('.po'))
      .sort()) {
      const file = `${language}/${name}`;
      for (const entry of parsePo(readFileSync(join(dir, name), 'utf8'), file)) {
        // A text in a context of its own (an SMS's) gives way to the screens' one of the same French.
        const known = entries.get(entry.msgid);
        if (!known || (known.context && !entry.context)) entries.set(entry.msgid, entry);
      }
    }
    catalogues.set(language, entries);
  }
  return entries;
}

/** The catalogues read from `dir` from now on (a test of these helpers has its own). */
export function useCatalogues(dir: string): void {
  localesDir = dir;
  catalogues.clear();
  formatters.clear();
  foreignMatchers.clear();
}

// As lingui.config.ts's `pseudoLocale` and @lingui/cli's pseudoLocalize (which needs Node 22, CI's e2e runs
// on 20): each piece of literal text accented and marked, its tags and variables left as they are.
const PSEUDO = { prepend: '⟦', append: '⟧', extend: 0 };
const delimiter = '%&&&%';
const htmlTag = /<\/?\w+((\s+\w+(\s*=\s*(?:".*?"|'.*?'|[^'">\s]+))?)+\s*|\s*)\/?>/g;
const icuChoice = /({\w*,\s*(plural|selectordinal|select),(.|\n)*?{)|(}\s*\w*\s*{)/gi;
const icuVariable = /({\s*[a-zA-Z_$][a-zA-Z_$0-9]*\s*})/g;

function pseudoLocalize(text: string): string {
  const fenced = [htmlTag, icuChoice, icuVariable].reduce(
    (message, pattern) => message.replace(pattern, (found) => `${delimiter}${found}${delimiter}`),
    text,
  );
  return pseudolocale(fenced, { ...PSEUDO, delimiter }).replaceAll(delimiter, '');
}

const formatters = new Map<ScreenLanguage, I18n>();

function formatter(language: ScreenLanguage): I18n {
  let i18n = formatters.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: {} } });
    formatters.set(language, i18n);
  }
  return i18n;
}

/** Lingui's `<0>…</0>` around the parts a `<Trans>` puts in elements: a screen shows their text only. */
function withoutTags(text: string): string {
  return text.replace(/<\/?\d+\/?>/g, '');
}

const placeholder = /\{\s*(\w+)\s*\}/g;

/** A message with its plain placeholders unnamed: `Code {code}` and `Code {0}` are one text. */
function shapeOf(message: string): string {
  return message.replace(placeholder, '{}');
}

function namesIn(message: string): string[] {
  return [...message.matchAll(placeholder)].map(([, name = '']) => name);
}

/**
 * The catalogue's entry of `french`, or of the one text written as it with other placeholder names (the
 * code's variables name them): then each value given by the name in `french` goes to its namesake by place.
 */
function knownIn(
  language: 'ht' | 'pseudo',
  french: string,
): { entry: PoEntry; renamed: Map<string, string> } {
  const entries = catalogue(language);
  const exact = entries.get(french);
  if (exact) return { entry: exact, renamed: new Map() };
  const shape = shapeOf(french);
  const alike = french.includes('{')
    ? [...entries.values()].filter((entry) => shapeOf(entry.msgid) === shape)
    : [];
  if (alike.length === 1 && alike[0]) {
    const theirs = namesIn(alike[0].msgid);
    return {
      entry: alike[0],
      renamed: new Map(namesIn(french).map((name, index) => [name, theirs[index] ?? name])),
    };
  }
  throw new Error(
    `tr : « ${french} » n'est dans aucun catalogue locales/${language}/*.po : un texte écrit sans macro, ` +
      `pas encore extrait (npm run i18n:extract), ou écrit autrement dans le code`,
  );
}

/**
 * What a screen in `language` shows for the `msgid` `french`, `values` in its placeholders: in Kreyòl its
 * `msgstr` or, untranslated, the French; in pseudo marked `⟦…⟧`. A text in no catalogue throws but in French.
 */
export function tr(french: string, language: ScreenLanguage, values: Record<string, unknown> = {}): string {
  let id = french;
  let source = french;
  let named = values;
  let mapText: ((text: string) => string) | undefined;
  if (language !== 'fr') {
    const { entry, renamed } = knownIn(language, french);
    id = entry.msgid;
    source = language === 'ht' && entry.msgstr ? entry.msgstr : entry.msgid;
    named = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [renamed.get(name) ?? name, value]),
    );
    if (language === 'pseudo') mapText = pseudoLocalize;
  }
  const i18n = formatter(language);
  i18n.load(language, { [id]: compileMessage(source, mapText) });
  return withoutTags(i18n._(id, named));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pattern of the text `tr` gives, each placeholder whose value a test does not know (a number the
 * server chose) matching anything: `trPattern('Code de retrait {code}', lang)`. Give the values of plurals.
 */
export function trPattern(
  french: string,
  language: ScreenLanguage,
  values: Record<string, unknown> = {},
  { exact = true } = {},
): RegExp {
  const unknown = new Map<string, string>();
  const filled: Record<string, unknown> = { ...values };
  for (const [, name = ''] of french.matchAll(/\{\s*(\w+)\s*\}/g)) {
    if (name in filled) continue;
    const sentinel = `\u0001${unknown.size}\u0001`;
    unknown.set(sentinel, name);
    filled[name] = sentinel;
  }
  let pattern = escapeRegExp(tr(french, language, filled));
  for (const sentinel of unknown.keys()) pattern = pattern.replaceAll(sentinel, '(.+?)');
  pattern = pattern.replace(/ /g, '[\\s\\u00a0\\u202f]+');
  return new RegExp(exact ? `^${pattern}$` : pattern);
}

/** Whitespace as one space, no-break spaces included, trimmed. */
function normalize(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

/**
 * A pattern of every text an ICU message may show: each `{value}` anything, each plural or select any of
 * its branches, `#` a number, `<0>` tags dropped; whitespace as the page's normalized text has it.
 */
export function icuToRegExp(message: string): RegExp {
  let at = 0;
  const parse = (inChoice: boolean): string => {
    let out = '';
    while (at < message.length) {
      const char = message[at]!;
      if (char === '}') return out;
      if (char === '{') {
        at += 1;
        const name = /^\s*(\w+)\s*(,\s*(\w+)\s*,?)?/.exec(message.slice(at));
        at += name?.[0].length ?? 0;
        if (!name?.[2] || !/^(plural|selectordinal|select)$/.test(name[3] ?? '')) {
          // A plain value, or a formatted one ({n, number}): skip to its brace.
          let depth = 1;
          while (at < message.length && depth > 0) {
            if (message[at] === '{') depth += 1;
            if (message[at] === '}') depth -= 1;
            at += 1;
          }
          out += '(.+?)';
          continue;
        }
        const branches: string[] = [];
        while (at < message.length && message[at] !== '}') {
          const key = /^\s*(offset:\s*\d+|=?\w+)\s*/.exec(message.slice(at));
          if (!key) break;
          at += key[0].length;
          if (key[1]?.startsWith('offset')) continue;
          if (message[at] !== '{') break;
          at += 1;
          branches.push(parse(true));
          at += 1; // its closing brace
          while (/\s/.test(message[at] ?? '')) at += 1;
        }
        at += 1; // the choice's closing brace
        out += `(?:${branches.join('|')})`;
        continue;
      }
      const tag = /^<\/?\d+\/?>/.exec(message.slice(at));
      if (tag) {
        at += tag[0].length;
        continue;
      }
      if (char === '#' && inChoice) out += '[\\d\\s\\u00a0\\u202f,.−-]+';
      else if (/[\s\u00a0\u202f]/.test(char)) out += '\\s*';
      else out += escapeRegExp(char);
      at += 1;
    }
    return out;
  };
  return new RegExp(`^\\s*${parse(false)}\\s*$`, 'u');
}

/** What a person reads of a screen, one piece a text node, element, attribute, option or title. */
interface Piece {
  /** Its text, whitespace normalized. */
  text: string;
  /** In the pseudo-language: its parts outside every `⟦…⟧`. */
  outside: string;
  /** Where it is: `button`, `h1[aria-label]`, `title`… */
  where: string;
  kind: 'text' | 'block' | 'attribute' | 'option' | 'title';
}

// The page's own objects, as this function runs in the browser (the e2e package has no DOM library).
interface DomElement {
  tagName: string;
  parentElement: DomElement | null;
  childNodes: ArrayLike<DomNode>;
  textContent: string | null;
  getAttribute(name: string): string | null;
  checkVisibility(options?: Record<string, boolean>): boolean;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  closest(selector: string): DomElement | null;
}
interface DomNode {
  nodeType: number;
  nodeValue: string | null;
  parentElement: DomElement | null;
}
interface DomDocument {
  title: string;
  body: DomElement;
  createTreeWalker(root: DomElement, show: number): { nextNode(): DomNode | null };
}
interface DomWindow {
  document: DomDocument;
  getComputedStyle(element: DomElement): { display: string };
}

/** Runs in the page: every text a person reads under `scope` but inside `skip` (the title with the body's). */
function readScreen(
  scope: DomElement,
  { skip, printed }: { skip: string | null; printed: boolean },
): Piece[] {
  const window = globalThis as unknown as DomWindow;
  const document = window.document;
  const root = scope === document.body ? null : scope;
  const pieces: Piece[] = [];
  const clean = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  const skipped = new Set([
    'SCRIPT',
    'STYLE',
    'NOSCRIPT',
    'TEMPLATE',
    'TEXTAREA',
    'OPTION',
    'OPTGROUP',
    'SELECT',
  ]);
  /** The parts of `text` outside every ⟦…⟧, from a depth of marks already open. */
  const outsideOf = (text: string, depthAtStart: number) => {
    let depth = depthAtStart;
    let outside = '';
    for (const char of text) {
      if (char === '⟦') depth += 1;
      else if (char === '⟧') depth = Math.max(0, depth - 1);
      else if (depth === 0) outside += char;
    }
    return { outside, depth };
  };
  const describe = (element: DomElement) => {
    const role = element.getAttribute('role');
    return element.tagName.toLowerCase() + (role ? `[role=${role}]` : '');
  };
  // A <Trans> splits one marked text over several nodes: a node's marks are counted from its block's start.
  const blockOf = (element: DomElement): DomElement => {
    let block = element;
    while (
      block !== scope &&
      block.parentElement &&
      /^(inline|contents)$/.test(window.getComputedStyle(block).display)
    ) {
      block = block.parentElement;
    }
    return block;
  };
  const depthBefore = new Map<DomNode, number>();
  const blocksDone = new Set<DomElement>();
  const measureBlock = (block: DomElement) => {
    if (blocksDone.has(block)) return;
    blocksDone.add(block);
    const walker = document.createTreeWalker(block, 4);
    let depth = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      depthBefore.set(node, depth);
      depth = outsideOf(node.nodeValue ?? '', depth).depth;
    }
    const text = clean(block.textContent ?? '');
    if (text && text.length <= 400 && block.childNodes.length > 1) {
      pieces.push({ text, outside: '', where: describe(block), kind: 'block' });
    }
  };
  const walker = document.createTreeWalker(scope, 4);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const text = clean(node.nodeValue ?? '');
    if (!parent || !text || !/\p{L}/u.test(text)) continue;
    let skipped_ = false;
    for (let element: DomElement | null = parent; element; element = element.parentElement) {
      if (skipped.has(element.tagName)) skipped_ = true;
      if (element === scope) break;
    }
    if (skipped_ || (skip && parent.closest(skip)) || !parent.checkVisibility({ visibilityProperty: true }))
      continue;
    const block = blockOf(parent);
    measureBlock(block);
    const { outside } = outsideOf(node.nodeValue ?? '', depthBefore.get(node) ?? 0);
    pieces.push({ text, outside: clean(outside), where: describe(parent), kind: 'text' });
  }
  const attributes = [
    'aria-label',
    'aria-placeholder',
    'aria-roledescription',
    'aria-valuetext',
    'placeholder',
    'title',
    'alt',
    'label',
  ];
  if (printed) return pieces;
  const elements = [scope, ...Array.from(scope.querySelectorAll('*'))];
  for (const element of elements) {
    if (skip && element.closest(skip)) continue;
    const visible = element.checkVisibility({ visibilityProperty: true });
    if (element.tagName === 'SELECT' && visible) {
      for (const option of Array.from(element.querySelectorAll('option, optgroup'))) {
        const text = clean(
          option.tagName === 'OPTION' ? (option.textContent ?? '') : (option.getAttribute('label') ?? ''),
        );
        if (text && /\p{L}/u.test(text))
          pieces.push({
            text,
            outside: clean(outsideOf(text, 0).outside),
            where: `select > ${option.tagName.toLowerCase()}`,
            kind: 'option',
          });
      }
    }
    if (!visible) continue;
    const named = [...attributes];
    const type = element.getAttribute('type') ?? '';
    if (element.tagName === 'INPUT' && /^(button|submit|reset)$/.test(type)) named.push('value');
    for (const name of named) {
      if (name === 'label' && element.tagName !== 'OPTGROUP' && element.tagName !== 'TRACK') continue;
      const text = clean(element.getAttribute(name) ?? '');
      if (text && /\p{L}/u.test(text))
        pieces.push({
          text,
          outside: clean(outsideOf(text, 0).outside),
          where: `${describe(element)}[${name}]`,
          kind: 'attribute',
        });
    }
  }
  if (!root && document.title)
    pieces.push({
      text: clean(document.title),
      outside: clean(outsideOf(document.title, 0).outside),
      where: 'title',
      kind: 'title',
    });
  return pieces;
}

async function readPieces(scope: Page | Locator, options: ForeignTextOptions): Promise<Piece[]> {
  const element = 'goto' in scope ? scope.locator('body') : scope;
  return element.evaluate(
    readScreen as unknown as (element: unknown, args: { skip: string | null; printed: boolean }) => Piece[],
    { skip: options.skip ?? null, printed: options.printed ?? false },
  );
}

export type Allowed = string | RegExp;

export interface ForeignTextOptions {
  /** Data the test typed or set up (names, usernames, agents' names) and texts meant to be as they are. */
  allow?: readonly Allowed[];
  /** Said in the failure's message: the screen checked. */
  where?: string;
  /** A CSS selector of what is checked apart: a receipt, printed in the customer's language. */
  skip?: string;
  /** What a printer puts on paper: the texts shown, not the attributes or the title. */
  printed?: boolean;
}

/** Each language by its own name (the pickers), the picker's bilingual name, and the brand. */
export const alwaysAllowed: readonly Allowed[] = [
  ...Object.values(languageNames),
  'Langue / Lang',
  'Lajan',
  'HTG',
];

/** A piece allowed whole: the string itself, or all of it matched by the pattern. */
function allowedBy(text: string, allow: readonly Allowed[]): boolean {
  return allow.some((entry) =>
    typeof entry === 'string'
      ? normalize(entry) === text
      : new RegExp(`^(?:${entry.source})$`, entry.flags.replace('g', '')).test(text),
  );
}

// What Lingui shows for a message missing from the loaded catalogue: its id, six characters of a hash (the
// build drops the French): lower case with a capital past the first letter, a digit, `_` or `-` (no word).
const messageId = /^(?=[\w-]*[a-z])(?=[\w-]+[A-Z]|[\w-]*[\d_-])[\w-]{6}$/;

/** The pieces that are a message's id: a key missing from every catalogue (not extracted). */
function missingKeys(pieces: Piece[]): string[] {
  return pieces
    .filter((piece) => piece.kind !== 'block' && messageId.test(piece.text))
    .map(
      (piece) => `${piece.where} « ${piece.text} » : l'id d'un message absent du catalogue (clé manquante)`,
    );
}

interface ForeignMatcher {
  /** The language's own texts: one of them is never another's, whatever shape it shares with one. */
  own: Set<string>;
  exact: Map<string, string>;
  patterns: { pattern: RegExp; french: string; shown: string }[];
}

const foreignMatchers = new Map<'fr' | 'ht', ForeignMatcher>();

/** Letters outside the ICU placeholders: a message of fewer would match any data. */
function literalLetters(message: string): number {
  return (
    withoutTags(message)
      .replace(/\{[^{}]*\}/g, '')
      .match(/\p{L}/gu) ?? []
  ).length;
}

/**
 * The texts that must not show on a screen in `language`: in Kreyòl, every French `msgid` whose Kreyòl
 * differs or is missing (the app would show the French); in French, every Kreyòl `msgstr` unlike its French.
 */
function foreignTo(language: 'fr' | 'ht'): ForeignMatcher {
  let matcher = foreignMatchers.get(language);
  if (matcher) return matcher;
  matcher = { own: new Set(), exact: new Map(), patterns: [] };
  for (const entry of catalogue('ht').values()) {
    const own = language === 'ht' ? entry.msgstr : entry.msgid;
    if (own && !/[{<]/.test(own)) matcher.own.add(normalize(own));
    if (entry.msgstr && normalize(entry.msgstr) === normalize(entry.msgid)) continue;
    const foreign = language === 'ht' ? entry.msgid : entry.msgstr;
    if (!foreign) continue;
    const shown =
      language === 'ht'
        ? `${entry.msgid} (${entry.msgstr ? `kreyòl : ${entry.msgstr}` : 'pas de kreyòl'}, ${entry.file})`
        : `${entry.msgstr} (français : ${entry.msgid})`;
    if (!/[{<]/.test(foreign)) matcher.exact.set(normalize(foreign), shown);
    else if (literalLetters(foreign) >= 3)
      matcher.patterns.push({ pattern: icuToRegExp(normalize(foreign)), french: entry.msgid, shown });
  }
  foreignMatchers.set(language, matcher);
  return matcher;
}

const frenchDateNames = [
  ...['janvier', 'février', 'mars', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre'],
  ...['décembre', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
];
const frenchDates = new RegExp(`(?<!\\p{L})(${frenchDateNames.join('|')})(?!\\p{L})`, 'iu');
const frenchDateWord = new RegExp(`^(${frenchDateNames.join('|')}|avril)$`, 'iu');
const kreyolDates = new RegExp(
  `\\d\\s+(${kreyolMonthNames.join('|')})(?!\\p{L})|(?<!\\p{L})(${kreyolDayNames.join('|')})(?!\\p{L})`,
  'iu',
);

/** Each piece, then its text without a trailing « : » or required field's « * », as labels add them. */
function variants(text: string): string[] {
  const bare = text.replace(/^[«(\s]+|[\s:*»)….]+$/g, '').trim();
  return bare && bare !== text ? [text, bare] : [text];
}

/** The texts of the other language on screen, each with where it is. */
function foreignPieces(pieces: Piece[], language: 'fr' | 'ht', allow: readonly Allowed[]): string[] {
  const matcher = foreignTo(language);
  const found = new Set<string>();
  for (const missing of missingKeys(pieces)) found.add(missing);
  for (const piece of pieces) {
    if (allowedBy(piece.text, allow) || messageId.test(piece.text)) continue;
    for (const text of variants(piece.text)) {
      if (matcher.own.has(text)) break;
      const exact = matcher.exact.get(text);
      const pattern = exact ? undefined : matcher.patterns.find((candidate) => candidate.pattern.test(text));
      const hit = exact ?? pattern?.shown;
      if (hit) {
        found.add(`${piece.where} « ${piece.text} » ← ${hit}`);
        break;
      }
    }
    if (piece.kind !== 'block') {
      const date = (language === 'ht' ? frenchDates : kreyolDates).exec(piece.text);
      if (date)
        found.add(
          `${piece.where} « ${piece.text} » : « ${date[0]} », un nom de mois ou de jour d'une autre langue`,
        );
    }
  }
  return [...found];
}

// Data in a text: numbers, amounts, dates, times, codes, e-mails, usernames, references in capitals.
const dataTokens = [
  /\d/, // amounts, dates, times, account and transaction numbers, codes
  /^[\p{Lu}\d-]{2,}$/u, // codes and references, names as the screens write them (SAINT-FLEUR)
  /^\S+@\S+$/, // e-mails
  /^[\p{L}\d_-]+(\.[\p{L}\d_-]+)+$/u, // usernames (caisse.gonaives), file and host names
  /^\p{L}$/u, // one letter: an initial, a unit
];

/** The words of `text` that are not data (a pseudo screen's dates are French: the pseudo-language has none). */
function wordsNotData(text: string, allow: readonly Allowed[]): string[] {
  let rest = text;
  // The longest first: a name that holds another (« Kay Lajan Hinche », « Lajan ») goes whole.
  const longestFirst = [...allow].sort(
    (a, b) => (typeof b === 'string' ? b.length : 1e3) - (typeof a === 'string' ? a.length : 1e3),
  );
  for (const entry of longestFirst) {
    if (typeof entry === 'string') rest = rest.replaceAll(normalize(entry), ' ');
    else
      rest = rest.replace(
        new RegExp(entry.source, entry.flags.includes('g') ? entry.flags : `${entry.flags}g`),
        ' ',
      );
  }
  return rest
    .split(/[\s\u00a0\u202f]+/)
    .map((word) => word.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, ''))
    .filter((word) => /\p{L}/u.test(word))
    .filter((word) => !dataTokens.some((pattern) => pattern.test(word)))
    .filter((word) => !frenchDateWord.test(word));
}

/**
 * On a pseudo screen, every text node and read attribute outside `⟦…⟧` but its data (numbers, codes, names
 * in capitals, `allow`). The server's texts may stay French: it answers a pseudo user in her profile's French.
 */
export async function uncataloguedTexts(
  scope: Page | Locator,
  options: ForeignTextOptions = {},
): Promise<string[]> {
  const allow = [...(options.allow ?? []), ...alwaysAllowed];
  const server = [...catalogue('fr').values()].filter((entry) => entry.file.endsWith('/server.po'));
  const serverTexts = new Set(server.map((entry) => normalize(entry.msgid)));
  const serverPatterns = server
    .filter((entry) => /[{<]/.test(entry.msgid))
    .map((entry) => icuToRegExp(normalize(entry.msgid)));
  const unmarked = new Set<string>();
  const pieces = await readPieces(scope, options);
  for (const missing of missingKeys(pieces)) unmarked.add(missing);
  for (const piece of pieces) {
    if (piece.kind === 'block' || allowedBy(piece.text, allow) || messageId.test(piece.text)) continue;
    if (serverTexts.has(piece.text) || serverPatterns.some((pattern) => pattern.test(piece.text))) continue;
    const words = wordsNotData(piece.outside, allow);
    if (words.length > 0)
      unmarked.add(`${piece.where} « ${piece.text} » (hors catalogue : ${words.join(' ')})`);
  }
  return [...unmarked];
}

/**
 * On a screen in `language`, another's texts: in Kreyòl a catalogue's French (an untranslated or missing key)
 * and French months; in French a Kreyòl `msgstr`; in pseudo, `uncataloguedTexts`. Typed data goes in `allow`.
 */
export async function foreignTexts(
  scope: Page | Locator,
  language: ScreenLanguage,
  options: ForeignTextOptions = {},
): Promise<string[]> {
  if (language === 'pseudo') return uncataloguedTexts(scope, options);
  return foreignPieces(await readPieces(scope, options), language, [
    ...alwaysAllowed,
    ...(options.allow ?? []),
  ]);
}

function whereOf(scope: Page | Locator, options: ForeignTextOptions): string {
  return options.where ?? ('url' in scope ? scope.url() : 'la zone vérifiée');
}

/** `uncataloguedTexts` none; soft, so that one run lists every screen's. */
export async function expectOnlyCatalogueText(
  scope: Page | Locator,
  options: ForeignTextOptions = {},
): Promise<void> {
  const found = await uncataloguedTexts(scope, options);
  expect.soft(found, `Textes hors catalogue (sans ⟦…⟧) sur ${whereOf(scope, options)}`).toEqual([]);
}

/** `foreignTexts` none; soft, so that one run lists every screen's. */
export async function expectNoForeignText(
  scope: Page | Locator,
  language: ScreenLanguage,
  options: ForeignTextOptions = {},
): Promise<void> {
  if (language === 'pseudo') return expectOnlyCatalogueText(scope, options);
  const found = await foreignTexts(scope, language, options);
  const other = language === 'ht' ? 'Textes en français (clé manquante ou non traduite)' : 'Textes en kreyòl';
  expect.soft(found, `${other} sur un écran en ${language} : ${whereOf(scope, options)}`).toEqual([]);
}

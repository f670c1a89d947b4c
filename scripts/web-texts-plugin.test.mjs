// The chunk-texts build plugin (apps/web/build-plugins/chunk-texts.ts, decision 239) on a small app built by
// Vite: an entry and a lazy module, each with its texts, three languages.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { chunkPrelude, chunkTexts, descriptorIds } from '../apps/web/build-plugins/chunk-texts.ts';
import { linguiPlugins } from './lingui/vite.mjs';

// Inside apps/web, so that the fixture's imports (`@lingui/core/macro`) resolve.
const WEB = fileURLToPath(new URL('../apps/web/', import.meta.url));
let root;
let dist;
let plugin;

const po = (texts) =>
  `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n${Object.entries(texts)
    .map(([id, text]) => `msgid "${id}"\nmsgstr "${text}"\n`)
    .join('\n')}`;

function write(file, content) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

before(async () => {
  root = mkdtempSync(path.join(WEB, '.chunk-texts-'));
  dist = path.join(root, 'dist');
  write(
    'lingui.config.js',
    `export default { sourceLocale: 'fr', locales: ['fr', 'ht', 'pseudo'], pseudoLocale: 'pseudo',
      fallbackLocales: { default: 'fr' },
      catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src/'] }] };\n`,
  );
  write('locales/fr/messages.po', po({ Bonjour: '', 'Au revoir': '', Partout: '', Oublié: '' }));
  write(
    'locales/ht/messages.po',
    po({ Bonjour: 'Bonjou', 'Au revoir': 'Orevwa', Partout: '', Oublié: 'Bliye' }),
  );
  write('locales/pseudo/messages.po', po({ Bonjour: '', 'Au revoir': '', Partout: '', Oublié: '' }));
  write(
    'src/main.js',
    `import { msg } from '@lingui/core/macro';
     export const hello = msg\`Bonjour\`;
     export const later = () => import('./lazy.js');\n`,
  );
  write(
    'src/lazy.js',
    `import { msg } from '@lingui/core/macro';
     export const bye = msg\`Au revoir\`;
     export const unused = () => msg\`Oublié\`;
     export const everywhere = msg\`Partout\`;\n`,
  );
  const configPath = path.join(root, 'lingui.config.js');
  plugin = chunkTexts({ configPath });
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [...linguiPlugins(configPath), plugin],
    build: {
      outDir: dist,
      minify: true,
      rolldownOptions: { input: path.join(root, 'src/main.js'), preserveEntrySignatures: 'strict' },
    },
  });
});

after(() => rmSync(root, { recursive: true, force: true }));

const report = () => JSON.parse(readFileSync(path.join(dist, '.vite', 'chunk-texts.json'), 'utf8'));
const chunkOf = (name) => Object.keys(report()).find((file) => path.basename(file).startsWith(name));

test('descriptorIds reads the ids the macros leave', () => {
  assert.deepEqual(descriptorIds('a = /*i18n*/ { id: "abc123" }; b = /** i18n */\n{ id: `x-Y_9z` }'), [
    'abc123',
    'x-Y_9z',
  ]);
  assert.deepEqual(descriptorIds('{ id: "notMarked" }'), []);
});

test('chunkPrelude registers the texts; a lazy chunk waits for them', () => {
  const entry = chunkPrelude({ fr: '/assets/texts/fr-1.js', ht: '/assets/texts/ht-1.js' }, false);
  assert.equal(
    entry,
    '(globalThis.__lajanTexts||=[]).push({"fr":"/assets/texts/fr-1.js","ht":"/assets/texts/ht-1.js"});',
  );
  assert.match(
    chunkPrelude({ fr: { a: ['A'] } }, true),
    /^\(globalThis.*"a":\["A"\].*;await globalThis\.__lajanTextsLoad\?\.\(\);$/,
  );
});

test('each chunk lists the ids its code says, by its final file name', () => {
  const texts = report();
  const main = chunkOf('main');
  const lazy = chunkOf('lazy');
  assert.ok(main && lazy, `chunks: ${Object.keys(texts)}`);
  assert.equal(texts[main].ids.length, 1);
  assert.equal(texts[lazy].ids.length, 3, 'Au revoir, Partout and the function’s Oublié');
  for (const file of [main, lazy]) assert.ok(readFileSync(path.join(dist, file), 'utf8').length > 0);
});

test('the entry’s French is a file; a lazy chunk’s is in it, the other languages in files', async () => {
  const texts = report();
  const main = chunkOf('main');
  assert.ok(texts[main].files.fr, 'the entry names its French file');
  assert.doesNotMatch(readFileSync(path.join(dist, main), 'utf8'), /Bonjour/);
  const french = await import(pathToFileURL(path.join(dist, texts[main].files.fr)).href);
  assert.deepEqual(Object.values(french.default).flat(), ['Bonjour']);
  const lazy = chunkOf('lazy');
  assert.equal(texts[lazy].files.fr, undefined);
  const code = readFileSync(path.join(dist, lazy), 'utf8');
  assert.match(code, /Au revoir/);
  assert.doesNotMatch(code, /Bonjour/, 'the entry’s text is not in the lazy chunk');
  const kreyol = await import(pathToFileURL(path.join(dist, texts[lazy].files.ht)).href);
  assert.deepEqual(
    Object.values(kreyol.default).flat().sort(),
    ['Bliye', 'Orevwa', 'Partout'],
    'Partout, untranslated, in French',
  );
  const pseudo = await import(pathToFileURL(path.join(dist, texts[lazy].files.pseudo)).href);
  assert.ok(
    Object.values(pseudo.default).every((text) => String(text).startsWith('⟦') || Array.isArray(text)),
  );
});

test('the early script gets the entry’s files by language', () => {
  const first = plugin.api.firstTexts();
  assert.deepEqual(Object.keys(first).sort(), ['fr', 'ht', 'pseudo']);
  assert.deepEqual(first.ht, [report()[chunkOf('main')].files.ht]);
});

test('a lazy chunk is handed over once its texts are loaded; the entry registers at once', async () => {
  globalThis.__lajanTexts = [];
  let release;
  const loads = [];
  globalThis.__lajanTextsLoad = () => {
    loads.push(globalThis.__lajanTexts.length);
    return new Promise((resolve) => (release = resolve));
  };
  const main = await import(pathToFileURL(path.join(dist, chunkOf('main'))).href);
  assert.equal(globalThis.__lajanTexts.length, 1);
  assert.deepEqual(loads, [], 'the entry does not wait');
  let handed = false;
  const lazy = main.later().then((module) => ((handed = true), module));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(loads, [2], 'the lazy chunk registered, then asked for its texts');
  assert.equal(handed, false);
  release();
  await lazy;
  assert.equal(handed, true);
  delete globalThis.__lajanTexts;
  delete globalThis.__lajanTextsLoad;
});

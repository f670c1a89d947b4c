// What the sign-in page and the dashboard's frame download, from the web build's manifest, sized as a browser
// receives them (the `.br` and `.gz` beside each asset); checked by `web-budget.test.mjs` (decision 145).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
/** Issue 15: the sign-in page's JavaScript, as transferred (compressed). 1 KB = 1,000 bytes. */
export const LOGIN_JS_BUDGET_BYTES = 120_000;
/** Issue 15: everything the sign-in page transfers (HTML, CSS, JavaScript). */
export const LOGIN_TOTAL_BUDGET_BYTES = 160_000;
const LOGIN_SCREEN = 'src/features/auth/LoginPage.tsx';
/** Decision 152: what the signed-in dashboard needs to paint its frame (entry, shell, page), compressed. */
export const DASHBOARD_FRAME_JS_BUDGET_BYTES = 130_000;
const SHELL = 'src/app/layout/Shell.tsx';
const DASHBOARD_SCREEN = 'src/features/dashboard/DashboardPage.tsx';
/** The dashboard's parts asked for once its frame has painted (decision 156): the chart, the latest transactions. */
const DASHBOARD_FIGURES = [
  'src/features/dashboard/BalanceFigures.tsx',
  'src/components/history/HistoryTable.tsx',
];
const DOMAIN_SOURCE = fileURLToPath(new URL('../packages/domain/src/', import.meta.url));

function readManifest(dist) {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build -w @lajan/web\` first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The manifest's key of the chunk that holds a screen's module: the module itself for a chunk of its own;
 * a chunk of a code-splitting group (decision 156) is named by none of its modules, found through
 * `.vite/chunk-modules.json` (written by the build) and its file.
 */
function chunkKey(dist, manifest, screen) {
  if (manifest[screen]) return screen;
  const file = path.join(dist, '.vite', 'chunk-modules.json');
  const modules = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const key = Object.keys(manifest).find((candidate) => manifest[candidate].file === modules[screen]);
  if (!key) throw new Error(`the manifest does not know ${screen}`);
  return key;
}

/**
 * The scripts `index.html` names besides the entry (decision 156: the early script that asks for the
 * dashboard's code), which every page loads.
 */
function htmlScripts(dist, known) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)]
    .map((match) => match[1])
    .filter((file) => !known.has(file));
}

/** The files a chunk brings with it through static imports (itself first), and their CSS. */
function closure(manifest, keys) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

function sizes(dist, file) {
  const full = path.join(dist, file);
  const size = (candidate) => (existsSync(candidate) ? statSync(candidate).size : null);
  return { file, raw: statSync(full).size, gzip: size(`${full}.gz`), brotli: size(`${full}.br`) };
}

/** The languages a page can open in: French (the default), Kreyòl (`lajan.language` in localStorage). */
export const PAGE_LANGUAGES = ['fr', 'ht'];

/**
 * The texts files a page's chunks register in `language` (decision 239, `.vite/chunk-texts.json`, written by
 * the build), loaded before the page shows: the entry's in every language, a lazy chunk's in any but French
 * (its French is in it).
 */
export function textsFiles(dist, chunkFiles, language) {
  const file = path.join(dist, '.vite', 'chunk-texts.json');
  const texts = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const files = chunkFiles.map((chunk) => texts[chunk]?.files[language]).filter(Boolean);
  return [...new Set(files.map((name) => name.replace(/^\//, '')))];
}

/** The sign-in page's files with their raw, gzip and brotli sizes, and the totals, in `language`. */
export function loginPageWeight(dist = WEB_DIST, language = 'fr') {
  return pageWeight(dist, [LOGIN_SCREEN], language);
}

/**
 * What the signed-in dashboard loads before its frame paints (decision 152): the entry, the shell and
 * the dashboard's chunk, with their static imports. The chart and the latest transactions come after
 * (lazy), with the schemas that read their answers: not counted.
 */
export function dashboardFrameWeight(dist = WEB_DIST, language = 'fr') {
  return pageWeight(dist, [SHELL, DASHBOARD_SCREEN], language);
}

/**
 * The domain's modules the dashboard's chart and latest transactions load after its frame (decision 160),
 * relative to `packages/domain/src/`, each with whether it imports zod's runtime (`import { z } from
 * 'zod'`, not `import type`): those build schemas as they load.
 */
export function dashboardFiguresDomainModules(dist = WEB_DIST) {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const frame = new Set(
    closure(manifest, [entry, chunkKey(dist, manifest, SHELL), chunkKey(dist, manifest, DASHBOARD_SCREEN)])
      .js,
  );
  const figures = new Set(
    closure(
      manifest,
      DASHBOARD_FIGURES.map((module) => chunkKey(dist, manifest, module)),
    ).js.filter((file) => !frame.has(file)),
  );
  const modules = JSON.parse(readFileSync(path.join(dist, '.vite', 'chunk-modules.json'), 'utf8'));
  return Object.entries(modules)
    .filter(([module, file]) => figures.has(file) && module.includes('packages/domain/src/'))
    .map(([module]) => {
      const name = module.slice(module.indexOf('packages/domain/src/') + 'packages/domain/src/'.length);
      const source = readFileSync(path.join(DOMAIN_SOURCE, name), 'utf8');
      return { module: name, zod: /^import \{[^}]*\bz\b[^}]*\} from 'zod';/m.test(source) };
    });
}

function pageWeight(dist, screens, language = 'fr') {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const keys = screens.map((screen) => chunkKey(dist, manifest, screen));
  const { js, css } = closure(manifest, [entry, ...keys]);
  js.push(...htmlScripts(dist, new Set(js)));
  js.push(...textsFiles(dist, js, language));
  const html = sizes(dist, 'index.html');
  const files = { js: js.map((file) => sizes(dist, file)), css: css.map((file) => sizes(dist, file)) };
  const sum = (list, key) => list.reduce((total, item) => total + (item[key] ?? item.raw), 0);
  const totals = {};
  for (const key of ['raw', 'gzip', 'brotli']) {
    totals[key] = { js: sum(files.js, key), css: sum(files.css, key), html: html[key] ?? html.raw };
    totals[key].all = totals[key].js + totals[key].css + totals[key].html;
  }
  return { html, ...files, totals };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ? path.resolve(process.argv[2]) : WEB_DIST;
  for (const [title, weight] of PAGE_LANGUAGES.flatMap((language) => [
    [`The sign-in page (${language})`, loginPageWeight(dist, language)],
    [`The dashboard's frame (signed in, ${language})`, dashboardFrameWeight(dist, language)],
  ])) {
    console.log(`${title}:`);
    printWeight(weight);
  }
}

function printWeight(weight) {
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  for (const file of [weight.html, ...weight.css, ...weight.js]) {
    console.log(
      `${file.file.padEnd(42)} ${kb(file.raw).padStart(10)} ${kb(file.gzip ?? file.raw).padStart(10)} gzip ${kb(file.brotli ?? file.raw).padStart(10)} br`,
    );
  }
  for (const [key, total] of Object.entries(weight.totals)) {
    console.log(
      `${key.padEnd(7)} JS ${kb(total.js)}, CSS ${kb(total.css)}, HTML ${kb(total.html)}, all ${kb(total.all)}`,
    );
  }
}

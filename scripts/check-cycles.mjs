// Fails on an import cycle between the server's modules or the web's features that is not in the known list
// below, and on a known cycle that is gone, so the list only shrinks (decision 137). Type-only imports count.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The known imports that close a cycle, `from → to` (folders). Empty since decision 137: writing the
 * audit trail moved to `db/audit.ts`, the Haiti days to `lib/`, sign-in's reads of the users table into
 * auth, and the server's modules form a DAG (auth ← persons ← users ← accounts ← agents, registration).
 */
const known = {
  'apps/server/src/modules': [],
  'apps/web/src/features': [],
};

const sourceFile = /\.(ts|tsx|mts)$/;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return sourceFile.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names: `./x.js` is `./x.ts` (or `.tsx`), `./x` may be `./x/index.ts`. */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** The folder graph of `area`: folder → the other folders of `area` its files import. */
function folderGraph(area) {
  const areaDir = join(root, area);
  const folderOf = (file) => {
    const inside = relative(areaDir, file);
    return inside.startsWith('..') || !inside.includes(sep) ? undefined : inside.split(sep)[0];
  };
  const graph = new Map();
  for (const file of filesUnder(areaDir)) {
    const from = folderOf(file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(file, fileName);
      const to = target && folderOf(target);
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/**
 * The imports that take part in a cycle: `a → b` where `b` also reaches `a`. Listing these edges (not
 * every elementary cycle, which explode in number on a tangled graph) names what has to go.
 */
function cycleEdgesOf(graph) {
  const reaches = (from, to) => {
    const seen = new Set([from]);
    const stack = [from];
    while (stack.length) {
      for (const next of graph.get(stack.pop()) ?? []) {
        if (next === to) return true;
        if (!seen.has(next)) (seen.add(next), stack.push(next));
      }
    }
    return false;
  };
  return [...graph]
    .flatMap(([from, tos]) => [...tos].filter((to) => reaches(to, from)).map((to) => `${from} → ${to}`))
    .sort();
}

/**
 * The ledger (`apps/server/src/ledger`) is the layer below the modules: it imports no module and
 * nothing of HTTP, so that what it answers is a named result, never a status or a French text.
 */
const ledgerForbidden = ['apps/server/src/modules', 'apps/server/src/http'];

function ledgerLayerViolations() {
  const ledgerDir = join(root, 'apps/server/src/ledger');
  const found = [];
  for (const file of filesUnder(ledgerDir)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveImport(file, fileName) ?? resolve(dirname(file), fileName);
      const inside = ledgerForbidden.find((dir) => !relative(join(root, dir), target).startsWith('..'));
      if (inside) found.push(`${relative(root, file)} imports ${fileName} (under ${inside})`);
    }
  }
  return found;
}

const started = performance.now();
let failed = false;
for (const violation of ledgerLayerViolations()) {
  console.error(`check-cycles: the ledger imports no module and nothing of HTTP: ${violation}.`);
  failed = true;
}
for (const [area, allowed] of Object.entries(known)) {
  const found = cycleEdgesOf(folderGraph(area));
  const unknown = found.filter((cycle) => !allowed.includes(cycle));
  const gone = allowed.filter((cycle) => !found.includes(cycle));
  for (const cycle of unknown)
    console.error(`check-cycles: ${area}: ${cycle} closes an import cycle between folders.`);
  for (const cycle of gone)
    console.error(`check-cycles: ${area}: ${cycle} is gone; take it out of the known list.`);
  if (unknown.length || gone.length) failed = true;
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (failed) process.exit(1);
console.log(`check-cycles: no new cycle between folders (${seconds} s).`);

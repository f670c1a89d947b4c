// Reports comment blocks of more than three text lines: a comment says why in at most three lines and links
// its decision, the rest belongs in the record (issue 41). `node scripts/check-comments.mjs [paths…]`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const defaultRoots = ['apps/server/src', 'apps/web/src', 'packages/domain/src', 'e2e', 'bench', 'scripts'];
const sourceFile = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
const skipped = new Set(['node_modules', 'dist', 'build', 'test-results', 'playwright-report', '.turbo']);
const maxLines = 3;

function filesUnder(path) {
  const stats = statSync(path);
  if (stats.isFile()) return sourceFile.test(path) && !path.endsWith('.d.ts') ? [path] : [];
  return readdirSync(path)
    .filter((name) => !skipped.has(name) && !name.startsWith('.'))
    .flatMap((name) => filesUnder(join(path, name)));
}

/** Every comment of the file, found through the parser so that `//` in strings, regexes and JSX text is no comment. */
function commentsOf(path, text) {
  const kind = path.endsWith('.tsx') || path.endsWith('.jsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map();
  const collect = (ranges) => {
    for (const range of ranges ?? []) found.set(range.pos, range);
  };
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.JsxText) return;
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  return [...found.values()].sort((a, b) => a.pos - b.pos).map((range) => ({ ...range, file }));
}

const directive = /^(?:eslint-|@ts-|prettier-ignore|istanbul |c8 |v8 |global |jsx |#__)/;

/** The lines of a comment that say something: markers, empty lines and tool directives left out. */
function textLines(raw) {
  const body = raw.startsWith('//')
    ? [raw.replace(/^\/\/+/, '')]
    : raw.replace(/^\/\*+|\*+\/$/g, '').split('\n');
  return body
    .map((line) => line.replace(/^\s*\*?\s?/, '').trim())
    .filter((line) => line && !directive.test(line));
}

const licence = /\b(?:copyright|licen[cs]e|spdx-license-identifier)\b/i;

/** Comment blocks: one `/* … *\/`, or a run of whole-line `//` comments on consecutive lines. */
function blocksOf(path, text) {
  const blocks = [];
  let run = null;
  for (const range of commentsOf(path, text)) {
    const raw = text.slice(range.pos, range.end);
    const { line } = range.file.getLineAndCharacterOfPosition(range.pos);
    const lineStart = range.file.getPositionOfLineAndCharacter(line, 0);
    const alone = text.slice(lineStart, range.pos).trim() === '';
    const lines = textLines(raw);
    if (range.kind === ts.SyntaxKind.SingleLineCommentTrivia && alone && run && run.lastLine === line - 1) {
      run.count += lines.length;
      run.lastLine = line;
      run.raw += raw;
      continue;
    }
    run = { line: line + 1, lastLine: line, count: lines.length, raw };
    blocks.push(run);
    if (range.kind !== ts.SyntaxKind.SingleLineCommentTrivia || !alone) run = null;
  }
  return blocks.filter((block, index) => !(index === 0 && block.line <= 3 && licence.test(block.raw)));
}

const roots = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const files = (roots.length > 0 ? roots : defaultRoots.map((folder) => join(root, folder))).flatMap(
  filesUnder,
);
let total = 0;
for (const path of files.sort()) {
  for (const block of blocksOf(path, readFileSync(path, 'utf8'))) {
    if (block.count <= maxLines) continue;
    total += 1;
    console.log(`${relative(root, path)}:${block.line}: ${block.count} lines of comment`);
  }
}
if (total > 0) {
  console.error(
    `check-comments: ${total} comment blocks longer than ${maxLines} lines; say why in three, link the decision.`,
  );
  process.exit(1);
}
console.log(`check-comments: ${files.length} files, no comment block longer than ${maxLines} lines.`);

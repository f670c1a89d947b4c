import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { findSpecForbiddenTexts } from '@lajan/domain';

/** A text of a source file that a user may read: JSX text, a string literal or a template's text. */
export interface SourceText {
  file: string;
  line: number;
  text: string;
}

/** `passport`, `agentUsers.manage`, `/transaction/deposit`: a code, a key or a path, not a text anyone reads. */
const codeLike = /^[a-z_/][\w.:/?=&-]*$/;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    // Tests may name a forbidden text to assert that it does not show.
    return /\.tsx?$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/** Every text of the TypeScript sources under `directory` a screen or an answer may show (comments and imports left out). */
export function sourceTexts(directory: string, root = directory, skip: readonly string[] = []): SourceText[] {
  const texts: SourceText[] = [];
  for (const path of sourceFiles(directory)) {
    const file = relative(root, path);
    if (skip.includes(file)) continue;
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (node: ts.Node, text: string) => {
      // A `code` span of an OpenAPI description names a field or a value, not a text anyone reads.
      const trimmed = text.replace(/`[^`]*`/g, ' ').trim();
      if (!trimmed || codeLike.test(trimmed)) return;
      texts.push({
        file,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: trimmed,
      });
    };
    const visit = (node: ts.Node) => {
      // Imports, and tagged templates: SQL (sql`…`), not a text of a screen; but Lingui's t`…` and msg`…`
      // are the screens' texts themselves (decision 236).
      const linguiTag =
        ts.isTaggedTemplateExpression(node) &&
        ts.isIdentifier(node.tag) &&
        ['t', 'msg'].includes(node.tag.text);
      if (
        ts.isImportDeclaration(node) ||
        ts.isExportDeclaration(node) ||
        (ts.isTaggedTemplateExpression(node) && !linguiTag)
      )
        return;
      if (ts.isJsxText(node)) add(node, node.text);
      else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
      else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
        add(node, node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return texts;
}

/** The texts of `directory` that show one of SPEC's English or misspelled texts, as "file:line: text → spec". */
export function specForbiddenSourceTexts(
  directory: string,
  root = directory,
  skip: readonly string[] = [],
): string[] {
  return sourceTexts(directory, root, skip).flatMap(({ file, line, text }) =>
    findSpecForbiddenTexts(text).map(
      (found) => `${file}:${line}: ${JSON.stringify(text)} (« ${found.spec} » → « ${found.french} »)`,
    ),
  );
}

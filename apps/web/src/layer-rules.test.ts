import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Each of the web's layer rules refuses what it should, so none can stop working unseen after a typo or a
 * plugin upgrade (decision 138). Each case lints a one-line import as if written in a real file of the layer.
 */

// Vitest runs in apps/web.
const root = resolve(process.cwd(), '../..');
const src = join(root, 'apps/web/src');

/** The first source file (not a test) under `dir`, in name order: the layers' files change, their folders stay. */
function aFileIn(dir: string, { test = false } = {}): string {
  const files = (readdirSync(join(src, dir), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && /\.test\.tsx?$/.test(file) === test)
    .sort();
  const first = files[0];
  if (!first) throw new Error(`no ${test ? 'test' : 'source'} file under apps/web/src/${dir}`);
  return join(src, dir, first);
}

/** `import * as probe from '<target, relative to file>'`. */
function importFrom(file: string, target: string): string {
  let path = relative(dirname(file), target).replace(/\.tsx?$/, '');
  if (!path.startsWith('.')) path = `./${path}`;
  return `import * as probe from '${path}';\nexport { probe };\n`;
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of the layer rules when `file` imports `target` (a path, or a package name). */
async function layerErrors(file: string, target: string): Promise<string[]> {
  const code = target.startsWith('/')
    ? importFrom(file, target)
    : `import * as probe from '${target}';\nexport { probe };\n`;
  const [result] = await eslint.lintText(code, { filePath: file });
  const fatal = result?.messages.filter((message) => message.fatal) ?? [];
  expect(fatal.map((message) => message.message)).toEqual([]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies')
    .map((message) => message.message);
}

const transactions = () => aFileIn('features/transactions');
const fees = () => aFileIn('features/fees');

describe('the web layer rules (issue 13)', { timeout: 60_000 }, () => {
  it('refuse a feature importing another feature, and app/', async () => {
    expect(await layerErrors(fees(), transactions())).toEqual([
      expect.stringContaining('A feature imports only its own files'),
    ]);
    expect(await layerErrors(fees(), aFileIn('app'))).toHaveLength(1);
  });

  it('let a feature import its own files, lib/, components/, config/ and the domain', async () => {
    const file = transactions();
    expect(await layerErrors(file, aFileIn('features/transactions/api'))).toEqual([]);
    expect(await layerErrors(file, aFileIn('lib'))).toEqual([]);
    expect(await layerErrors(file, aFileIn('components'))).toEqual([]);
    expect(await layerErrors(file, aFileIn('config'))).toEqual([]);
    expect(await layerErrors(file, '@lajan/domain')).toEqual([]);
  });

  it('refuse lib/ importing components/, a feature or app/', async () => {
    const file = aFileIn('lib');
    expect(await layerErrors(file, aFileIn('components'))).toEqual([
      expect.stringContaining('lib/ is the lowest layer'),
    ]);
    expect(await layerErrors(file, transactions())).toHaveLength(1);
    expect(await layerErrors(file, aFileIn('app'))).toHaveLength(1);
    expect(await layerErrors(file, '@lajan/domain')).toEqual([]);
  });

  it('refuse components/ importing a feature or app/, and let them import lib/', async () => {
    const file = aFileIn('components');
    expect(await layerErrors(file, transactions())).toEqual([
      expect.stringContaining('components/ is shared by the features'),
    ]);
    expect(await layerErrors(file, aFileIn('app'))).toHaveLength(1);
    expect(await layerErrors(file, aFileIn('lib'))).toEqual([]);
  });

  it("refuse the app importing the tests' helpers, which the tests use", async () => {
    const helper = aFileIn('test');
    expect(await layerErrors(transactions(), helper)).toEqual([
      expect.stringContaining("never imports the tests' helpers"),
    ]);
    expect(await layerErrors(aFileIn('features/transactions', { test: true }), helper)).toEqual([]);
  });

  it('refuse the shared layers and the features importing a file at the root of src/ (main.tsx)', async () => {
    const main = join(src, 'main.tsx');
    expect(await layerErrors(transactions(), main)).toEqual([
      expect.stringContaining('A feature imports only its own files'),
    ]);
    expect(await layerErrors(aFileIn('components'), main)).toHaveLength(1);
    expect(await layerErrors(aFileIn('lib'), main)).toHaveLength(1);
  });

  it('let app/ compose the features', async () => {
    expect(await layerErrors(aFileIn('app'), transactions())).toEqual([]);
  });
});

// Lingui in the server's esbuild bundle (decision 236): the macros of the domain's and the server's
// TypeScript compiled by Babel, and `.po` catalogues compiled when imported, as in Vite (scripts/lingui/vite.mjs).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transformAsync } from '@babel/core';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';

const configPath = new URL('../../lingui.config.ts', import.meta.url).pathname;
const MACRO_IMPORT = /from ['"]@lingui\/(core|react)\/macro['"]/;

/** @returns {import('esbuild').Plugin} */
export function linguiEsbuild() {
  const config = getConfig({ configPath });
  let catalogs;
  return {
    name: 'lingui',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!MACRO_IMPORT.test(source)) return undefined;
        const result = await transformAsync(source, {
          filename: args.path,
          babelrc: false,
          configFile: false,
          parserOpts: { plugins: ['typescript', ...(args.path.endsWith('x') ? ['jsx'] : [])] },
          plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig: config }]],
          retainLines: true,
        });
        return { contents: result?.code ?? source, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
      build.onLoad({ filter: /\.po$/ }, async (args) => {
        catalogs ??= await getCatalogs(config);
        const file = getCatalogForFile(path.relative(config.rootDir, args.path), catalogs);
        if (!file) throw new Error(`${args.path} : aucun catalogue de lingui.config.ts`);
        const { messages } = await file.catalog.getTranslations(file.locale, {
          fallbackLocales: config.fallbackLocales,
          sourceLocale: config.sourceLocale,
        });
        const pseudo = config.pseudoLocale.find((item) => item.locale === file.locale);
        const { source, errors } = createCompiledCatalog(file.locale, messages, {
          namespace: 'es',
          pseudoLocale: pseudo?.locale,
          pseudoLocaleOptions: pseudo?.options,
        });
        if (errors.length)
          throw new Error(`${args.path} : ${errors.map((error) => error.message).join(' ; ')}`);
        return { contents: source, loader: 'js' };
      });
    },
  };
}

// Lingui in Vite and Vitest (decision 236): the macros compiled by Babel in the files that import them,
// the `.po` catalogues compiled when imported. One config for the web, the domain's and the server's tests.
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';

process.env.LINGUI_SUPPRESS_BABEL_WARNING ??= '1';
export const linguiConfigPath = new URL('../../lingui.config.ts', import.meta.url).pathname;

/** The plugins, before React's (another config: the build plugins' tests). */
export function linguiPlugins(configPath = linguiConfigPath) {
  return [
    lingui({ configPath, failOnCompileError: true }),
    babel({ presets: [linguiTransformerBabelPreset({}, { configPath })], sourceMap: true }),
  ];
}

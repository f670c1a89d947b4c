// Bundles the server into dist/main.js (and the backup tool into dist/backup.js): our code and @lajan/*
// (TypeScript source) inside, every other package left to node_modules, where `npm ci` put it.
// `node build.mjs OUTFILE` writes the server alone to another file, `node build.mjs OUTFILE backup` the
// backup tool alone, `… OUTFILE mfa-reset` the second factor's reset (the embedded-database test bundles
// its own copies, beside dist/main.js).
import path from 'node:path';
import { build } from 'esbuild';
import { linguiEsbuild } from '../../scripts/lingui/esbuild.mjs';

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // A bare import (not ./, ../ or /) is a package: external unless it is one of ours.
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@lajan/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  ...(process.argv[2]
    ? {
        entryPoints: [
          new URL(
            { backup: './src/backup/cli.ts', 'mfa-reset': './src/modules/auth/mfa-reset-cli.ts' }[
              process.argv[3] ?? ''
            ] ?? './src/main.ts',
            import.meta.url,
          ).pathname,
        ],
        outfile: path.resolve(process.argv[2]),
      }
    : {
        // The server, and `npm run backup` / `npm run restore` (src/backup/cli.ts → dist/backup.js).
        entryPoints: {
          main: new URL('./src/main.ts', import.meta.url).pathname,
          backup: new URL('./src/backup/cli.ts', import.meta.url).pathname,
          // `npm run mfa:reset -- USERNAME` (decision 203).
          'mfa-reset': new URL('./src/modules/auth/mfa-reset-cli.ts', import.meta.url).pathname,
        },
        outdir: new URL('./dist', import.meta.url).pathname,
      }),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages, linguiEsbuild()],
  // Some CommonJS code calls require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __lajanCreateRequire } from 'node:module'; const require = __lajanCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as bundle } from 'esbuild';
import { linguiEsbuild } from '../../../../scripts/lingui/esbuild.mjs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A crash test's child process, bundled as `build.mjs` bundles the server: our code and the domain's texts
 * inside (decision 236), the packages from node_modules. Returns its file; `remove` deletes it.
 */
export async function bundleChild(entry: string): Promise<{ file: string; remove: () => void }> {
  const name = path.basename(entry, '.ts');
  const file = path.join(serverDir, 'dist', `${name}-${randomBytes(4).toString('hex')}.js`);
  await bundle({
    entryPoints: [path.join(serverDir, 'test/helpers', entry)],
    outfile: file,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      linguiEsbuild(),
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.kind === 'entry-point' || args.path.startsWith('@lajan/')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
    banner: {
      js: "import { createRequire as __lajanCreateRequire } from 'node:module'; const require = __lajanCreateRequire(import.meta.url);",
    },
  });
  return { file, remove: () => rmSync(file, { force: true }) };
}

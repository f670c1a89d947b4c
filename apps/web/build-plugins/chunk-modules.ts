import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where `chunk-modules.json` goes, beside Vite's manifest. */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/**
 * Writes `.vite/chunk-modules.json`: for each source module of the app (its path from `apps/web`, or from
 * the repository for the domain), the file of the chunk that holds it. Vite's manifest names a chunk by
 * the one module it was built for; a chunk of a code-splitting group (decision 156: the sign-in page's,
 * the frame's, the figures') holds several and the manifest names none of them: the budget
 * (`scripts/web-budget.mjs`) finds a screen's chunk here. Not part of the app: not listed by the
 * service worker, not compressed.
 */
export function chunkModules(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'lajan:chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const modules: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          if (id.includes('node_modules') || id.startsWith('\0')) continue;
          modules[path.relative(root, id).split(path.sep).join('/')] = output.fileName;
        }
      }
      const file = path.join(outDir, CHUNK_MODULES_FILE);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, `${JSON.stringify(modules, null, 2)}\n`);
    },
  };
}

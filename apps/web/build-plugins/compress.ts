import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|ico)$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip, level 9) beside every text file of the
 * build, once, at build time: the server sends the one the browser asks for (`Accept-Encoding`) and
 * never compresses on the fly. A version that would not be smaller is not written (decision 145).
 * Runs after the bundle is written, so `index.html` and the files copied from `public/` are included.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lajan:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        for await (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file) || path.basename(path.dirname(file)) === '.vite') continue;
          const content = await readFile(file);
          const size = (await stat(file)).size;
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: size,
              },
            }),
            gz(content, { level: 9 }),
          ]);
          if (br.length < size) await writeFile(`${file}.br`, br);
          if (gzipped.length < size) await writeFile(`${file}.gz`, gzipped);
        }
      },
    },
  };
}

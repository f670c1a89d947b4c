// Runs one entry of the server bundle (apps/server/dist/NAME.js) under the Node of the `node` package,
// building the bundle first when it is missing or older than its sources (`npm run backup`, `mfa:reset`).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtimeMs(paths) {
  let newest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path))
        if (name !== 'node_modules' && name !== 'dist') walk(join(path, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return newest;
}

export async function runServerBundle(name) {
  const bundle = join(root, `apps/server/dist/${name}.js`);
  const sources = [
    'packages/domain/src',
    'apps/server/src',
    'apps/server/drizzle',
    'apps/server/sql',
    'apps/server/build.mjs',
  ];
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestMtimeMs(sources)) {
    console.error('[lajan] construction de @lajan/server…');
    execSync('npm run build -w @lajan/server', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  await import(pathToFileURL(bundle).href);
}

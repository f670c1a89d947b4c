// `npm start`: build what is missing or stale (the SPA and the server bundle), then run the one
// Node process that serves both on PORT. Runs under the Node of the `node` package.
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
      for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') walk(join(path, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => walk(join(root, p)));
  return newest;
}

function buildIfStale(name, output, sources) {
  const out = join(root, output);
  if (existsSync(out) && statSync(out).mtimeMs >= newestMtimeMs(sources)) return;
  console.error(`[lajan] construction de ${name}…`);
  execSync(`npm run build -w ${name}`, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const domain = ['packages/domain/src'];
buildIfStale('@lajan/web', 'apps/web/dist/index.html', [...domain, 'apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts']);
buildIfStale('@lajan/server', 'apps/server/dist/main.js', [...domain, 'apps/server/src', 'apps/server/drizzle', 'apps/server/sql', 'apps/server/build.mjs']);

await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);

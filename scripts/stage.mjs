// `npm run stage -- DIR`: a production directory made of what `npm run build` made, the migrations, the
// database's functions and a package.json of run-time packages only, then `npm ci --omit=dev` there with
// every install script outside allowScripts refused (decision 229). `--no-install`: the files alone.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionLock, productionManifest } from './production-package.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const target = args.find((arg) => !arg.startsWith('--'));
if (!target) {
  console.error('usage : npm run stage -- DOSSIER [--no-install]');
  process.exit(2);
}
const dir = resolve(target);
if (existsSync(dir) && readdirSync(dir).length > 0) {
  console.error(`[lajan] ${dir} n’est pas vide : choisissez un dossier neuf.`);
  process.exit(1);
}

const built = [
  'apps/server/dist/main.js',
  'apps/server/dist/backup.js',
  'apps/server/dist/mfa-reset.js',
  'apps/web/dist/index.html',
];
const missing = built.filter((file) => !existsSync(join(root, file)));
if (missing.length > 0) {
  console.error(`[lajan] introuvable : ${missing.join(', ')}. Lancez « npm run build » d’abord.`);
  process.exit(1);
}

const copied = [
  'apps/server/dist',
  'apps/server/drizzle',
  'apps/server/sql',
  'apps/web/dist',
  'scripts/serve.mjs',
  'scripts/backup.mjs',
  'scripts/mfa-reset.mjs',
  'scripts/server-bundle.mjs',
];
mkdirSync(dir, { recursive: true });
for (const path of copied) cpSync(join(root, path), join(dir, path), { recursive: true });

const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const manifest = productionManifest(readJson('package.json'), {
  'apps/server': readJson('apps/server/package.json'),
  'packages/domain': readJson('packages/domain/package.json'),
});
writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(
  join(dir, 'package-lock.json'),
  `${JSON.stringify(productionLock(readJson('package-lock.json'), manifest), null, 2)}\n`,
);

if (!args.includes('--no-install')) {
  execFileSync(
    'npm',
    ['ci', '--omit=dev', '--strict-allow-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
    // npm is npm.cmd on Windows, which only a shell runs.
    { cwd: dir, stdio: 'inherit', shell: process.platform === 'win32' },
  );
}
console.error(`[lajan] dossier de production prêt : ${dir} (node scripts/serve.mjs)`);

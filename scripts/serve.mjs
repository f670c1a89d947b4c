// `npm run serve`: the production start. It runs what `npm run build` made and never builds, so that a
// production-only install (`npm run stage`) starts; a service manager runs `node scripts/serve.mjs` itself,
// so that its SIGTERM reaches the server (decision 229).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const missing = ['apps/server/dist/main.js', 'apps/web/dist/index.html'].filter(
  (file) => !existsSync(join(root, file)),
);
if (missing.length > 0) {
  console.error(
    `[lajan] introuvable : ${missing.join(', ')}. Lancez « npm run build » avant « npm run serve », ou « npm start », qui construit ce qui manque.`,
  );
  process.exit(1);
}
await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);

// The catalogues hold every text of the code, each translated in Kreyòl, and none copied from the French
// (issue 45, decision 236). Runs with Node 24 (`npm test`), as the Lingui CLI asks.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import test from 'node:test';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

const root = new URL('../../', import.meta.url).pathname;
const config = getConfig({ configPath: `${root}lingui.config.ts` });

/** Texts that read the same in both languages: names, codes, units. */
export const SAME_IN_BOTH = new Set([
  'HTG',
  'Lajan',
  'Email',
  'OK',
  'CSV',
  'PDF',
  'QR',
  'ID',
  'Total',
  'Admin',
]);

function lingui(...args) {
  return execFileSync(process.execPath, [`${root}node_modules/@lingui/cli/dist/lingui.js`, ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

test('the catalogues are what `npm run i18n:extract` writes from the code', () => {
  assert.doesNotThrow(() => lingui('check', 'sync'), 'run npm run i18n:extract and commit locales/');
});

test('every text has its Kreyòl, none its French copied', async () => {
  const missing = [];
  const copied = [];
  for (const catalog of await getCatalogs(config)) {
    const ht = (await catalog.read('ht')) ?? {};
    for (const [id, entry] of Object.entries(ht)) {
      const french = entry.message ?? id;
      if (!entry.translation) missing.push(`${catalog.name}: ${french}`);
      else if (entry.translation === french && !SAME_IN_BOTH.has(french))
        copied.push(`${catalog.name}: ${french}`);
    }
  }
  assert.deepEqual(missing, [], `${missing.length} texts without Kreyòl`);
  assert.deepEqual(copied, [], `${copied.length} Kreyòl texts equal to the French`);
});

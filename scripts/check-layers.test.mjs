// Each layer rule of `eslint.layers.config.js` still fires (decision 137): a rule that silently stopped
// matching would let `npm run lint` pass on anything. Each case lints one import as if written in `filePath`.
import assert from 'node:assert/strict';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import layers from '../eslint.layers.config.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  // The TypeScript parser without type information: the rules read imports, not types.
  overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...layers],
});

/** The messages of the layer rules on `import … from specifier` written in `filePath`. */
async function layerErrors(filePath, specifier) {
  const text = `import * as imported from '${specifier}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(text, { filePath });
  const fatal = result.messages.find((message) => message.fatal);
  assert.equal(fatal, undefined, fatal?.message);
  return result.messages.filter((message) => message.ruleId === 'boundaries/dependencies');
}

const refused = [
  {
    rule: 'a server module uses another module only through its index.ts',
    filePath: 'apps/server/src/modules/agents/probe.ts',
    specifier: '../persons/store.js',
  },
  {
    rule: 'the composition root uses a module only through its index.ts',
    filePath: 'apps/server/src/services.ts',
    specifier: './modules/agents/service.js',
  },
  {
    rule: 'the core uses no module',
    filePath: 'apps/server/src/db/probe.ts',
    specifier: '../modules/persons/index.js',
  },
  {
    rule: 'a root file of the core (config, clock, …) uses no module',
    filePath: 'apps/server/src/clock-probe.ts',
    specifier: './modules/transactions/index.js',
  },
  {
    rule: 'the ledger does not reach the modules through the composition root',
    filePath: 'apps/server/src/ledger/probe.ts',
    specifier: '../services.js',
  },
  {
    rule: 'a module does not use the composition root',
    filePath: 'apps/server/src/modules/agents/probe.ts',
    specifier: '../../app.js',
  },
  {
    rule: 'the ledger uses no module',
    filePath: 'apps/server/src/ledger/probe.ts',
    specifier: '../modules/persons/index.js',
  },
  {
    rule: 'the ledger throws no HTTP error',
    filePath: 'apps/server/src/ledger/probe.ts',
    specifier: '../http/errors.js',
  },
  {
    rule: 'the domain uses no Node built-in',
    filePath: 'packages/domain/src/probe.ts',
    specifier: 'node:fs',
  },
  {
    rule: 'the domain uses no package but zod',
    filePath: 'packages/domain/src/probe.ts',
    specifier: 'drizzle-orm',
  },
  {
    rule: 'the domain uses libphonenumber-js only through its small metadata',
    filePath: 'packages/domain/src/probe.ts',
    specifier: 'libphonenumber-js/max',
  },
  {
    rule: 'the domain uses none of the server’s files',
    filePath: 'packages/domain/src/probe.ts',
    specifier: '../../../apps/server/src/config.js',
  },
  {
    rule: 'the domain’s code does not use vitest',
    filePath: 'packages/domain/src/probe.ts',
    specifier: 'vitest',
  },
  {
    rule: 'the domain’s code does not use fast-check',
    filePath: 'packages/domain/src/probe.ts',
    specifier: 'fast-check',
  },
];

const allowed = [
  {
    what: 'a module through its index.ts',
    filePath: 'apps/server/src/modules/agents/probe.ts',
    specifier: '../persons/index.js',
  },
  {
    what: 'a module’s own files',
    filePath: 'apps/server/src/modules/agents/probe.ts',
    specifier: './store.js',
  },
  {
    what: 'a module and the core',
    filePath: 'apps/server/src/modules/agents/probe.ts',
    specifier: '../../db/audit.js',
  },
  {
    what: 'the composition root and an index.ts',
    filePath: 'apps/server/src/services.ts',
    specifier: './modules/agents/index.js',
  },
  {
    what: 'the ledger and the database',
    filePath: 'apps/server/src/ledger/probe.ts',
    specifier: '../db/client.js',
  },
  { what: 'the domain and zod', filePath: 'packages/domain/src/probe.ts', specifier: 'zod' },
  {
    what: 'the domain and libphonenumber-js/min',
    filePath: 'packages/domain/src/probe.ts',
    specifier: 'libphonenumber-js/min',
  },
  { what: 'the domain’s own files', filePath: 'packages/domain/src/probe.ts', specifier: './money.js' },
  {
    what: 'the domain’s tests and vitest',
    filePath: 'packages/domain/src/probe.test.ts',
    specifier: 'vitest',
  },
  {
    what: 'the domain’s tests and fast-check',
    filePath: 'packages/domain/src/probe.test.ts',
    specifier: 'fast-check',
  },
];

for (const { rule, filePath, specifier } of refused) {
  test(`refused: ${rule} (${filePath} → ${specifier})`, async () => {
    const errors = await layerErrors(filePath, specifier);
    assert.equal(errors.length, 1, `expected one layer error, got: ${JSON.stringify(errors)}`);
    assert.equal(errors[0].severity, 2);
  });
}

for (const { what, filePath, specifier } of allowed) {
  test(`allowed: ${what} (${filePath} → ${specifier})`, async () => {
    assert.deepEqual(await layerErrors(filePath, specifier), []);
  });
}

import boundaries from 'eslint-plugin-boundaries';

/**
 * The layers the code keeps (docs/decisions/137), apart from the rest of the lint configuration so that
 * `scripts/check-layers.test.mjs` lints bad imports with exactly these rules and proves each one fires.
 */
export default [
  {
    // A server module uses another only through its `index.ts`, the ledger uses no module and no HTTP,
    // the domain uses nothing but zod. The cycle check (`scripts/check-cycles.mjs`) keeps the folders
    // a DAG.
    files: ['apps/server/src/**/*.ts', 'packages/domain/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      // `./x.js` names `./x.ts`: without the TypeScript resolver no import would resolve, and an
      // unresolved import is no element, which no rule checks.
      'import/resolver': {
        typescript: {
          project: ['apps/server/tsconfig.json', 'packages/domain/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
      'boundaries/root-path': import.meta.dirname,
      // The first descriptor a file matches gives its element.
      'boundaries/elements': [
        {
          type: 'server-module',
          pattern: 'apps/server/src/modules/*',
          partialMatch: false,
          capture: ['module'],
        },
        { type: 'server-ledger', pattern: 'apps/server/src/ledger', partialMatch: false },
        { type: 'server-core', pattern: 'apps/server/src/*', partialMatch: false, capture: ['part'] },
        // Its files at the root: app.ts, services.ts, config.ts, …
        { type: 'server-core', pattern: 'apps/server/src', partialMatch: false },
        { type: 'domain', pattern: 'packages/domain/src', partialMatch: false },
      ],
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.ts' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          checkAllOrigins: true,
          checkUnknownLocals: true,
          policies: [
            {
              from: { element: { type: ['server-module', 'server-core'] } },
              disallow: { to: { element: { type: 'server-module' } } },
              message: 'A module is used only through its index.ts (docs/decisions/137).',
            },
            {
              from: { element: { type: ['server-module', 'server-core'] } },
              allow: { to: { element: { type: 'server-module', fileInternalPath: 'index.ts' } } },
            },
            // Until the ledger leaves `modules/` (issue 13, item 1): the ledger and the transactions
            // have no index.ts yet, and their own imports are theirs to change.
            {
              from: { element: { type: 'server-module', captured: { module: '{ledger,transactions}' } } },
              allow: { to: { element: { type: 'server-module' } } },
            },
            {
              from: { element: { type: ['server-module', 'server-core'] } },
              allow: {
                to: { element: { type: 'server-module', captured: { module: '{ledger,transactions}' } } },
              },
            },
            {
              // db/, http/, lib/, mail/, …: below every module. Only the composition root (app.ts,
              // services.ts, at the root of src/) builds the modules.
              from: { element: { type: 'server-core', captured: { part: '*' } } },
              disallow: { to: { element: { type: 'server-module' } } },
              message: 'The core (db, http, lib, mail, …) uses no module (docs/decisions/137).',
            },
            {
              from: { element: { type: 'server-ledger' } },
              disallow: { to: { element: { type: 'server-module' } } },
              message: 'The ledger uses no module: the modules call the ledger (docs/decisions/137).',
            },
            {
              from: { element: { type: 'server-ledger' } },
              disallow: { to: { element: { type: 'server-core', captured: { part: 'http' } } } },
              message: 'The ledger answers named results, never HTTP errors (docs/decisions/137).',
            },
            {
              // Anything outside the domain's own files: a package, a Node built-in, the server's or
              // the web's files.
              from: { element: { type: 'domain' } },
              disallow: { to: { module: { origin: ['external', 'core', 'local'] } } },
              message: 'The domain uses nothing but zod (docs/decisions/137).',
            },
            { from: { element: { type: 'domain' } }, allow: { to: { module: { source: 'zod' } } } },
            {
              from: { element: { type: 'domain' }, file: { categories: 'test' } },
              allow: { to: { module: { source: 'vitest' } } },
            },
          ],
        },
      ],
    },
  },
  // The web's layers go here, as a block of their own (`files: ['apps/web/src/**/*.{ts,tsx}']`): a feature
  // importing another feature (`apps/web/src/features/*`), `lib/` importing `components/`; with their
  // cases in scripts/check-layers.test.mjs.
];

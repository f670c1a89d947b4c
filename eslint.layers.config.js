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
  // The web's layers (STYLE.md, issue 13): shared (lib, components) → features → app. A feature uses its
  // own files, lib, components, config and the domain, never another feature: what two features share
  // moves down into components/ or lib/. lib/ is below components/. apps/web/src/layer-rules.test.ts
  // proves that each rule fires.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // The patterns below are from the repository's root, wherever ESLint runs from (`npm run lint -w`
      // runs it in apps/web, where they would match nothing and every rule would pass).
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { typescript: { project: `${import.meta.dirname}/apps/web/tsconfig.json` } },
      'boundaries/elements': [
        { type: 'web-test', pattern: 'apps/web/src/test' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['name'] },
        { type: 'web-lib', pattern: 'apps/web/src/lib' },
        { type: 'web-components', pattern: 'apps/web/src/components' },
        { type: 'web-config', pattern: 'apps/web/src/config' },
        { type: 'web-app', pattern: 'apps/web/src/app' },
      ],
      // A test sits beside what it tests, in its element, and may use the test helpers of `src/test`.
      'boundaries/files': [{ category: 'test', pattern: 'apps/web/src/**/*.test.{ts,tsx}' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: ['web-feature', 'web-app'] } } },
              message:
                'A feature imports only its own files, lib/, components/, config/ and the domain: move what features share into components/ or lib/',
            },
            {
              from: { element: { type: 'web-components' } },
              disallow: { to: { element: { type: ['web-feature', 'web-app'] } } },
              message: 'components/ is shared by the features: it imports no feature and not app/',
            },
            {
              from: { element: { type: 'web-lib' } },
              disallow: { to: { element: { type: ['web-components', 'web-feature', 'web-app'] } } },
              message:
                'lib/ is the lowest layer of the web: it imports neither components/, nor a feature, nor app/',
            },
            {
              from: {
                element: { type: ['web-feature', 'web-components', 'web-lib', 'web-config', 'web-app'] },
              },
              disallow: { to: { element: { type: 'web-test' } } },
              message: "The app never imports the tests' helpers",
            },
            // A later policy wins: the tests, beside the code they test, use those helpers.
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'web-test' } } } },
          ],
        },
      ],
    },
  },
];

import boundaries from 'eslint-plugin-boundaries';

/**
 * The layers the code keeps (docs/decisions/137), apart from the rest of the lint configuration so that
 * `scripts/check-layers.test.mjs` lints bad imports with exactly these rules and proves each one fires.
 */
export default [
  {
    // A server module uses another only through its `index.ts`, the ledger uses no module and no HTTP,
    // the domain uses nothing but zod (and libphonenumber-js/min, decision 204). The cycle check (`scripts/check-cycles.mjs`) keeps the folders
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
        // The other files at the root of src/: config.ts, clock.ts, logger.ts, …
        { type: 'server-core', pattern: 'apps/server/src', partialMatch: false },
        { type: 'domain', pattern: 'packages/domain/src', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.ts' },
        // The composition root, in the core's folder: the only files that build the modules.
        { category: 'composition-root', pattern: 'apps/server/src/{app,services,main,start}.ts' },
      ],
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
              from: { element: { type: 'server-module' } },
              disallow: { to: { element: { type: 'server-module' } } },
              message: 'A module is used only through its index.ts (docs/decisions/137).',
            },
            {
              from: { element: { type: 'server-module' } },
              allow: { to: { element: { type: 'server-module', fileInternalPath: 'index.ts' } } },
            },
            {
              // db/, http/, lib/, mail/, config.ts, clock.ts, …: below every module.
              from: { element: { type: 'server-core' } },
              disallow: {
                to: [{ element: { type: 'server-module' } }, { file: { categories: 'composition-root' } }],
              },
              message:
                'The core (db, http, lib, mail, config, …) uses no module and not the composition root (docs/decisions/137).',
            },
            {
              // A later policy wins: the composition root (app.ts, services.ts, main.ts, start.ts) builds
              // the modules, through their index.ts only.
              from: { file: { categories: 'composition-root' } },
              allow: {
                to: [
                  { element: { type: 'server-module', fileInternalPath: 'index.ts' } },
                  { file: { categories: 'composition-root' } },
                ],
              },
            },
            {
              from: { element: { type: 'server-ledger' } },
              disallow: {
                to: [{ element: { type: 'server-module' } }, { file: { categories: 'composition-root' } }],
              },
              message: 'The ledger uses no module: the modules call the ledger (docs/decisions/137).',
            },
            {
              from: { element: { type: 'server-module' } },
              disallow: { to: { file: { categories: 'composition-root' } } },
              message:
                'A module does not use the composition root: it is handed what it needs (docs/decisions/137).',
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
              message:
                'The domain uses nothing but zod, libphonenumber-js/min and Lingui (docs/decisions/137, 204, 236).',
            },
            { from: { element: { type: 'domain' } }, allow: { to: { module: { source: 'zod' } } } },
            {
              // Its texts, read in the language of the moment (decision 236).
              from: { element: { type: 'domain' } },
              allow: { to: { module: { source: ['@lingui/core', '@lingui/core/macro'] } } },
            },
            {
              // DESIGN §7's one phone rule, the same in the web's form and on the server (decision 204).
              from: { element: { type: 'domain' } },
              allow: { to: { module: { source: 'libphonenumber-js', internalPath: 'min' } } },
            },
            {
              // The tests alone: vitest, and fast-check's properties (decision 238).
              from: { element: { type: 'domain' }, file: { categories: 'test' } },
              allow: { to: { module: { source: ['vitest', 'fast-check'] } } },
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
        { type: 'web-test', pattern: 'apps/web/src/test', partialMatch: false },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', partialMatch: false, capture: ['name'] },
        { type: 'web-lib', pattern: 'apps/web/src/lib', partialMatch: false },
        // The screens' language and its catalogues (decision 236): beside lib/, below everything.
        { type: 'web-i18n', pattern: 'apps/web/src/i18n', partialMatch: false },
        { type: 'web-components', pattern: 'apps/web/src/components', partialMatch: false },
        { type: 'web-config', pattern: 'apps/web/src/config', partialMatch: false },
        { type: 'web-app', pattern: 'apps/web/src/app', partialMatch: false },
        // The files at the root of src/ (main.tsx, the entry point): above everything, like app/.
        { type: 'web-root', pattern: 'apps/web/src', partialMatch: false },
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
              disallow: { to: { element: { type: ['web-feature', 'web-app', 'web-root'] } } },
              message:
                'A feature imports only its own files, lib/, components/, config/ and the domain: move what features share into components/ or lib/',
            },
            {
              from: { element: { type: 'web-components' } },
              disallow: { to: { element: { type: ['web-feature', 'web-app', 'web-root'] } } },
              message: 'components/ is shared by the features: it imports no feature and not app/',
            },
            {
              from: { element: { type: 'web-lib' } },
              disallow: {
                to: { element: { type: ['web-components', 'web-feature', 'web-app', 'web-root'] } },
              },
              message:
                'lib/ is the lowest layer of the web: it imports neither components/, nor a feature, nor app/',
            },
            {
              from: { element: { type: 'web-i18n' } },
              disallow: {
                to: {
                  element: { type: ['web-lib', 'web-components', 'web-feature', 'web-app', 'web-root'] },
                },
              },
              message: 'i18n/ holds the languages alone: it imports no other folder of the web',
            },
            {
              from: {
                element: {
                  type: ['web-feature', 'web-components', 'web-lib', 'web-i18n', 'web-config', 'web-app'],
                },
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

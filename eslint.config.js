import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.tx-dist/**',
      '**/node_modules/**',
      '**/data/**',
      '**/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.config.*',
      '**/build.mjs',
      'scripts/**',
      'bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
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
  {
    files: ['e2e/**/*.ts'],
    // Playwright fixtures must destructure their dependencies, even when there are none.
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);

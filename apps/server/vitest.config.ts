import { defineConfig } from 'vitest/config';
import { linguiPlugins } from '../../scripts/lingui/vite.mjs';

// Two projects over the same files: `pglite` always; `postgres` when TEST_DATABASE_URL is set,
// where each test file gets its own database (test/helpers/database.ts).
// On PGlite, that database is a copy of one migrated once per run (test/helpers/pglite-template.ts).
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  plugins: linguiPlugins(),
  test: {
    projects: [
      {
        extends: true,
        // The migrated PGlite made once per run; each test file opens its own copy of it.
        test: {
          name: 'pglite',
          provide: { database: 'pglite' },
          globalSetup: ['test/helpers/pglite-template.ts'],
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true,
              test: { name: 'postgres', provide: { database: 'postgres', testDatabaseUrl: postgresUrl } },
            },
          ]
        : []),
    ],
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';

// Two projects over the same files: `pglite` always; `postgres` when TEST_DATABASE_URL is set,
// where each test file gets its own database (test/helpers/database.ts).
const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'pglite', provide: { database: 'pglite' } },
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

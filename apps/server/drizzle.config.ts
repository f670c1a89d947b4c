import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @lajan/server` turns src/db/schema.ts into SQL in drizzle/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});

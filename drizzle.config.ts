import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from src/db/schema.ts into migrations/,
// which wrangler applies (`npm run db:migrate:local` / `db:migrate:remote`).
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './migrations',
});

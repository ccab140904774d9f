import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --config server/drizzle.config.ts` writes a new SQL migration from the schema.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/drizzle',
});

// Prisma CLI configuration. Only `prisma generate` is used here (migrations run through
// scripts/db/migrate.ts with the WASM engine), so no datasource URL is needed.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});

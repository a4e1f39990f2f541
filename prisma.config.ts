// Prisma CLI configuration. These machines cannot download Prisma's native schema engine:
// `prisma generate` only needs the variable to point at an existing file, and migrations are
// applied by our own runner (api/src/infra/migrate.ts) and authored with the WebAssembly engine
// (scripts/db-migration.ts), so the native engine is never used.
import { defineConfig } from 'prisma/config';
import { fileURLToPath } from 'node:url';

process.env.CHECKPOINT_DISABLE = '1';
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(new URL('./prisma/schema.prisma', import.meta.url));

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});

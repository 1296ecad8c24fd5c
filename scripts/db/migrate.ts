// CLI for offline migrations (see migrate-engine.ts):
//   npm run db:migrate                 apply committed migrations to DATABASE_URL
//   npm run db:migration -- <name>     write a migration for the changes in schema.prisma
//   npm run db:status                  list unapplied/failed migrations and check drift
// The engine leaves a timer running, so every path ends with an explicit exit.
import {
  applyMigrations,
  createMigration,
  diffDatabaseToSchema,
  diffMigrationsToSchema,
  migrationStatus,
} from './migrate-engine';

const DEFAULT_URL = 'postgresql://postgres@127.0.0.1:5432/itconnect';

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_URL;
  switch (command) {
    case 'deploy': {
      const applied = await applyMigrations(databaseUrl);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
      return 0;
    }
    case 'create': {
      const name = rest.join(' ');
      const created = await createMigration(databaseUrl, name);
      if (!created) {
        console.log('No changes: the migrations already match prisma/schema.prisma.');
        return 0;
      }
      console.log(`Created ${created.folder}\n\n${created.sql}`);
      console.log('Review the SQL (add what Prisma cannot express: generated columns, CHECK constraints), then run npm run db:migrate.');
      return 0;
    }
    case 'status': {
      const status = await migrationStatus(databaseUrl);
      const drift = await diffMigrationsToSchema(databaseUrl);
      const live = await diffDatabaseToSchema(databaseUrl);
      console.log(`Unapplied migrations: ${status.unapplied.join(', ') || 'none'}`);
      console.log(`Failed migrations: ${status.failed.join(', ') || 'none'}`);
      console.log(`Edited after applying: ${status.edited.join(', ') || 'none'}`);
      console.log(drift.trim() ? `Schema and migrations differ:\n${drift}` : 'Schema and migrations agree.');
      console.log(live.trim() ? `Database and schema differ:\n${live}` : 'Database and schema agree.');
      return status.failed.length || status.edited.length || drift.trim() ? 1 : 0;
    }
    default:
      console.error('Usage: migrate.ts deploy | create <name> | status');
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

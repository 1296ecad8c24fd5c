// The bench seed against a real, migrated database: its listings carry a value of every listing
// field (core/listing-fields.ts), and the same seed writes the same rows.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_FIELDS, readListingFields } from '../../core/listing-fields';
import { createTestDatabase, type TestDatabase } from '../../tests/support/services';
import { seedBenchProfessionals } from './seed';

let db: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await db?.drop();
});

async function seed(): Promise<Record<string, unknown>[]> {
  await seedBenchProfessionals(client, { count: 300, root: process.cwd(), batchSize: 120 });
  return db.prisma.professional.findMany({ orderBy: { id: 'asc' }, omit: { geocodedAt: true } });
}

describe('seedBenchProfessionals', () => {
  it('gives every listing a value of every listing field, from its options', async () => {
    const rows = await seed();
    expect(rows).toHaveLength(300);
    for (const field of LISTING_FIELDS) {
      const values = rows.map((row) => readListingFields(row, LISTING_FIELDS)[field.name]);
      expect(values.every((value, index) => value !== null && value === rows[index]![field.name]), field.name).toBe(true);
      expect(new Set(values).size, field.name).toBe(field.kind === 'enum' ? field.options.length : 2);
    }
  });

  it('writes the same rows again for the same seed', async () => {
    const first = await seed();
    expect(await seed()).toEqual(first);
  });
});

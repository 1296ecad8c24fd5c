// The committed migrations apply to an empty database, and schema.prisma, the migrations and a
// migrated database all agree (no drift). Uses the real WASM schema engine and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createEmptyDatabase, createTestDatabase } from '../../tests/support/services';
import {
  applyMigrations,
  diffDatabaseToSchema,
  diffMigrationsToSchema,
  migrationStatus,
  readMigrationsList,
} from './migrate-engine';

describe('migrations', () => {
  let empty: Awaited<ReturnType<typeof createEmptyDatabase>>;

  beforeAll(async () => {
    empty = await createEmptyDatabase();
  });
  afterAll(async () => {
    await empty.drop();
  });

  it('apply to an empty database, then report nothing left to apply', async () => {
    const names = (await readMigrationsList()).migrationDirectories.map((d) => d.path);
    expect(names.length).toBeGreaterThan(0);
    expect(await applyMigrations(empty.url)).toEqual(names);
    expect(await applyMigrations(empty.url)).toEqual([]);
    const status = await migrationStatus(empty.url);
    expect(status).toEqual({ unapplied: [], failed: [], edited: [], history: null });
  });

  it('have no drift from schema.prisma', async () => {
    expect(await diffMigrationsToSchema(empty.url)).toBe('');
    expect(await diffDatabaseToSchema(empty.url)).toBe('');
  });

  it('detect drift when the database differs from the schema', async () => {
    const db = await createTestDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('DROP INDEX "professionals_region_idx"');
    await client.end();
    try {
      expect(await diffDatabaseToSchema(db.url)).toContain('professionals_region_idx');
    } finally {
      await db.drop();
    }
  });
});

describe('the first migration', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('keeps a generated, weighted search vector in step with the row', async () => {
    const pro = await db.prisma.professional.create({
      data: {
        slug: 'pixel-perfect-web-studio',
        companyName: 'Pixel Perfect Web Studio',
        contactName: 'Ada Jones',
        email: 'ada@example.co.uk',
        description: 'Accessible websites for small charities.',
        services: ['Web Design', 'SEO & SEM'],
        location: 'Greater Manchester',
        region: 'Manchester',
        postcode: 'M1 1AE',
      },
    });
    const rows = await db.prisma.$queryRaw<{ id: number; rank: number }[]>`
      SELECT id, ts_rank(search_vector, websearch_to_tsquery('english', 'charity websites')) AS rank
      FROM professionals WHERE search_vector @@ websearch_to_tsquery('english', 'charity websites')`;
    expect(rows.map((r) => r.id)).toEqual([pro.id]);
    await db.prisma.professional.update({ where: { id: pro.id }, data: { description: 'Network cabling.' } });
    const after = await db.prisma.$queryRaw<{ id: number }[]>`
      SELECT id FROM professionals WHERE search_vector @@ websearch_to_tsquery('english', 'charity')`;
    expect(after).toEqual([]);
  });

  it('rejects a review rating outside 1 to 5 and creates the site settings row', async () => {
    const settings = await db.prisma.siteSetting.findUnique({ where: { id: 1 } });
    expect(settings?.maintenanceEnabled).toBe(false);
    const user = await db.prisma.user.create({ data: { email: 'r@example.com', passwordHash: 'x', name: 'R' } });
    const pro = await db.prisma.professional.findFirstOrThrow();
    await expect(
      db.prisma.review.create({
        data: { userId: user.id, professionalId: pro.id, rating: 6, title: 't', comment: 'c' },
      }),
    ).rejects.toThrow(/reviews_rating_range/);
  });
});

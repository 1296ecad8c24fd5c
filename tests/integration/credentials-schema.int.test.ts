// The database's half of the credentials (decision 0041): its CHECK constraints and trigger name
// the same kinds, statuses and file types as core/credentials.ts, in the same order, and the
// trigger keeps a listing's checks and its three directory flags in step with the credentials in
// force, whoever writes them.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_KINDS, CREDENTIAL_STATUSES, EVIDENCE_TYPES } from '../../core/credentials';
import { createTestDatabase, type TestDatabase } from '../support/services';

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

/** The quoted strings of a constraint's or function's text, in order. */
const quoted = (text: string) => [...text.matchAll(/'([^']+)'/g)].map((m) => m[1]!);

async function constraintValues(name: string): Promise<string[]> {
  const { rows } = await client.query<{ def: string }>('SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = $1', [name]);
  return quoted(rows[0]!.def).map((v) => v.replace(/::text$/, ''));
}

describe('the credentials schema', () => {
  it('names the kinds, statuses and evidence types of core/credentials.ts', async () => {
    expect((await constraintValues('credentials_kind_check')).sort()).toEqual([...CREDENTIAL_KINDS].sort());
    expect(await constraintValues('credentials_status_check')).toEqual([...CREDENTIAL_STATUSES]);
    expect(await constraintValues('evidence_files_content_type_check')).toEqual([...EVIDENCE_TYPES]);
  });

  it('orders a listing’s checks as core/credentials.ts lists the kinds', async () => {
    const { rows } = await client.query<{ src: string }>("SELECT prosrc AS src FROM pg_proc WHERE proname = 'itc_refresh_verified_checks'");
    const order = /ARRAY\[([^\]]+)\]/.exec(rows[0]!.src)![1]!;
    expect(quoted(order)).toEqual([...CREDENTIAL_KINDS]);
  });
});

describe('the listing’s checks', () => {
  let professionalId: number;
  const listing = async () =>
    (
      await client.query<{ verified_checks: { kind: string; expiresOn: string | null; checkedOn: string }[]; is_insured: boolean; has_cyber_essentials: boolean; is_company_registered: boolean }>(
        'SELECT verified_checks, is_insured, has_cyber_essentials, is_company_registered FROM professionals WHERE id = $1',
        [professionalId],
      )
    ).rows[0]!;
  const add = async (kind: string, status: string, expiresInDays: number | null) =>
    (
      await client.query<{ id: number }>(
        `INSERT INTO credentials (professional_id, kind, status, details, expires_on, reviewed_at)
         VALUES ($1, $2, $3, '{"n":"1"}', CASE WHEN $4::int IS NULL THEN NULL ELSE itc_uk_today() + $4::int END, now()) RETURNING id`,
        [professionalId, kind, status, expiresInDays],
      )
    ).rows[0]!.id;

  beforeAll(async () => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO professionals (slug, company_name, contact_name, email, description, location, region, postcode, updated_at)
       VALUES ('schema-checks', 'Schema Checks Ltd', 'Sam', 'schema-checks@example.com', 'd', 'Leeds', 'Leeds', 'LS1 1AA', now()) RETURNING id`,
    );
    professionalId = rows[0]!.id;
  });

  it('holds the approved checks in force, in the kinds’ order, with their flags', async () => {
    await add('vendor_certification', 'approved', null);
    await add('public_liability', 'approved', 200);
    await add('companies_house', 'approved', null);
    await add('cyber_essentials', 'pending', 300);
    const row = await listing();
    expect(row.verified_checks.map((c) => c.kind)).toEqual(['companies_house', 'public_liability', 'vendor_certification']);
    expect(row).toMatchObject({ is_insured: true, has_cyber_essentials: false, is_company_registered: true });
  });

  it('leaves out a check on its expiry day, and drops one that ends', async () => {
    await add('cyber_essentials_plus', 'approved', 0);
    expect((await listing()).has_cyber_essentials).toBe(false);
    const ce = await add('cyber_essentials', 'approved', 1);
    expect((await listing()).has_cyber_essentials).toBe(true);
    await client.query("UPDATE credentials SET status = 'expired' WHERE id = $1", [ce]);
    expect((await listing()).has_cyber_essentials).toBe(false);
    await client.query("UPDATE credentials SET status = 'withdrawn' WHERE professional_id = $1 AND kind = 'public_liability'", [professionalId]);
    await client.query("DELETE FROM credentials WHERE professional_id = $1 AND kind = 'companies_house'", [professionalId]);
    const row = await listing();
    expect(row.verified_checks.map((c) => c.kind)).toEqual(['vendor_certification']);
    expect(row).toMatchObject({ is_insured: false, is_company_registered: false });
  });

  it('refuses a rejection without a reason and an unknown kind', async () => {
    await expect(add('rejected-kind', 'approved', null)).rejects.toThrow(/credentials_kind_check/);
    await expect(add('ico_registration', 'rejected', 10)).rejects.toThrow(/credentials_rejection_reason_check/);
  });
});

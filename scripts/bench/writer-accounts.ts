// The accounts and applications the long-tail mix's writer uses (scripts/bench/long-tail.ts), beside
// the bench's professionals: an admin, customers who post reviews, and applicants whose paid
// applications wait for an admin (each with its unapproved listing and provider account, as a paid
// checkout leaves them, api/src/testing/applications.ts). Seeded once and reused; what a run's
// writer changed (reviews and the ratings the worker recalculated from them, approvals and what
// they wrote) is put back by resetWriterEffects before any measurement, so every run starts from
// the same data.
import type pg from 'pg';
import { hashPassword } from '../../prisma/password';

export const BENCH_PASSWORD = 'bench writer password';
export const BENCH_ADMIN_EMAIL = 'bench-admin@example.test';
export const BENCH_CUSTOMER_COUNT = 100;
/** 2 approvals a second: enough for a 200-second mix. */
export const BENCH_APPLICANT_COUNT = 400;
export const APPLICANT_SLUG_PREFIX = 'bench-applicant-';

const CODE_LETTERS = 'bcdfghjkmnpqrstvwxz';

export const customerEmail = (i: number) => `bench-customer-${i}@example.test`;
export const applicantEmail = (i: number) => `bench-applicant-${i}@example.test`;

/**
 * A word only applicant `i` has in its company name (letters only, fixed length, so no applicant's
 * word is a prefix of another's and every tokenizer keeps it whole): a search for it finds that
 * listing once it is approved.
 */
export function applicantCode(i: number): string {
  let code = '';
  let n = i;
  for (let k = 0; k < 4; k++) {
    code += CODE_LETTERS[n % CODE_LETTERS.length];
    n = Math.floor(n / CODE_LETTERS.length);
  }
  return `Qx${code}`;
}

export interface WriterAccountCounts {
  admins: number;
  customers: number;
  applicants: number;
}

export async function countWriterAccounts(client: pg.ClientBase): Promise<WriterAccountCounts> {
  const { rows } = await client.query<WriterAccountCounts>(
    `SELECT (SELECT count(*)::int FROM users WHERE email = $1 AND role = 'admin') AS admins,
            (SELECT count(*)::int FROM users WHERE email LIKE 'bench-customer-%' AND role = 'customer') AS customers,
            (SELECT count(*)::int FROM applications a JOIN professionals p ON p.id = a.professional_id
              WHERE a.email LIKE 'bench-applicant-%' AND p.slug LIKE $2) AS applicants`,
    [BENCH_ADMIN_EMAIL, `${APPLICANT_SLUG_PREFIX}%`],
  );
  return rows[0]!;
}

export function hasWriterAccounts(c: WriterAccountCounts): boolean {
  return c.admins === 1 && c.customers === BENCH_CUSTOMER_COUNT && c.applicants === BENCH_APPLICANT_COUNT;
}

/** Replaces the writer's accounts and applications (after the professionals: their TRUNCATE cascades to users). */
export async function seedWriterAccounts(client: pg.ClientBase): Promise<void> {
  const hash = await hashPassword(BENCH_PASSWORD);
  await client.query('BEGIN');
  try {
    await client.query(`DELETE FROM reviews WHERE user_id IN (SELECT id FROM users WHERE email LIKE 'bench-customer-%')`);
    await client.query(`DELETE FROM applications WHERE email LIKE 'bench-applicant-%'`);
    await client.query(`DELETE FROM users WHERE email LIKE 'bench-customer-%' OR email LIKE 'bench-applicant-%' OR email = $1`, [BENCH_ADMIN_EMAIL]);
    await client.query(`DELETE FROM professionals WHERE slug LIKE $1`, [`${APPLICANT_SLUG_PREFIX}%`]);
    await client.query(`INSERT INTO users (email, password_hash, name, role, updated_at) VALUES ($1, $2, 'Bench Admin', 'admin', now())`, [BENCH_ADMIN_EMAIL, hash]);
    await client.query(
      `INSERT INTO users (email, password_hash, name, role, updated_at)
       SELECT 'bench-customer-' || i || '@example.test', $1, 'Bench Customer ' || i, 'customer', now() FROM generate_series(0, $2::int - 1) i`,
      [hash, BENCH_CUSTOMER_COUNT],
    );
    const codes = Array.from({ length: BENCH_APPLICANT_COUNT }, (_, i) => applicantCode(i));
    // Listings as a paid checkout leaves them: unapproved, subscription active, not geocoded yet.
    await client.query(
      `INSERT INTO professionals (slug, company_name, contact_name, email, description, services, location, region, postcode,
         rate_pence, rate_type, hourly_rate_pence, is_approved, subscription_status, subscription_type, first_paid_at, updated_at)
       SELECT $1 || (t.n - 1), t.code || ' Networks', 'Bench Applicant ' || (t.n - 1), 'bench-applicant-' || (t.n - 1) || '@example.test',
         'Networks and Wi-Fi for shops and offices in Manchester.', ARRAY['Network Setup', 'Remote Support'], 'Greater Manchester',
         'Manchester', 'M1 1AE', 4500, 'hourly', 4500, false, 'active', 'monthly', now() - interval '1 hour', now()
       FROM unnest($2::text[]) WITH ORDINALITY AS t(code, n)`,
      [APPLICANT_SLUG_PREFIX, codes],
    );
    await client.query(
      `INSERT INTO users (email, password_hash, name, role, professional_id, updated_at)
       SELECT p.email, $1, p.contact_name, 'provider', p.id, now() FROM professionals p WHERE p.slug LIKE $2`,
      [hash, `${APPLICANT_SLUG_PREFIX}%`],
    );
    await client.query(
      `INSERT INTO applications (user_id, professional_id, company_name, contact_name, email, description, services, location, region,
         postcode, rate_pence, rate_type, paid_at, plan, status, updated_at)
       SELECT u.id, p.id, p.company_name, p.contact_name, p.email, p.description, p.services, p.location, p.region, p.postcode,
         p.rate_pence, p.rate_type, p.first_paid_at, 'monthly', 'pending', now()
       FROM professionals p JOIN users u ON u.professional_id = p.id WHERE p.slug LIKE $1`,
      [`${APPLICANT_SLUG_PREFIX}%`],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/**
 * What the bench keeps of its own between runs (schema bench_state, beside the product's tables):
 * the figures of the professionals its writer reviewed, as they were before, to put back.
 */
async function ensureStateTable(client: pg.ClientBase | pg.Pool): Promise<void> {
  await client.query(`CREATE SCHEMA IF NOT EXISTS bench_state`);
  await client.query(
    `CREATE TABLE IF NOT EXISTS bench_state.rating_originals (
       professional_id int PRIMARY KEY, rating numeric(2, 1) NOT NULL, review_count int NOT NULL, recommend_count int NOT NULL)`,
  );
}

/** Forgets the kept figures: after the professionals are seeded again, they belong to rows that are gone. */
export async function forgetRatingOriginals(client: pg.ClientBase): Promise<void> {
  await ensureStateTable(client);
  await client.query('DELETE FROM bench_state.rating_originals');
}

/** Keeps the current figures of professionals about to be reviewed (the first kept wins until the next reset). */
export async function rememberRatings(client: pg.ClientBase | pg.Pool, professionalIds: number[]): Promise<void> {
  await ensureStateTable(client);
  await client.query(
    `INSERT INTO bench_state.rating_originals (professional_id, rating, review_count, recommend_count)
     SELECT id, rating, review_count, recommend_count FROM professionals WHERE id = ANY($1::int[])
     ON CONFLICT (professional_id) DO NOTHING`,
    [professionalIds],
  );
}

/**
 * Undoes what a run's writer did: its reviews go and the reviewed professionals get their figures
 * back; approved applications wait again, their listings unapproved and not geocoded; the admin's
 * audit rows go. Returns how many rows it put back (0 on a clean database).
 */
export async function resetWriterEffects(client: pg.ClientBase): Promise<{ reviews: number; ratings: number; applications: number }> {
  await ensureStateTable(client);
  await client.query('BEGIN');
  try {
    const reviews = await client.query(`DELETE FROM reviews WHERE user_id IN (SELECT id FROM users WHERE email LIKE 'bench-customer-%')`);
    const ratings = await client.query(
      `UPDATE professionals p SET rating = o.rating, review_count = o.review_count, recommend_count = o.recommend_count
       FROM bench_state.rating_originals o
       WHERE p.id = o.professional_id AND (p.rating, p.review_count, p.recommend_count) IS DISTINCT FROM (o.rating, o.review_count, o.recommend_count)`,
    );
    await client.query('DELETE FROM bench_state.rating_originals');
    const applications = await client.query(
      `UPDATE applications SET status = 'pending', reviewed_by_id = NULL, reviewed_at = NULL, rejection_reason = NULL
       WHERE email LIKE 'bench-applicant-%' AND status <> 'pending'`,
    );
    await client.query(
      `UPDATE professionals SET is_approved = false, approved_at = NULL, lat = NULL, lng = NULL, geocoded_postcode = NULL, geocoded_at = NULL
       WHERE slug LIKE $1 AND (is_approved OR lat IS NOT NULL)`,
      [`${APPLICANT_SLUG_PREFIX}%`],
    );
    await client.query(`DELETE FROM audit_logs WHERE actor_id IN (SELECT id FROM users WHERE email = $1)`, [BENCH_ADMIN_EMAIL]);
    await client.query('COMMIT');
    return { reviews: reviews.rowCount ?? 0, ratings: ratings.rowCount ?? 0, applications: applications.rowCount ?? 0 };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

// Writes the demo data (demo-data.ts) into a migrated database in one transaction, gives every
// account a random password, then enqueues a geocode-professional job for every professional:
// the map is filled by the worker, never by the seed (lat/lng stay NULL here).
//
// Used by `npm start` (first run only: it seeds when the professionals table is empty), by the
// e2e runner, and by `npm run db:seed` (seed.ts). Rows are inserted in bulk from one JSON
// parameter each (jsonb_to_recordset), the INSERT … SELECT recipe of docs/architecture.md, Traps.
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import pg from 'pg';
import { JOBS, jobOptions, queuePrefix } from '../../../core/jobs';
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../../../prisma/password';
import {
  buildDemoData,
  DEMO_COMPANY_TLD,
  DEMO_INVOICE_PREFIX,
  DEMO_USER_DOMAIN,
  type DemoData,
  type DemoUser,
} from './demo-data';
import { loadOutcodes } from './places';

export interface DemoAccount {
  role: 'admin' | 'provider' | 'customer';
  email: string;
  password: string;
  name: string;
}

export type SeedResult =
  | { seeded: false; reason: string }
  | { seeded: true; accounts: DemoAccount[]; professionals: number; reviews: number; geocodeJobs: number };

export interface SeedOptions {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Remove earlier demo rows first and seed again (refused in production). */
  force?: boolean;
  nodeEnv?: string;
  now?: Date;
  log?: (line: string) => void;
}

/** Column name → PostgreSQL type, as jsonb_to_recordset needs them. */
type Columns = Record<string, string>;

async function insertRows<R extends Record<string, unknown>>(
  client: pg.ClientBase,
  table: string,
  columns: Columns,
  rows: Record<string, unknown>[],
  returning: string[],
): Promise<R[]> {
  if (rows.length === 0) return [];
  // Table and column names come from this file, never from input; values travel as one JSON parameter.
  const names = Object.keys(columns).map((c) => `"${c}"`).join(', ');
  const definitions = Object.entries(columns).map(([c, type]) => `"${c}" ${type}`).join(', ');
  const result = await client.query<R>(
    `INSERT INTO "${table}" (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${definitions}) RETURNING ${returning.map((c) => `"${c}"`).join(', ')}`,
    [JSON.stringify(rows)],
  );
  return result.rows;
}

function randomPassword(): string {
  // 15 characters from an unambiguous alphabet (~75 bits): easy to copy from a terminal.
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(15);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

async function isEmpty(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM professionals) AS found');
  return !rows[0]!.found;
}

/** Deletes what an earlier demo seed wrote (recognised by its reserved domains and invoice ids). */
async function removeDemoData(client: pg.ClientBase): Promise<void> {
  const userPattern = `%@${DEMO_USER_DOMAIN}`;
  const companyPattern = `%${DEMO_COMPANY_TLD}`;
  await client.query('DELETE FROM payments WHERE stripe_invoice_id LIKE $1', [`${DEMO_INVOICE_PREFIX}%`]);
  await client.query('DELETE FROM applications WHERE email LIKE $1', [companyPattern]);
  // Reviews, messages and reports cascade with their users and professionals.
  await client.query('DELETE FROM users WHERE email LIKE $1 OR email LIKE $2', [userPattern, companyPattern]);
  await client.query('DELETE FROM professionals WHERE email LIKE $1', [companyPattern]);
}

async function writeDemoData(client: pg.ClientBase, data: DemoData, passwords: Map<string, string>): Promise<Map<string, number>> {
  const now = new Date();
  const professionalIds = new Map<string, number>();
  const insertedProfessionals = await insertRows<{ id: number; slug: string }>(
    client,
    'professionals',
    {
      slug: 'text', company_name: 'text', contact_name: 'text', email: 'text', phone: 'text', website: 'text',
      description: 'text', services: 'text[]', location: 'text', region: 'text', postcode: 'text',
      rate_pence: 'int', rate_type: '"RateType"', hourly_rate_pence: 'int', is_project_based: 'boolean',
      employee_count: 'text', business_type: 'text', rating: 'numeric', review_count: 'int', recommend_count: 'int',
      is_approved: 'boolean', approved_at: 'timestamptz', subscription_status: '"SubscriptionStatus"',
      subscription_type: '"SubscriptionType"', current_period_end: 'timestamptz', first_paid_at: 'timestamptz',
      created_at: 'timestamptz', updated_at: 'timestamptz',
    },
    data.professionals.map((p) => ({
      slug: p.slug, company_name: p.companyName, contact_name: p.contactName, email: p.email, phone: p.phone,
      website: p.website, description: p.description, services: p.services, location: p.location, region: p.region,
      postcode: p.postcode, rate_pence: p.ratePence, rate_type: p.rateType, hourly_rate_pence: p.hourlyRatePence,
      is_project_based: p.isProjectBased, employee_count: p.employeeCount, business_type: p.businessType,
      rating: p.rating, review_count: p.reviewCount, recommend_count: p.recommendCount, is_approved: true,
      approved_at: p.approvedAt, subscription_status: 'active', subscription_type: p.subscriptionType,
      current_period_end: p.currentPeriodEnd, first_paid_at: p.firstPaidAt, created_at: p.createdAt, updated_at: now,
    })),
    ['id', 'slug'],
  );
  for (const row of insertedProfessionals) professionalIds.set(row.slug, row.id);

  const userIds = new Map<string, number>();
  const users = await insertRows<{ id: number; email: string }>(
    client,
    'users',
    {
      email: 'text', password_hash: 'text', name: 'text', role: '"Role"', professional_id: 'int',
      created_at: 'timestamptz', updated_at: 'timestamptz',
    },
    data.users.map((u) => ({
      email: u.email, password_hash: passwords.get(u.email), name: u.name, role: u.role,
      professional_id: u.professionalSlug ? professionalIds.get(u.professionalSlug) : null,
      created_at: u.createdAt, updated_at: now,
    })),
    ['id', 'email'],
  );
  for (const row of users) userIds.set(row.email, row.id);

  await insertRows(
    client,
    'reviews',
    {
      user_id: 'int', professional_id: 'int', project_type: 'text', rating: 'int', title: 'text', comment: 'text',
      would_recommend: 'boolean', is_verified: 'boolean', is_public: 'boolean', reply: 'text', replied_at: 'timestamptz',
      created_at: 'timestamptz', updated_at: 'timestamptz',
    },
    data.reviews.map((r) => ({
      user_id: userIds.get(r.userEmail), professional_id: professionalIds.get(r.professionalSlug), project_type: r.projectType,
      rating: r.rating, title: r.title, comment: r.comment, would_recommend: r.wouldRecommend, is_verified: false,
      is_public: true, reply: r.reply, replied_at: r.repliedAt, created_at: r.createdAt, updated_at: r.repliedAt ?? r.createdAt,
    })),
    ['id'],
  );

  await insertRows(
    client,
    'payments',
    {
      professional_id: 'int', stripe_invoice_id: 'text', amount_pence: 'int', currency: 'text', plan: '"SubscriptionType"',
      period_start: 'timestamptz', period_end: 'timestamptz', paid_at: 'timestamptz', created_at: 'timestamptz',
    },
    data.payments.map((p) => ({
      professional_id: professionalIds.get(p.professionalSlug), stripe_invoice_id: p.stripeInvoiceId, amount_pence: p.amountPence,
      currency: 'gbp', plan: p.plan, period_start: p.periodStart, period_end: p.periodEnd, paid_at: p.paidAt, created_at: p.paidAt,
    })),
    ['id'],
  );

  const a = data.application;
  await insertRows(
    client,
    'applications',
    {
      user_id: 'int', company_name: 'text', contact_name: 'text', email: 'text', phone: 'text', website: 'text',
      description: 'text', services: 'text[]', location: 'text', region: 'text', postcode: 'text', rate_pence: 'int',
      rate_type: '"RateType"', is_project_based: 'boolean', employee_count: 'text', business_type: 'text',
      social_links: 'jsonb', plan: '"SubscriptionType"', status: '"ApplicationStatus"', created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    [{
      user_id: userIds.get(a.userEmail), company_name: a.companyName, contact_name: a.contactName, email: a.email,
      phone: a.phone, website: a.website, description: a.description, services: a.services, location: a.location,
      region: a.region, postcode: a.postcode, rate_pence: a.ratePence, rate_type: a.rateType, is_project_based: a.isProjectBased,
      employee_count: a.employeeCount, business_type: a.businessType,
      social_links: a.website ? [{ platform: 'website', url: a.website }] : [], plan: a.plan, status: 'pending',
      created_at: a.createdAt, updated_at: a.createdAt,
    }],
    ['id'],
  );
  return professionalIds;
}

/**
 * One geocode-professional job per professional. Job ids are deterministic (core/jobs.ts), so a
 * finished job with the same id left in Redis by an earlier database (same ids after a reset)
 * would swallow a new one: with `replaceFinished` (new rows) such leftovers are removed first.
 */
export async function enqueueGeocodeJobs(options: {
  redisUrl: string;
  redisPrefix: string;
  professionals: { id: number; postcode: string }[];
  replaceFinished: boolean;
}): Promise<number> {
  if (options.professionals.length === 0) return 0;
  const job = JOBS.geocodeProfessional;
  const queue = new Queue(job.queue, { connection: { url: options.redisUrl }, prefix: queuePrefix(options.redisPrefix) });
  try {
    const jobs = options.professionals.map((p) => {
      const payload = job.payload.parse({ professionalId: p.id, postcode: p.postcode });
      return { name: job.name, data: payload, opts: jobOptions('geocodeProfessional', payload) };
    });
    if (options.replaceFinished) {
      for (const { opts } of jobs) {
        const existing = await queue.getJob(opts.jobId);
        if (existing && ((await existing.isCompleted()) || (await existing.isFailed()))) await existing.remove();
      }
    }
    await queue.addBulk(jobs);
    return jobs.length;
  } finally {
    await queue.close();
  }
}

/**
 * Queues geocoding for professionals that still have no coordinates, e.g. when a Redis without
 * persistence lost the jobs the seed queued. Jobs already queued or done are not repeated.
 */
export async function enqueueMissingGeocodes(options: { databaseUrl: string; redisUrl: string; redisPrefix: string }): Promise<number> {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let professionals: { id: number; postcode: string }[];
  try {
    professionals = (await client.query<{ id: number; postcode: string }>('SELECT id, postcode FROM professionals WHERE lat IS NULL ORDER BY id')).rows;
  } finally {
    await client.end();
  }
  return enqueueGeocodeJobs({ ...options, professionals, replaceFinished: false });
}

export async function seedDemoData(options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  if (options.force && options.nodeEnv === 'production') {
    return { seeded: false, reason: 'refusing to replace demo data with NODE_ENV=production' };
  }
  const data = buildDemoData({ outcodes: loadOutcodes(), ...(options.now ? { now: options.now } : {}) });

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let professionals: { id: number; postcode: string }[];
  const accounts: DemoAccount[] = [];
  try {
    if (!options.force && !(await isEmpty(client))) {
      return { seeded: false, reason: 'the database already has professionals (use --force to replace the demo data)' };
    }
    const started = Date.now();
    // The three demo accounts and the applicant get random passwords (only the demo accounts'
    // are ever shown). The demo reviewers only exist as review authors: they get no usable
    // password, which also spares 36 deliberately slow scrypt hashes on every first start.
    const passwords = new Map<string, string>();
    const shown = new Set<DemoUser>(Object.values(data.accounts));
    await Promise.all(
      data.users.map(async (user) => {
        const canSignIn = shown.has(user) || user.email === data.application.userEmail;
        if (!canSignIn) {
          passwords.set(user.email, UNUSABLE_PASSWORD_HASH);
          return;
        }
        const password = randomPassword();
        passwords.set(user.email, await hashPassword(password));
        if (shown.has(user)) accounts.push({ role: user.role, email: user.email, password, name: user.name });
      }),
    );
    accounts.sort((a, b) => ['admin', 'provider', 'customer'].indexOf(a.role) - ['admin', 'provider', 'customer'].indexOf(b.role));

    await client.query('BEGIN');
    try {
      if (options.force) await removeDemoData(client);
      const ids = await writeDemoData(client, data, passwords);
      await client.query('COMMIT');
      professionals = data.professionals.map((p) => ({ id: ids.get(p.slug)!, postcode: p.postcode }));
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    log(`wrote ${data.professionals.length} professionals, ${data.reviews.length} reviews, ${data.users.length} users, ${data.payments.length} payments and 1 pending application in ${Date.now() - started} ms`);
  } finally {
    await client.end();
  }

  // After the commit, so the worker finds the rows (CONVENTIONS 6).
  const geocodeJobs = await enqueueGeocodeJobs({ redisUrl: options.redisUrl, redisPrefix: options.redisPrefix, professionals, replaceFinished: true });
  log(`queued ${geocodeJobs} geocode-professional jobs (the worker fills in the map positions)`);
  return { seeded: true, accounts, professionals: data.professionals.length, reviews: data.reviews.length, geocodeJobs };
}

/** The demo accounts as lines for a terminal (printed once, when they are created). */
export function formatDemoAccounts(accounts: readonly DemoAccount[]): string[] {
  const width = Math.max(...accounts.map((a) => a.email.length));
  return [
    'Demo accounts (passwords are shown only this once; keep them or reseed with npm run db:seed -- --force):',
    ...accounts.map((a) => `  ${a.role.padEnd(8)} ${a.email.padEnd(width)}  ${a.password}`),
  ];
}

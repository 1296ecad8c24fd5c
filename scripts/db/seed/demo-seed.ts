// Writes the demo data (demo-data.ts) into a migrated database in one transaction, gives every
// account a random password, then enqueues a geocode-professional job for every professional
// (the applicants' unapproved listings too, as a paid checkout would):
// the map is filled by the worker, never by the seed (lat/lng stay NULL here).
//
// Used by `npm start` (first run only: it seeds when the professionals table is empty), by the
// e2e runner, and by `npm run db:seed` (seed.ts). Rows are inserted in bulk from one JSON
// parameter each (jsonb_to_recordset), the INSERT … SELECT recipe of docs/architecture.md, Traps.
import { EMPTY_MEDIA, type ProfessionalMedia } from '../../../core/media';
import type { MediaStorage } from '../../../api/src/domain/media/media-storage';
import { makeDemoMedia } from './demo-media';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import pg from 'pg';
import { hourlyEquivalentPence } from '../../../core/hourly-rate';
import { JOBS, jobOptions, queuePrefix } from '../../../core/jobs';
import { LISTING_FIELDS, type ListingFieldValues } from '../../../core/listing-fields';
import { hashPassword, UNUSABLE_PASSWORD_HASH } from '../../../prisma/password';
import { linkDemoProviderBilling } from './demo-billing';
import {
  buildDemoData,
  DEMO_COMPANY_TLD,
  DEMO_INVOICE_PREFIX,
  DEMO_USER_DOMAIN,
  type DemoApplication,
  type DemoData,
  type DemoPayment,
  type DemoProfessional,
  type DemoReview,
  type DemoUser,
} from './demo-data';
import { listingFieldColumns } from './listing-field-seeds';
import { writeDemoCredentials } from './credential-seeds';
import { writeDemoProfileFacts } from './profile-fact-seeds';
import path from 'node:path';
import { MediaEnv } from '../../../core/env-schema';
import { createEvidenceStorage, type EvidenceStorage } from '../../../core/evidence-storage.server';
import { dataDir } from '../../lib/paths';
import { loadOutcodes } from './places';

export interface DemoAccount {
  role: 'admin' | 'provider' | 'customer';
  email: string;
  password: string;
  name: string;
}

export type SeedResult =
  | { seeded: false; reason: string }
  | { seeded: true; accounts: DemoAccount[]; professionals: number; applications: number; reviews: number; geocodeJobs: number };

export interface SeedOptions {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Remove earlier demo rows first and seed again (refused in production). */
  force?: boolean;
  /** Test mode (no STRIPE_SECRET_KEY): the demo provider's billing is made in the Stripe stand-in too (demo-billing.ts). */
  stripeStandIn?: boolean;
  nodeEnv?: string;
  now?: Date;
  log?: (line: string) => void;
  /** Where demo logos and photos are stored (the API's MEDIA_DIR or bucket); unset: no demo images. */
  mediaStorage?: MediaStorage;
  /** Where demo credentials' evidence files are stored (the API's EVIDENCE_DIR or bucket); unset: credentials without files. */
  evidenceStorage?: EvidenceStorage;
}

/**
 * Where npm start's API keeps evidence files (EVIDENCE_DIR, else the data dir's evidence/, or the
 * bucket's evidence/ prefix), when the caller stores demo media but named no evidence storage: the
 * demo's files go where the API reads them. Tests that store no media write no evidence either.
 */
function defaultEvidenceStorage(options: SeedOptions): EvidenceStorage | undefined {
  if (!options.mediaStorage) return undefined;
  const env = MediaEnv.parse({ ...process.env, MEDIA_DIR: process.env.MEDIA_DIR || path.join(dataDir(), 'media'), EVIDENCE_DIR: process.env.EVIDENCE_DIR || path.join(dataDir(), 'evidence') });
  return createEvidenceStorage(env);
}

/** Each column once: its PostgreSQL type (as jsonb_to_recordset needs it) and its value for a row. */
type Columns<T> = Record<string, readonly [type: string, value: (row: T) => unknown]>;

/** The listing fields' columns (core/listing-fields.ts), each from the row's value of its name. */
function listingFieldInserts<T extends ListingFieldValues>(): Columns<T> {
  return Object.fromEntries(listingFieldColumns(LISTING_FIELDS).map(({ name, column, type }) => [column, [type, (row: T) => row[name as keyof ListingFieldValues]]]));
}

async function insertRows<T, R extends Record<string, unknown> = Record<string, unknown>>(
  client: pg.ClientBase,
  table: string,
  columns: Columns<T>,
  rows: readonly T[],
  returning: string[],
): Promise<R[]> {
  if (rows.length === 0) return [];
  // Table and column names come from this file, never from input; values travel as one JSON parameter.
  const entries = Object.entries(columns);
  const names = entries.map(([c]) => `"${c}"`).join(', ');
  const definitions = entries.map(([c, [type]]) => `"${c}" ${type}`).join(', ');
  const values = rows.map((row) => Object.fromEntries(entries.map(([c, [, value]]) => [c, value(row)])));
  const result = await client.query<R>(
    `INSERT INTO "${table}" (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${definitions}) RETURNING ${returning.map((c) => `"${c}"`).join(', ')}`,
    [JSON.stringify(values)],
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
  await client.query('DELETE FROM payments WHERE stripe_invoice_id LIKE $1 OR professional_id IN (SELECT id FROM professionals WHERE email LIKE $2)', [`${DEMO_INVOICE_PREFIX}%`, companyPattern]);
  await client.query('DELETE FROM applications WHERE email LIKE $1', [companyPattern]);
  // Reviews, messages and reports cascade with their users and professionals.
  await client.query('DELETE FROM users WHERE email LIKE $1 OR email LIKE $2', [userPattern, companyPattern]);
  await client.query('DELETE FROM professionals WHERE email LIKE $1', [companyPattern]);
}

async function writeDemoData(client: pg.ClientBase, data: DemoData, passwords: Map<string, string>, media: Map<string, ProfessionalMedia>): Promise<Map<string, number>> {
  const now = new Date();
  const professionalIds = new Map<string, number>();
  const insertedProfessionals = await insertRows<DemoProfessional, { id: number; slug: string }>(
    client,
    'professionals',
    {
      slug: ['text', (p) => p.slug],
      company_name: ['text', (p) => p.companyName],
      contact_name: ['text', (p) => p.contactName],
      email: ['text', (p) => p.email],
      phone: ['text', (p) => p.phone],
      website: ['text', (p) => p.website],
      description: ['text', (p) => p.description],
      services: ['text[]', (p) => p.services],
      location: ['text', (p) => p.location],
      region: ['text', (p) => p.region],
      postcode: ['text', (p) => p.postcode],
      rate_pence: ['int', (p) => p.ratePence],
      rate_type: ['"RateType"', (p) => p.rateType],
      hourly_rate_pence: ['int', (p) => p.hourlyRatePence],
      is_project_based: ['boolean', (p) => p.isProjectBased],
      ...listingFieldInserts<DemoProfessional>(),
      rating: ['numeric', (p) => p.rating],
      review_count: ['int', (p) => p.reviewCount],
      recommend_count: ['int', (p) => p.recommendCount],
      is_approved: ['boolean', () => true],
      approved_at: ['timestamptz', (p) => p.approvedAt],
      subscription_status: ['"SubscriptionStatus"', () => 'active'],
      subscription_type: ['"SubscriptionType"', (p) => p.subscriptionType],
      current_period_end: ['timestamptz', (p) => p.currentPeriodEnd],
      first_paid_at: ['timestamptz', (p) => p.firstPaidAt],
      media: ['jsonb', (p) => media.get(p.slug) ?? EMPTY_MEDIA],
      created_at: ['timestamptz', (p) => p.createdAt],
      updated_at: ['timestamptz', () => now],
    },
    data.professionals,
    ['id', 'slug'],
  );
  for (const row of insertedProfessionals) professionalIds.set(row.slug, row.id);
  // The applicants' listings, as their paid checkouts made them: not approved (so not in the
  // directory), subscription active, waiting for an admin's decision.
  const applicantListings = await insertRows<DemoApplication, { id: number; slug: string }>(
    client,
    'professionals',
    {
      slug: ['text', (a) => a.listingSlug],
      company_name: ['text', (a) => a.companyName],
      contact_name: ['text', (a) => a.contactName],
      email: ['text', (a) => a.email],
      phone: ['text', (a) => a.phone],
      website: ['text', (a) => a.website],
      description: ['text', (a) => a.description],
      services: ['text[]', (a) => a.services],
      location: ['text', (a) => a.location],
      region: ['text', (a) => a.region],
      postcode: ['text', (a) => a.postcode],
      rate_pence: ['int', (a) => a.ratePence],
      rate_type: ['"RateType"', (a) => a.rateType],
      hourly_rate_pence: ['int', (a) => hourlyEquivalentPence(a.ratePence, a.rateType)],
      is_project_based: ['boolean', (a) => a.isProjectBased],
      ...listingFieldInserts<DemoApplication>(),
      is_approved: ['boolean', () => false],
      subscription_status: ['"SubscriptionStatus"', () => 'active'],
      subscription_type: ['"SubscriptionType"', (a) => a.plan],
      current_period_end: ['timestamptz', (a) => a.currentPeriodEnd],
      first_paid_at: ['timestamptz', (a) => a.paidAt],
      created_at: ['timestamptz', (a) => a.paidAt],
      updated_at: ['timestamptz', () => now],
    },
    data.applications,
    ['id', 'slug'],
  );
  for (const row of applicantListings) professionalIds.set(row.slug, row.id);

  const userIds = new Map<string, number>();
  const users = await insertRows<DemoUser, { id: number; email: string }>(
    client,
    'users',
    {
      email: ['text', (u) => u.email],
      password_hash: ['text', (u) => passwords.get(u.email)],
      name: ['text', (u) => u.name],
      role: ['"Role"', (u) => u.role],
      professional_id: ['int', (u) => (u.professionalSlug ? professionalIds.get(u.professionalSlug) : null)],
      created_at: ['timestamptz', (u) => u.createdAt],
      updated_at: ['timestamptz', () => now],
    },
    data.users,
    ['id', 'email'],
  );
  for (const row of users) userIds.set(row.email, row.id);

  await insertRows<DemoReview>(
    client,
    'reviews',
    {
      user_id: ['int', (r) => userIds.get(r.userEmail)],
      professional_id: ['int', (r) => professionalIds.get(r.professionalSlug)],
      project_type: ['text', (r) => r.projectType],
      rating: ['int', (r) => r.rating],
      title: ['text', (r) => r.title],
      comment: ['text', (r) => r.comment],
      would_recommend: ['boolean', (r) => r.wouldRecommend],
      is_verified: ['boolean', () => false],
      is_public: ['boolean', () => true],
      reply: ['text', (r) => r.reply],
      replied_at: ['timestamptz', (r) => r.repliedAt],
      created_at: ['timestamptz', (r) => r.createdAt],
      updated_at: ['timestamptz', (r) => r.repliedAt ?? r.createdAt],
    },
    data.reviews,
    ['id'],
  );

  await insertRows<DemoPayment>(
    client,
    'payments',
    {
      professional_id: ['int', (p) => professionalIds.get(p.professionalSlug)],
      stripe_invoice_id: ['text', (p) => p.stripeInvoiceId],
      amount_pence: ['int', (p) => p.amountPence],
      currency: ['text', () => 'gbp'],
      plan: ['"SubscriptionType"', (p) => p.plan],
      period_start: ['timestamptz', (p) => p.periodStart],
      period_end: ['timestamptz', (p) => p.periodEnd],
      paid_at: ['timestamptz', (p) => p.paidAt],
      created_at: ['timestamptz', (p) => p.paidAt],
    },
    data.payments,
    ['id'],
  );

  await insertRows<DemoApplication>(
    client,
    'applications',
    {
      user_id: ['int', (a) => userIds.get(a.userEmail)],
      professional_id: ['int', (a) => professionalIds.get(a.listingSlug)],
      company_name: ['text', (a) => a.companyName],
      contact_name: ['text', (a) => a.contactName],
      email: ['text', (a) => a.email],
      phone: ['text', (a) => a.phone],
      website: ['text', (a) => a.website],
      description: ['text', (a) => a.description],
      services: ['text[]', (a) => a.services],
      location: ['text', (a) => a.location],
      region: ['text', (a) => a.region],
      postcode: ['text', (a) => a.postcode],
      rate_pence: ['int', (a) => a.ratePence],
      rate_type: ['"RateType"', (a) => a.rateType],
      is_project_based: ['boolean', (a) => a.isProjectBased],
      ...listingFieldInserts<DemoApplication>(),
      social_links: ['jsonb', (a) => (a.website ? [{ platform: 'website', url: a.website }] : [])],
      plan: ['"SubscriptionType"', (a) => a.plan],
      status: ['"ApplicationStatus"', () => 'pending'],
      paid_at: ['timestamptz', (a) => a.paidAt],
      created_at: ['timestamptz', (a) => a.createdAt],
      updated_at: ['timestamptz', (a) => a.paidAt],
    },
    data.applications,
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
    // password, which also spares 36 deliberately slow password hashes on every first start.
    const passwords = new Map<string, string>();
    const shown = new Set<DemoUser>(Object.values(data.accounts));
    await Promise.all(
      data.users.map(async (user) => {
        const canSignIn = shown.has(user) || data.applications.some((a) => a.userEmail === user.email);
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

    // Logos and photos are files first (content-hashed names, written once), then named in the rows
    // (triggers add their media_references). Without the keys' locks (decisions/0028): this must
    // run before the API serves, as npm start and the e2e runner do.
    const media = options.mediaStorage ? await makeDemoMedia(data.professionals, options.mediaStorage, data.accounts.provider.professionalSlug ?? undefined) : new Map<string, ProfessionalMedia>();
    await client.query('BEGIN');
    try {
      if (options.force) await removeDemoData(client);
      const ids = await writeDemoData(client, data, passwords, media);
      await writeDemoProfileFacts({ client, data, professionalIds: ids });
      await writeDemoCredentials({ client, data, professionalIds: ids, now: options.now ?? new Date(), evidenceStorage: options.evidenceStorage ?? defaultEvidenceStorage(options) });
      if (options.stripeStandIn) await linkDemoProviderBilling({ client, data, professionalIds: ids, redisUrl: options.redisUrl, redisPrefix: options.redisPrefix });
      await client.query('COMMIT');
      professionals = [
        ...data.professionals.map((p) => ({ id: ids.get(p.slug)!, postcode: p.postcode })),
        ...data.applications.map((a) => ({ id: ids.get(a.listingSlug)!, postcode: a.postcode })),
      ];
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    log(`wrote ${data.professionals.length} professionals, ${data.reviews.length} reviews, ${data.users.length} users, ${data.payments.length} payments and ${data.applications.length} paid applications waiting for review in ${Date.now() - started} ms`);
  } finally {
    await client.end();
  }

  // After the commit, so the worker finds the rows (jobs are enqueued after their writes commit:
  // docs/architecture.md, Jobs).
  const geocodeJobs = await enqueueGeocodeJobs({ redisUrl: options.redisUrl, redisPrefix: options.redisPrefix, professionals, replaceFinished: true });
  log(`queued ${geocodeJobs} geocode-professional jobs (the worker fills in the map positions)`);
  return { seeded: true, accounts, professionals: data.professionals.length, applications: data.applications.length, reviews: data.reviews.length, geocodeJobs };
}

/** The demo accounts as lines for a terminal (printed once, when they are created). */
export function formatDemoAccounts(accounts: readonly DemoAccount[]): string[] {
  const width = Math.max(...accounts.map((a) => a.email.length));
  return [
    'Demo accounts (passwords are shown only this once; keep them or reseed with npm run db:seed -- --force):',
    ...accounts.map((a) => `  ${a.role.padEnd(8)} ${a.email.padEnd(width)}  ${a.password}`),
  ];
}

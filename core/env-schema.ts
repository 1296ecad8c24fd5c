// Environment schemas for the three processes. Each process parses process.env once at boot with
// its schema (api/src/env.ts, worker/src/env.ts, scripts/lib/env.ts) and names every bad key
// before exiting. A missing optional integration key switches that integration to its local
// stand-in (docs/architecture.md, Integrations).
import { z } from 'zod';

const optionalUrl = z.url().optional().or(z.literal('').transform(() => undefined));
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const CommonEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  /**
   * Most connections this process opens to PostgreSQL for queries (Prisma's pool). Instances ×
   * this (+ 2 LISTEN connections per API) must stay under the server's max_connections or the
   * pooler's limit (docs/deploy.md).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }),
  /** Prefix of every Redis key (queues, sessions, rate limits): lets several apps or tests share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
    .default('itc'),
  /** Public address of the site, used in e-mails, canonical URLs and Stripe return URLs. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('ITConnect <no-reply@itconnect.local>'),
  /** Where e-mails are written as .eml files when SMTP_URL is not set. */
  MAIL_DIR: z.string().default('.data/mail'),
  /** Where uploaded logos and photos are kept when S3_BUCKET is not set (decisions/0009). */
  MEDIA_DIR: z.string().default('.data/media'),
  /**
   * Where credentials' evidence files are kept when S3_BUCKET is not set (decision 0041): private,
   * apart from MEDIA_DIR, served only by /api/evidence to their owner and admins. With S3_BUCKET,
   * the prefix <S3_PREFIX>evidence/ of the same bucket.
   */
  EVIDENCE_DIR: z.string().default('.data/evidence'),
  /** An S3-compatible bucket for logos and photos; unset: MEDIA_DIR on this machine. */
  S3_BUCKET: optionalString,
  /** The bucket's region (AWS: eu-west-2; R2: auto). */
  S3_REGION: z.string().default('us-east-1'),
  /** The S3 API's address; unset: AWS (https://s3.<region>.amazonaws.com). MinIO, R2, B2: theirs. */
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Put every object under this prefix (e.g. itconnect/media/). */
  S3_PREFIX: z.string().default(''),
  /** true: <endpoint>/<bucket>/<key> (MinIO, most S3-compatibles); false: <bucket>.<endpoint host>/<key>. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  ADMIN_EMAIL: z.email().optional().or(z.literal('').transform(() => undefined)),
  /**
   * Who takes payments (docs/decisions/0008): 'stripe', with the three keys below, or 'stand-in':
   * the Stripe stand-in process (stand-ins/stripe/) at STRIPE_API_URL, where no money moves and
   * every page says so. Unset: stripe when STRIPE_SECRET_KEY is set; otherwise the stand-in,
   * except in production, which refuses to start without the keys (a demo sets 'stand-in' on
   * purpose). See paymentsMode().
   */
  PAYMENTS: z.enum(['stripe', 'stand-in'], { error: "is 'stripe' or 'stand-in'" }).optional().or(z.literal('').transform(() => undefined)),
  /** Stripe's secret key (sk_…); with the stand-in, the key it was started with (npm start makes one). */
  STRIPE_SECRET_KEY: optionalString,
  /** Signs webhook deliveries (Stripe's whsec_…; with the stand-in, the secret it signs with). */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** For the browser's Payment Element on /subscribe (pk_…); unused with the stand-in. */
  STRIPE_PUBLISHABLE_KEY: optionalString,
  /**
   * Where the `stripe` library reaches Stripe's API. Unset: Stripe itself, or with the stand-in
   * STAND_IN_DEFAULT_URL. Tests point it at a stand-in of their own.
   */
  STRIPE_API_URL: optionalUrl,
  /** Where browsers reach the stand-in's pages (its card form); unset: STRIPE_API_URL. */
  STRIPE_STAND_IN_PUBLIC_URL: optionalUrl,
  /**
   * Put before every Stripe idempotency key this deployment sends, so that two deployments (or a
   * restored copy) sharing one Stripe account never replay each other's calls. Unset: made from
   * PUBLIC_URL's host and the database's name (stripeIdempotencyPrefix()).
   */
  STRIPE_IDEMPOTENCY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,60}$/, 'letters, digits, _ . and - only, at most 60')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** Where logos and photos are stored (the API, and the demo seed through scripts/start.ts). */
export const MediaEnv = CommonEnv.pick({
  MEDIA_DIR: true,
  EVIDENCE_DIR: true,
  S3_BUCKET: true,
  S3_REGION: true,
  S3_ENDPOINT: true,
  S3_ACCESS_KEY_ID: true,
  S3_SECRET_ACCESS_KEY: true,
  S3_PREFIX: true,
  S3_FORCE_PATH_STYLE: true,
});

export const ApiEnv = CommonEnv.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /**
   * Where the API LISTENs for change notifications (answer cache, maintenance mode): a direct
   * session connection to PostgreSQL. Unset: DATABASE_URL. Set it when DATABASE_URL goes through
   * PgBouncer in transaction mode, which cannot carry LISTEN (docs/deploy.md).
   */
  DATABASE_LISTEN_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional().or(z.literal('').transform(() => undefined)),
  /** Comma-separated secrets that sign cookies; the first signs, all verify (rotation). */
  SESSION_KEYS: z
    .string()
    .min(1)
    .transform((v) => v.split(',').map((k) => k.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(32, 'each key needs at least 32 characters')).min(1)),
  /**
   * How many reverse proxies stand in front of the API (0: none). Each proxy appends the address
   * it saw to X-Forwarded-For; the client's address is the one that many entries from the right,
   * and anything further left was written by the client and is ignored. With 1 or more, Koa also
   * believes X-Forwarded-Proto/Host. Unset is 0, except that production with an https PUBLIC_URL
   * must say (see ApiEnvRules below): there a TLS proxy is certainly in front.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  /** Replaced by TRUST_PROXY_HOPS: refused with a message rather than silently ignored. */
  TRUST_PROXY: z
    .literal('', { error: 'replaced by TRUST_PROXY_HOPS, the number of proxies in front of the API (1 behind one reverse proxy)' })
    .optional(),
  /**
   * Signs ALTCHA challenges (32+ characters). Unset: derived from the first SESSION_KEYS key
   * (api/src/domain/captcha/captcha.ts), so a deployment never runs on a fixed secret.
   */
  ALTCHA_HMAC_KEY: z.string().min(32, 'needs at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  /**
   * ALTCHA difficulty: the largest secret number (SHA-256 proof of work). 20000 takes a browser
   * well under a second on average; tests lower it.
   */
  ALTCHA_COST: z.coerce.number().int().min(10).max(10_000_000).default(20_000),
  /**
   * Lets a scraper read /api/metrics with `Authorization: Bearer <token>` (32+ characters). Unset:
   * only a signed-in admin can (docs/decisions/0014-observability.md).
   */
  METRICS_TOKEN: z.string().min(32, 'needs at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  /**
   * 'true': an admin must have two-step verification on before any admin page or action works
   * (product rule 35); unset: on in production, off elsewhere (the demo's admin signs in with a
   * password alone). See adminTwoStepRequired().
   */
  ADMIN_TWO_STEP_REQUIRED: z.enum(['true', 'false']).optional().or(z.literal('').transform(() => undefined)),
  /** Sign-in attempts per IP per 15 minutes. */
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  /**
   * Failed sign-ins per account from one source (an IPv4 address or an IPv6 /64) per 15 minutes;
   * over it, that source is refused for that account while the owner elsewhere is not.
   */
  LOGIN_FAILURES_PER_SOURCE: z.coerce.number().int().positive().default(5),
  /** Failed sign-ins per account from all sources per 15 minutes after which every attempt on it is slowed. */
  LOGIN_SLOWDOWN_AFTER: z.coerce.number().int().positive().default(20),
  /** How long each sign-in attempt on such an account waits before it is checked. */
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  /** Applications (checkouts started) per IP per hour. */
  APPLY_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
  /** Registrations per IP per hour. */
  REGISTER_LIMIT_PER_IP: z.coerce.number().int().positive().default(5),
  /** Password-reset requests per IP per hour. */
  RESET_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
  /** Password-reset requests per e-mail address per hour. */
  RESET_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(3),
  /** New passwords set through reset links per IP per hour (its own budget, apart from the requests). */
  RESET_SUBMIT_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  /**
   * The maintenance gate's access code for beta testers (product rule 12), at least 6 characters.
   * A code an admin sets on the dashboard (stored hashed) takes its place; with neither, only
   * admins get in while maintenance mode is on.
   */
  MAINTENANCE_ACCESS_CODE: z
    .string()
    .min(6, 'needs at least 6 characters')
    .max(200)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Attempts at the maintenance access code per IP per 15 minutes. */
  MAINTENANCE_UNLOCK_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
  /** New conversations with professionals ('Contact {companyName}') per user per hour. */
  MESSAGE_LIMIT_PER_USER: z.coerce.number().int().positive().default(10),
  /** New conversations with professionals per IP per hour (several accounts behind one address). */
  MESSAGE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  /** Replies in conversations per user per hour. */
  MESSAGE_REPLY_LIMIT_PER_USER: z.coerce.number().int().positive().default(60),
  /** Messages through /contact per IP per hour. */
  CONTACT_LIMIT_PER_IP: z.coerce.number().int().positive().default(5),
  /** Requests for quotes (POST /api/quote-requests) per IP per hour (product rule 41). */
  QUOTE_LIMIT_PER_IP: z.coerce.number().int().positive().default(5),
  /** Requests for quotes per e-mail address per day (product rule 41). */
  QUOTE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(3),
  /** Front-end error reports (POST /api/client-errors) per IP per hour (product rule 37). */
  CLIENT_ERROR_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  /** Reviews written, edited or deleted, replies to reviews and reports, per user per hour. */
  REVIEW_LIMIT_PER_USER: z.coerce.number().int().positive().default(30),
  /** Logo and photo uploads (and alt-text edits, deletions) per provider per hour. */
  MEDIA_LIMIT_PER_USER: z.coerce.number().int().positive().default(60),
  /** Evidence uploads, credential submissions and withdrawals per provider per hour (issue 34). */
  CREDENTIAL_LIMIT_PER_USER: z.coerce.number().int().positive().default(30),
  /** Largest JSON body accepted. */
  BODY_LIMIT: z.string().default('100kb'),
  /** Requests per minute per IP on the API as a whole (auth and forms have their own, stricter limits). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * Memory for public directory answers kept until the data behind them changes (searches, the map,
   * profiles, home, locations); 0 turns the cache off.
   */
  DIRECTORY_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /**
   * 'on': searches, their totals and the map are answered from the live listings kept in memory
   * (decision 0019; about 0.7 KB per listing); 'off': from PostgreSQL every time.
   */
  DIRECTORY_INDEX: z.enum(['on', 'off']).default('on'),
  /** Folder of the built SPA (vite build output). */
  STATIC_DIR: z.string().default('dist/frontend'),
  MAP_TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  SOCIAL_FACEBOOK_URL: optionalUrl,
  SOCIAL_TWITTER_URL: optionalUrl,
  SOCIAL_LINKEDIN_URL: optionalUrl,
  SOCIAL_INSTAGRAM_URL: optionalUrl,
  /**
   * A Sentry project's DSN (public by design: the browser sends with it). Set: the SPA reports the
   * errors it catches to Sentry through its SDK, loaded only then; unset: to POST /api/client-errors,
   * shown on the admin dashboard (product rule 37).
   */
  SENTRY_DSN: optionalUrl,
}).superRefine((env, ctx) => {
  requirePaymentKeys(env, ctx);
  // Production behind https: a proxy terminates TLS in front of the API, so it must be trusted.
  if (env.NODE_ENV === 'production' && env.PUBLIC_URL.startsWith('https:') && !env.TRUST_PROXY_HOPS) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY_HOPS'],
      message:
        'PUBLIC_URL is https, so a proxy terminates TLS in front of the API: set TRUST_PROXY_HOPS to the number of proxies (1 for one reverse proxy). Without it secure cookies cannot be set and every visitor shares one address for rate limits.',
    });
  }
});
export type ApiEnv = z.infer<typeof ApiEnv>;

/** Where `npm start` runs the Stripe stand-in, and where the API and worker look for it by default. */
export const STAND_IN_DEFAULT_URL = 'http://127.0.0.1:12111';

type PaymentsEnv = Pick<z.infer<typeof CommonEnv>, 'NODE_ENV' | 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PUBLISHABLE_KEY'>;

/** Who takes payments (PAYMENTS, or what the keys imply). */
export function paymentsMode(env: Pick<PaymentsEnv, 'PAYMENTS' | 'STRIPE_SECRET_KEY'>): 'stripe' | 'stand-in' {
  return env.PAYMENTS ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'stand-in');
}

/** Where browsers reach the stand-in's pages and its card form (STRIPE_STAND_IN_PUBLIC_URL, else where the API reaches it). */
export function standInPublicUrl(env: Pick<z.infer<typeof CommonEnv>, 'STRIPE_STAND_IN_PUBLIC_URL' | 'STRIPE_API_URL'>): string {
  return (env.STRIPE_STAND_IN_PUBLIC_URL ?? env.STRIPE_API_URL ?? STAND_IN_DEFAULT_URL).replace(/\/+$/, '');
}

/** What a process says at start about who takes payments. */
export function paymentsLine(env: Pick<PaymentsEnv, 'PAYMENTS' | 'STRIPE_SECRET_KEY'> & { STRIPE_API_URL?: string | undefined }): string {
  if (paymentsMode(env) === 'stripe') return env.STRIPE_API_URL ? `payments: Stripe at ${env.STRIPE_API_URL}` : 'payments: Stripe';
  return `payments: the Stripe stand-in at ${env.STRIPE_API_URL ?? STAND_IN_DEFAULT_URL} (test mode: no real payments)`;
}

const MISSING_PAYMENT_KEY = 'is required in production to take real payments (docs/deploy.md, Going live with Stripe); set PAYMENTS=stand-in for a demo site that takes none';

/**
 * A production API or worker takes real money or says on purpose that it does not: without
 * PAYMENTS=stand-in, every Stripe key is required, each named (a start without them once took
 * fake payments in front of customers). The problems as `KEY: message`, none when all is well.
 */
export function productionPaymentProblems(env: Partial<Record<'NODE_ENV' | 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PUBLISHABLE_KEY', string | undefined>>): string[] {
  if (env.NODE_ENV !== 'production' || env.PAYMENTS === 'stand-in') return [];
  return (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const)
    .filter((key) => !env[key])
    .map((key) => `${key}: ${MISSING_PAYMENT_KEY}`);
}

function requirePaymentKeys(env: PaymentsEnv, ctx: z.RefinementCtx): void {
  for (const problem of productionPaymentProblems(env)) {
    ctx.addIssue({ code: 'custom', path: [problem.slice(0, problem.indexOf(':'))], message: MISSING_PAYMENT_KEY });
  }
}

/** Whether admins need two-step verification on (ADMIN_TWO_STEP_REQUIRED; unset: in production). */
export function adminTwoStepRequired(env: Pick<ApiEnv, 'ADMIN_TWO_STEP_REQUIRED' | 'NODE_ENV'>): boolean {
  return env.ADMIN_TWO_STEP_REQUIRED === undefined ? env.NODE_ENV === 'production' : env.ADMIN_TWO_STEP_REQUIRED === 'true';
}


export const WorkerEnv = CommonEnv.extend({
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * How long a job stays locked to a worker that stops renewing the lock (it died): after this the
   * job is taken up again by another worker. BullMQ's 30 s by default; tests shorten it.
   */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /**
   * A stored Stripe event not processed this long after it arrived is queued again (its job was
   * lost, with Redis say), and so is the e-mail of an answer to a request for quotes; the worker
   * looks every STRIPE_EVENT_SWEEP_EVERY_MS. Tests shorten both.
   */
  STRIPE_EVENT_SWEEP_AFTER_MS: z.coerce.number().int().min(100).max(86_400_000).default(5 * 60_000),
  STRIPE_EVENT_SWEEP_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** 'offline' uses the outcode table only; 'openstreetmap' also asks node-geocoder for full postcodes. */
  GEOCODER: z.enum(['offline', 'openstreetmap']).default('offline'),
  /** Nominatim-compatible server for GEOCODER=openstreetmap (tests: a local fake). */
  GEOCODER_URL: optionalUrl,
  GEOCODER_USER_AGENT: z.string().default('ITConnect directory geocoder (contact: admin@itconnect.local)'),
}).superRefine(requirePaymentKeys);
export type WorkerEnv = z.infer<typeof WorkerEnv>;

export type EnvResult<T> = { ok: true; env: T } | { ok: false; problems: string[] };

/** Parses an environment; on failure lists every bad key with its problem ("PORT: expected number"). */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
): EnvResult<z.infer<S>> {
  const result = schema.safeParse(source);
  if (result.success) return { ok: true, env: result.data };
  const problems = result.error.issues.map((issue) => {
    // Name the variable itself (SESSION_KEYS, not SESSION_KEYS.0): that is what the operator sets.
    const key = String(issue.path[0] ?? '(environment)');
    const message = issue.code === 'invalid_type' && source[key] === undefined ? 'is required' : issue.message;
    return `${key}: ${message}`;
  });
  return { ok: false, problems };
}

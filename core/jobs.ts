// Job contracts: the only thing the API (producer) and the worker (consumer) share about a job.
// Each job has a queue, a name, a payload schema and a deterministic job id, so enqueueing the
// same work twice does it once. BullMQ rejects ':' in custom ids, so ids use '_' separators.
import { z } from 'zod';
import { normalisePostcode } from './postcode';
import { ukIsoDate } from './uk-date';

export const QUEUE_NAMES = ['geocode', 'email', 'stripe', 'ratings', 'maintenance'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Retries with exponential backoff for every job; failed jobs are kept for Bull Board. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: false,
} as const;

/**
 * E-mail jobs keep trying for about an hour (12 attempts, 1 s to 34 min apart): an SMTP relay
 * restarting or a provider down for a few minutes must delay an e-mail, never lose it (issue 14,
 * "Faults"; decision 0013). The default five attempts span 15 s.
 */
const EMAIL_JOB_OPTIONS = { attempts: 12 } as const;

function safeIdPart(value: string): string {
  return value.replace(/[^A-Za-z0-9-]/g, '');
}

export const GeocodeProfessionalPayload = z.object({
  professionalId: z.number().int().positive(),
  /** The postcode as stored; the job id and the work both use its normalised form. */
  postcode: z.string().min(1).max(16),
});
export type GeocodeProfessionalPayload = z.infer<typeof GeocodeProfessionalPayload>;

/** Every e-mail the product sends (product rule 22); worker/src/mail/templates renders each. */
export const EMAIL_TEMPLATES = [
  'password-reset',
  'confirm-registration',
  'confirm-application',
  'account-exists',
  'application-received',
  'application-payment-failed',
  'payment-failed',
  'application-approved',
  'application-rejected',
  'new-message',
  'message-answered',
  'new-review',
  'subscription-cancelled',
  'subscription-ended',
  'subscription-refunded',
  'payment-duplicate-refunded',
  'contact-message',
  'confirm-email-change',
  'email-change-requested',
  'two-step-changed',
  'billing-reconciliation-flagged',
  'quote-request-link',
  'new-quote-request',
  'quote-chosen',
  'quote-not-chosen',
  'quote-answered',
  // Credentials (issue 34, product rule 45): an admin's decision, and the worker's expiry watch.
  'credential-approved',
  'credential-rejected',
  'credential-expiring',
  'credential-expired',
] as const;
export type EmailTemplate = (typeof EMAIL_TEMPLATES)[number];

/**
 * E-mails that carry a secret link: only the worker job that makes the token sends them
 * (send-password-reset, send-registration-email), so a link never sits in a queue's job data.
 */
export const WORKER_MADE_EMAILS = [
  'password-reset',
  'confirm-registration',
  'confirm-application',
  'account-exists',
  'confirm-email-change',
  'email-change-requested',
  'quote-request-link',
  'quote-answered',
] as const;
/** What send-email accepts: every other template. */
export const QUEUED_EMAIL_TEMPLATES = EMAIL_TEMPLATES.filter(
  (t): t is Exclude<EmailTemplate, (typeof WORKER_MADE_EMAILS)[number]> => !(WORKER_MADE_EMAILS as readonly string[]).includes(t),
);

export const SendEmailPayload = z.object({
  template: z.enum(QUEUED_EMAIL_TEMPLATES),
  to: z.email().max(254),
  /** The template's fields (each template validates its own); plain values only. */
  data: z.record(z.string(), z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()])),
  /**
   * Names this e-mail once, chosen by the caller: 'application-received_<applicationId>',
   * 'application-approved_<applicationId>'. Enqueueing the same key twice sends one e-mail.
   */
  idempotencyKey: z.string().min(1).max(120),
});
export type SendEmailPayload = z.infer<typeof SendEmailPayload>;

/**
 * A sign-up waiting for confirmation (pending_registrations): the worker e-mails either the
 * confirmation link or, when the address already has an account, a note to its owner. The
 * token is made in the worker and only its hash stored, so no job ever carries a usable link.
 */
export const SendRegistrationEmailPayload = z.object({ pendingRegistrationId: z.number().int().positive() });
export type SendRegistrationEmailPayload = z.infer<typeof SendRegistrationEmailPayload>;

/**
 * A password-reset request. The API only enqueues it (the same work whether or not the address
 * has an account, so the answer's timing says nothing); the worker looks the account up, makes
 * the token and e-mails the link. `requestId` names the request, so a retried job sends one e-mail.
 */
export const SendPasswordResetPayload = z.object({
  email: z.email().max(254),
  requestId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});
export type SendPasswordResetPayload = z.infer<typeof SendPasswordResetPayload>;

/**
 * A change of e-mail address asked for on /profile (product rule 32). The API stores the request
 * (email_change_tokens: user, new address, expiry) and enqueues its id; the worker makes the token,
 * e-mails the link to the new address and tells the current one.
 */
export const SendEmailChangePayload = z.object({ requestId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
export type SendEmailChangePayload = z.infer<typeof SendEmailChangePayload>;

/**
 * A buyer's request for quotes (quote_requests, product rule 41): the worker makes the private
 * link's token, stores its hash and e-mails the link, which sends the request when opened and then
 * follows its replies. Once per request (token_sent_at).
 */
export const SendQuoteRequestLinkPayload = z.object({ quoteRequestId: z.number().int().positive() });
export type SendQuoteRequestLinkPayload = z.infer<typeof SendQuoteRequestLinkPayload>;

/**
 * A professional answered a buyer's request with a quote or a message (product rule 43): the
 * worker e-mails the buyer, with a new private link of their request (made there, its hash
 * stored), once per answer (quote_recipients.answer_notified_at).
 */
export const SendQuoteAnswerLinkPayload = z.object({ quoteRequestId: z.number().int().positive(), professionalId: z.number().int().positive() });
export type SendQuoteAnswerLinkPayload = z.infer<typeof SendQuoteAnswerLinkPayload>;

/** A Stripe webhook event stored in stripe_events: the worker reloads what it names from Stripe. */
export const ReconcileStripeEventPayload = z.object({ eventId: z.string().regex(/^evt_[A-Za-z0-9_]{1,200}$/) });
export type ReconcileStripeEventPayload = z.infer<typeof ReconcileStripeEventPayload>;

/**
 * A checkout session that /application-success saw paid: the same reconciliation as the webhook's
 * checkout.session.completed, so whichever comes first does the work and the other changes nothing.
 */
export const ReconcileCheckoutPayload = z.object({ sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/) });
export type ReconcileCheckoutPayload = z.infer<typeof ReconcileCheckoutPayload>;

/**
 * A professional whose reviews changed: the worker sets rating and reviewCount from the visible
 * reviews. Deduplicated per professional (see JOBS.recalculateRating), so a burst of changes runs
 * the job at most once more after the one under way.
 */
export const RecalculateRatingPayload = z.object({ professionalId: z.number().int().positive() });
export type RecalculateRatingPayload = z.infer<typeof RecalculateRatingPayload>;

/** A professional who answered a thread: the worker recomputes the median first-reply time. */
export const RecalculateReplyTimePayload = z.object({ professionalId: z.number().int().positive() });
export type RecalculateReplyTimePayload = z.infer<typeof RecalculateReplyTimePayload>;

/** A professional whose requests for quotes were answered, decided or closed: the worker recomputes their reply rate. */
export const RecalculateQuoteReplyRatePayload = z.object({ professionalId: z.number().int().positive() });
export type RecalculateQuoteReplyRatePayload = z.infer<typeof RecalculateQuoteReplyRatePayload>;

/**
 * An application an admin rejected after it was paid: the worker ends its Stripe subscription and
 * refunds what was paid (the listing never went live), then e-mails the reason (and the refund).
 */
export const SettleRejectedApplicationPayload = z.object({ applicationId: z.number().int().positive() });
export type SettleRejectedApplicationPayload = z.infer<typeof SettleRejectedApplicationPayload>;

/**
 * A listing its owner cancelled through the site (product rules 2 and 13), after Stripe ended the
 * plan: the worker refunds the first payment in full when the cancellation came within 30 days of
 * it, and e-mails the cancellation (with the refund), each exactly once however often it runs.
 * `cancelledAt` is the listing's, set once per cancellation.
 */
export const SettleCancellationPayload = z.object({ professionalId: z.number().int().positive(), cancelledAt: z.iso.datetime() });
export type SettleCancellationPayload = z.infer<typeof SettleCancellationPayload>;

/** The daily data-retention run (product rule 14): no payload; the job scheduler adds it. */
export const AnonymiseArchivedAccountsPayload = z.object({}).strict();
/** The daily check of our billing records against Stripe's (worker/src/billing/daily-reconciliation.ts). */
export const ReconcileWithStripePayload = z.object({}).strict();
export type AnonymiseArchivedAccountsPayload = z.infer<typeof AnonymiseArchivedAccountsPayload>;

/**
 * Build the sitemaps again (decision 0039): no payload, the whole set from the live listings. Added
 * by each worker when the directory's change feed names professionals, at worker start when none
 * is stored, daily by the clock, and by the API when asked for a sitemap none was built for.
 */
export const BuildSitemapsPayload = z.object({}).strict();

/**
 * The daily watch over credentials (issue 34, product rule 45): e-mails 30 and 7 days before a
 * check expires, takes it off on its day (audited), and deletes evidence files on the retention
 * schedule (core/retention.ts). No payload: the job scheduler adds it; today is the UK date.
 */
export const WatchCredentialsPayload = z.object({}).strict();
/** A burst of changes within this long costs one build (the job waits this long before it runs). */
export const SITEMAP_BUILD_DELAY_MS = 10_000;

export const JOBS = {
  geocodeProfessional: {
    queue: 'geocode',
    name: 'geocode-professional',
    payload: GeocodeProfessionalPayload,
    // Removed once done: a postcode changed A → B → A must geocode A again, and the processor is
    // idempotent on its own (it skips a postcode it already geocoded).
    options: { removeOnComplete: true },
    /** geocode_42_M11AA: one job per professional and postcode. */
    jobId: (p: GeocodeProfessionalPayload) =>
      `geocode_${p.professionalId}_${safeIdPart(normalisePostcode(p.postcode) ?? p.postcode.toUpperCase())}`,
  },
  sendEmail: {
    queue: 'email',
    name: 'send-email',
    payload: SendEmailPayload,
    /** email_application-approved_42: one e-mail per idempotency key. */
    jobId: (p: SendEmailPayload) => `email_${p.idempotencyKey.replace(/[^A-Za-z0-9_-]/g, '')}`,
    options: EMAIL_JOB_OPTIONS,
  },
  sendRegistrationEmail: {
    queue: 'email',
    name: 'send-registration-email',
    payload: SendRegistrationEmailPayload,
    /** registration_42: one e-mail per sign-up. */
    jobId: (p: SendRegistrationEmailPayload) => `registration_${p.pendingRegistrationId}`,
    options: EMAIL_JOB_OPTIONS,
  },
  sendQuoteRequestLink: {
    queue: 'email',
    name: 'send-quote-request-link',
    payload: SendQuoteRequestLinkPayload,
    /** quote-request_42: one link per request. */
    jobId: (p: SendQuoteRequestLinkPayload) => `quote-request_${p.quoteRequestId}`,
    options: EMAIL_JOB_OPTIONS,
  },
  sendQuoteAnswerLink: {
    queue: 'email',
    name: 'send-quote-answer-link',
    payload: SendQuoteAnswerLinkPayload,
    /** quote-answer_42_7: one e-mail per answer. */
    jobId: (p: SendQuoteAnswerLinkPayload) => `quote-answer_${p.quoteRequestId}_${p.professionalId}`,
    options: EMAIL_JOB_OPTIONS,
  },
  reconcileStripeEvent: {
    queue: 'stripe',
    name: 'reconcile-stripe-event',
    payload: ReconcileStripeEventPayload,
    /** stripe-event_evt_123: one job per event, however often Stripe delivers it. */
    jobId: (p: ReconcileStripeEventPayload) => `stripe-event_${p.eventId}`,
    // Stripe may be down for a while: keep trying for about an hour before an operator must look.
    options: { attempts: 12 },
  },
  reconcileCheckout: {
    queue: 'stripe',
    name: 'reconcile-checkout',
    payload: ReconcileCheckoutPayload,
    /** checkout_cs_123: one job per checkout session. */
    jobId: (p: ReconcileCheckoutPayload) => `checkout_${p.sessionId}`,
    options: { attempts: 12 },
  },
  sendPasswordReset: {
    queue: 'email',
    name: 'send-password-reset',
    payload: SendPasswordResetPayload,
    /** password-reset_<requestId>: one e-mail per request. */
    jobId: (p: SendPasswordResetPayload) => `password-reset_${p.requestId}`,
    options: EMAIL_JOB_OPTIONS,
  },
  sendEmailChange: {
    queue: 'email',
    name: 'send-email-change',
    payload: SendEmailChangePayload,
    /** email-change_<requestId>: one pair of e-mails per request. */
    jobId: (p: SendEmailChangePayload) => `email-change_${p.requestId}`,
    options: EMAIL_JOB_OPTIONS,
  },
  recalculateRating: {
    queue: 'ratings',
    name: 'recalculate-rating',
    payload: RecalculateRatingPayload,
    /**
     * rating_42, as a deduplication id rather than a job id: a change that arrives while the job
     * for that professional is running must still be counted, so BullMQ keeps one more job waiting
     * (keepLastIfActive) and never runs two for one professional at once.
     */
    jobId: (p: RecalculateRatingPayload) => `rating_${p.professionalId}`,
    deduplicate: true,
    options: { removeOnComplete: true },
  },
  recalculateReplyTime: {
    queue: 'ratings',
    name: 'recalculate-reply-time',
    payload: RecalculateReplyTimePayload,
    /** reply-time_42, deduplicated like recalculate-rating. */
    jobId: (p: RecalculateReplyTimePayload) => `reply-time_${p.professionalId}`,
    deduplicate: true,
    options: { removeOnComplete: true },
  },
  recalculateQuoteReplyRate: {
    queue: 'ratings',
    name: 'recalculate-quote-reply-rate',
    payload: RecalculateQuoteReplyRatePayload,
    /** quote-reply-rate_42, deduplicated like recalculate-rating. */
    jobId: (p: RecalculateQuoteReplyRatePayload) => `quote-reply-rate_${p.professionalId}`,
    deduplicate: true,
    options: { removeOnComplete: true },
  },
  settleRejectedApplication: {
    queue: 'stripe',
    name: 'settle-rejected-application',
    payload: SettleRejectedApplicationPayload,
    /** rejected-application_42: one refund and one e-mail per rejection. */
    jobId: (p: SettleRejectedApplicationPayload) => `rejected-application_${p.applicationId}`,
    options: { attempts: 12 },
  },
  settleCancellation: {
    queue: 'stripe',
    name: 'settle-cancellation',
    payload: SettleCancellationPayload,
    /** cancellation_42_1764000000000: one refund and one e-mail per cancellation. */
    jobId: (p: SettleCancellationPayload) => `cancellation_${p.professionalId}_${Date.parse(p.cancelledAt)}`,
    options: { attempts: 12 },
  },
  anonymiseArchivedAccounts: {
    queue: 'maintenance',
    name: 'anonymise-archived-accounts',
    payload: AnonymiseArchivedAccountsPayload,
    /** Added by the worker's daily job scheduler (its id names the schedule); by hand: one per day. */
    jobId: () => `anonymise-archived_${new Date().toISOString().slice(0, 10)}`,
  },
  reconcileWithStripe: {
    // With the other daily work, not in 'stripe': that queue's pending jobs are events not yet reconciled.
    queue: 'maintenance',
    name: 'reconcile-with-stripe',
    payload: ReconcileWithStripePayload,
    /** Added by the worker's daily job scheduler; by hand: one per day. */
    jobId: () => `reconcile-with-stripe_${new Date().toISOString().slice(0, 10)}`,
    options: { attempts: 3 },
  },
  watchCredentials: {
    queue: 'maintenance',
    name: 'watch-credentials',
    payload: WatchCredentialsPayload,
    /** Added by the worker's daily job scheduler; by hand: one per day. */
    // The UK day it watches (a run just after midnight in summer is the new day's).
    jobId: () => `watch-credentials_${ukIsoDate()}`,
    options: { attempts: 5 },
  },
  buildSitemaps: {
    queue: 'maintenance',
    name: 'build-sitemaps',
    payload: BuildSitemapsPayload,
    /**
     * build-sitemaps, deduplicated like recalculate-rating and delayed: whoever adds it, however
     * many times, one build waits, and a change during a build adds one more after it.
     */
    jobId: () => 'build-sitemaps',
    deduplicate: true,
    options: { removeOnComplete: true, attempts: 3, delay: SITEMAP_BUILD_DELAY_MS },
  },
} as const satisfies Record<
  string,
  {
    queue: QueueName;
    name: string;
    payload: z.ZodType;
    jobId: (payload: never) => string;
    /** The id is a deduplication id (BullMQ keepLastIfActive), not the job's own id. */
    deduplicate?: true;
    options?: { removeOnComplete?: boolean | { age?: number; count?: number }; attempts?: number; delay?: number };
  }
>;

export type JobKey = keyof typeof JOBS;
export type JobPayload<K extends JobKey> = z.infer<(typeof JOBS)[K]['payload']>;

/** BullMQ options for one job of a contract: defaults, the contract's own, and its deterministic id. */
export function jobOptions<K extends JobKey>(key: K, payload: JobPayload<K>): JobOptions<K> {
  const job = JOBS[key];
  const id = job.jobId(payload as never);
  const identity = isDeduplicated(key) ? { deduplication: { id, keepLastIfActive: true } } : { jobId: id };
  return { ...DEFAULT_JOB_OPTIONS, ...('options' in job ? job.options : {}), ...identity } as unknown as JobOptions<K>;
}

/** Whether a contract's id is a deduplication id (at most one job running and one waiting per id). */
export function isDeduplicated(key: JobKey): boolean {
  return 'deduplicate' in JOBS[key];
}

type JobIdentity<K extends JobKey> = (typeof JOBS)[K] extends { deduplicate: true }
  ? { deduplication: { id: string; keepLastIfActive: true } }
  : { jobId: string };
/** BullMQ's options for a job (written out, as BullMQ's own types are not readonly). */
type JobOptions<K extends JobKey> = {
  attempts: number;
  backoff: { type: 'exponential'; delay: number };
  removeOnComplete: boolean | { age: number; count?: number };
  removeOnFail: boolean;
  delay?: number;
} & JobIdentity<K>;

/**
 * What a job carries besides its payload, under `meta` in the job's data: the request id of the API
 * request (or the scheduled run) that caused it, so the worker logs every line of the job with that
 * id and passes it on to the jobs the job adds. It takes no part in the job id (jobOptions reads the
 * payload only), so de-duplication is the same with or without it; the worker strips it before the
 * payload schema sees the data.
 */
export const JOB_META_KEY = 'meta';
/** The request ids the API accepts from a caller and the worker accepts from job data. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export interface JobMeta {
  requestId?: string | undefined;
}

/** The job's data: the payload, plus `meta` when there is a request id to carry. */
export function withJobMeta<P extends object>(payload: P, meta: JobMeta): P & { meta?: JobMeta } {
  if (meta.requestId === undefined || !REQUEST_ID_PATTERN.test(meta.requestId)) return payload;
  return { ...payload, [JOB_META_KEY]: { requestId: meta.requestId } };
}

/** Splits a job's data into its payload and its meta (a malformed meta counts as none). */
export function splitJobMeta(data: unknown): { payload: unknown; meta: JobMeta } {
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !(JOB_META_KEY in data)) return { payload: data, meta: {} };
  const { [JOB_META_KEY]: raw, ...payload } = data as Record<string, unknown>;
  const requestId = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).requestId : undefined;
  return { payload, meta: typeof requestId === 'string' && REQUEST_ID_PATTERN.test(requestId) ? { requestId } : {} };
}

/** BullMQ key prefix for every queue of one deployment (REDIS_PREFIX 'itc' → 'itc_bull'). */
export function queuePrefix(redisPrefix: string): string {
  return `${redisPrefix}_bull`;
}

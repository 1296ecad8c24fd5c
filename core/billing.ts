// Applying and paying (spec: Apply, Subscribe, Subscription success, Application success; section 5's
// application rules): the application form's schema with the spec's messages, shared by the /apply
// form and the API, and the shapes of the payment calls. Prices are never here as input: the server
// charges what core/plans.ts says for the plan (product rule 1).
import { z } from 'zod';
import { Captcha, Email, NEW_PASSWORD_MIN } from './auth';
import { applicationFieldInputs, booleanInput, enumInput } from './listing-field-input';
import { LISTING_FIELDS, PROJECT_BASED_FIELD, RATE_TYPE_FIELD } from './listing-fields';
import { findLocation } from './locations';
import { isPlanId, MONEY_BACK_DAYS, type PlanId } from './plans';
import { normalisePostcode } from './postcode';
import { isService, MAX_LISTING_SERVICES } from './services';
import { labelled } from './social';
import { text } from './text';

export const MAX_APPLICATION_SERVICES = MAX_LISTING_SERVICES;
export const MAX_SOCIAL_LINKS = 6;

/** The platforms the application's social links offer (spec section 3), in its order. */
const APPLICATION_SOCIAL_PLATFORMS = ['linkedin', 'github', 'facebook', 'instagram', 'twitter', 'youtube', 'tiktok', 'trustpilot', 'website', 'other'] as const;
export type SocialPlatform = (typeof APPLICATION_SOCIAL_PLATFORMS)[number];
export const SOCIAL_PLATFORMS = labelled(APPLICATION_SOCIAL_PLATFORMS).map(({ key, label }) => ({ id: key, label }));

export const APPLY_MESSAGES = {
  planRequired: 'Please select a plan',
  planRequiredDetail: 'You must choose either monthly or yearly subscription to continue.',
  servicesRequired: 'Please select at least one service',
  servicesTooMany: `Select at most ${MAX_APPLICATION_SERVICES} services`,
  passwordShort: `Password must be at least ${NEW_PASSWORD_MIN} characters`,
  passwordsDiffer: "Passwords don't match",
  captchaRequired: 'Please complete the captcha',
  rateFormat: 'Please enter the rate in pounds: digits and one decimal point, e.g. 45 or 37.50',
  postcodeInvalid: 'Please enter a valid UK postcode',
  postcodeUnknown: 'We could not find this postcode district. Please check the postcode.',
  regionInvalid: 'Please choose a UK location from the list',
  confirmationSent:
    'Check your e-mail: we have sent a link to the address you gave. Open it to confirm the address, then pay for your listing. The link works for 24 hours.',
  applicationOpen: 'An application for this e-mail address is already open. Please sign in to continue it.',
  noApplicationWaiting: 'You have no application waiting for payment.',
  listingEmailTaken: 'A listing with this e-mail address belongs to another account.',
  paymentProcessing:
    'Your payment for this application is still being processed by your bank (a Direct Debit takes about three working days). We will e-mail you when it has gone through.',
  alreadyPending: 'An application for this e-mail is already waiting for review. We will e-mail you when it has been decided.',
  alreadyListed: 'This account already has an active subscription.',
  pastDue:
    'Your last renewal payment did not go through, so your subscription is past due. Please update your card in Manage billing on My Profile: your listing comes back as soon as the payment is taken.',
  checkoutSuperseded: 'This application was just sent again from another window. Please try again.',
  checkoutFailedTitle: 'Payment setup failed',
  checkoutFailed: 'Unable to create checkout session. Please try again.',
  subscriptionFailed: 'Unable to create subscription. Please try again.',
  verificationFailed: 'Payment verification failed',
} as const;

const required = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

const webAddress = text()
  .trim()
  .max(500, 'Must be at most 500 characters')
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'Please enter a full web address (https://…)');

/** The rate as typed: digits and one decimal point ('45', '37.50'), or empty. */
export const RATE_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;

/** What the rate box keeps of what is typed: digits and the first decimal point (spec section 5). */
export function keepRateCharacters(input: string): string {
  const digitsAndPoints = input.replace(/[^\d.]/g, '');
  const point = digitsAndPoints.indexOf('.');
  return point === -1 ? digitsAndPoints : `${digitsAndPoints.slice(0, point + 1)}${digitsAndPoints.slice(point + 1).replace(/\./g, '')}`;
}

export const SocialLink = z.object({
  platform: z.enum(APPLICATION_SOCIAL_PLATFORMS, { error: 'Choose a platform' }),
  url: webAddress,
});
export type SocialLink = z.infer<typeof SocialLink>;

/** The business profile of an application (step 2 of /apply), without the account's password. */
export const ApplicationProfile = z.object({
  companyName: required('Company name', 120),
  contactName: required('Contact name', 120),
  email: Email,
  phone: optionalText(40),
  website: webAddress.optional().or(z.literal('').transform(() => undefined)),
  description: required('Description', 5000),
  services: z
    .array(text(), { error: APPLY_MESSAGES.servicesRequired })
    .min(1, APPLY_MESSAGES.servicesRequired)
    .max(MAX_APPLICATION_SERVICES, APPLY_MESSAGES.servicesTooMany)
    .refine((list) => list.every(isService), 'Unknown service')
    .transform((list) => [...new Set(list)]),
  location: required('Service area', 200),
  region: required('Region', 100).refine((v) => findLocation(v) !== undefined, APPLY_MESSAGES.regionInvalid),
  postcode: text({ error: 'Postcode is required' })
    .refine((v) => normalisePostcode(v) !== null, APPLY_MESSAGES.postcodeInvalid)
    .transform((v) => normalisePostcode(v)!),
  hourlyRate: text().trim().optional().refine((v) => !v || RATE_PATTERN.test(v), APPLY_MESSAGES.rateFormat),
  rateType: enumInput(RATE_TYPE_FIELD).optional(),
  isProjectBased: booleanInput(PROJECT_BASED_FIELD),
  ...applicationFieldInputs(LISTING_FIELDS),
  /** At most 6 rows; the form sends only rows with both a platform and an address. */
  socialLinks: z.array(SocialLink).max(MAX_SOCIAL_LINKS, `At most ${MAX_SOCIAL_LINKS} social links`).default([]),
});
export type ApplicationProfile = z.output<typeof ApplicationProfile>;

const plan = z.custom<PlanId>((v) => isPlanId(v), { error: APPLY_MESSAGES.planRequired });

/**
 * POST /api/create-application-checkout. A visitor without an account sends a password (and its
 * confirmation) for the account the application creates; a signed-in user sends none.
 */
export const ApplicationCheckoutInput = ApplicationProfile.extend({
  subscriptionType: plan,
  password: text().max(200).optional(),
  confirmPassword: text().max(200).optional(),
  captcha: Captcha,
}).superRefine((input, ctx) => {
  if (input.password === undefined) return;
  if (input.password.length < NEW_PASSWORD_MIN) ctx.addIssue({ code: 'custom', path: ['password'], message: APPLY_MESSAGES.passwordShort });
  if (input.confirmPassword !== input.password) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: APPLY_MESSAGES.passwordsDiffer });
});
export type ApplicationCheckoutInput = z.output<typeof ApplicationCheckoutInput>;

/**
 * A visitor's application, kept with their sign-up until the e-mailed link proves the address
 * (product rule 24, decision 0029): the form without the account's address and password.
 */
export const PendingApplication = ApplicationProfile.omit({ email: true }).extend({ subscriptionType: plan });
export type PendingApplication = z.output<typeof PendingApplication>;

/**
 * POST /api/create-application-checkout (and POST /api/application/checkout): where the browser
 * goes to pay (Stripe Checkout, or the stand-in's checkout page); or, for a visitor without an
 * account, that a link was e-mailed (202: the same answer for every address).
 */
export type ApplicationCheckoutAnswer = { checkoutUrl: string; applicationId: number } | { emailSent: true; message: string };

/** GET /api/application: the signed-in user's open application, or null. */
export interface OpenApplication {
  id: number;
  companyName: string;
  plan: PlanId;
  /** pending_payment: not paid yet (POST /api/application/checkout pays it); pending: waiting for an admin. */
  status: 'pending_payment' | 'pending';
}

/** The Stripe stand-in's card form endpoint (stand-ins/stripe/demo-pages.ts), on the stand-in's own address. */
export const DEMO_PAY_CONFIRM_PATH = '/demo-pay/confirm';

/**
 * The session_id /application-success is sent with for an application that needed no payment (a
 * provider whose subscription is active sent an update): there is no checkout to verify.
 */
export const NO_PAYMENT_NEEDED = 'no-payment-needed';

/** GET /api/verify-payment?session_id=&application_id= */
export interface PaymentVerification {
  success: boolean;
  /** The application's state after the payment: 'pending' is waiting for an admin. */
  applicationStatus: 'pending_payment' | 'pending' | 'approved' | 'rejected';
  /**
   * When not successful: 'processing' while a delayed payment (a Bacs Direct Debit) is with the
   * bank (the page says so, not that the payment failed), 'failed' when it did not go through.
   */
  paymentStatus?: 'processing' | 'failed';
}

/** POST /api/create-subscription */
export const CreateSubscriptionInput = z.object({
  professionalId: z.number({ error: 'professionalId must be a whole number' }).int('professionalId must be a whole number').positive(),
  subscriptionType: plan,
});
export type CreateSubscriptionInput = z.output<typeof CreateSubscriptionInput>;

export interface CreateSubscriptionAnswer {
  /** For Stripe's Payment Element (or the demo provider's card form). */
  clientSecret: string;
  subscriptionId: string;
}

/** GET /api/professional/subscription: what My Profile and the cancel dialog say. */
export interface SubscriptionSummary {
  status: 'inactive' | 'active' | 'past_due' | 'cancelled';
  plan: PlanId;
  /** ISO date-time, or null: the end of Stripe's current period (for a past-due plan, one not paid). */
  currentPeriodEnd: string | null;
  /**
   * ISO date-time, or null: when a cancellation asked for in Stripe's billing page takes effect (the
   * end of the period paid for); the listing stays live until then (product rule 13).
   */
  cancelAt: string | null;
  /** ISO date-time, or null: the end of the last period paid for (when a failed renewal was due). */
  paidUntil: string | null;
  firstPaidAt: string | null;
  /** Cancelling now refunds the first payment in full (product rule 2). */
  isRefundDue: boolean;
  /** The amount a cancellation now would refund, in pence (0 when none). */
  refundPence: number;
  /** Whether Stripe's customer portal (or the demo provider's billing page) can be opened. */
  hasBilling: boolean;
}

/** POST /api/professional/cancel-subscription */
export interface CancellationAnswer {
  ok: true;
  /** The first payment, refunded in full under the 30-day guarantee (the worker makes the refund at once); 0 when none is due. */
  refundedPence: number;
}

/**
 * What the site's cancellation says in Stripe (cancellation_details.comment): the worker knows
 * from Stripe's own state that the owner cancelled through the site, even if the request that did
 * it never finished here, and completes it (product rule 13).
 */
export const SITE_CANCELLATION_COMMENT = 'Cancelled by its owner on ITConnect';

/**
 * The Stripe events the worker reconciles (worker/src/billing/reconcile.ts handles exactly these).
 * The webhook stores every event it is sent, but queues only these: the rest (customer.created,
 * invoice.payment_succeeded, which always comes with invoice.paid, …) are stored as processed.
 */
export const RECONCILED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'refund.created',
  'refund.updated',
] as const;
export type ReconciledStripeEvent = (typeof RECONCILED_STRIPE_EVENTS)[number];

export function isReconciledStripeEvent(type: string): type is ReconciledStripeEvent {
  return (RECONCILED_STRIPE_EVENTS as readonly string[]).includes(type);
}

/**
 * The customer portal this site's billing pages use: the configuration `npm run stripe:setup` makes
 * (found by this metadata, so no id needs storing): cancel at the period's end, switch between the
 * plans, update the card.
 */
export const PORTAL_CONFIGURATION_METADATA = { purpose: 'itconnect-listings' } as const;

/** Whether a cancellation at `now` is within the money-back window of a first payment at `firstPaidAt`. */
export function isWithinMoneyBack(firstPaidAt: Date | null, now: Date): boolean {
  if (!firstPaidAt) return false;
  return now.getTime() - firstPaidAt.getTime() < MONEY_BACK_DAYS * 24 * 3600 * 1000;
}

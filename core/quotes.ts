// Requests for quotes (issue 32, product rules 40 and 41): what a buyer asks, validated the same
// way by the form and by POST /api/quote-requests, the texts both sides show, and the public
// answers of the API. A guest needs no account: the request is sent once they confirm it through
// an e-mailed link, and a second private link follows the replies.
import { z } from 'zod';
import { Captcha, Email } from './auth';
import { formatPoundsGrouped } from './counts';
import { normalisePostcode } from './postcode';
import { isService } from './services';
import { text } from './text';

export const QUOTE_LIMITS = { nameMin: 2, nameMax: 100, detailsMin: 20, detailsMax: 3000, phoneMax: 40 } as const;

import { QUOTE_CONFIRM_TTL_HOURS } from './quotes-limits';

export { DEFAULT_TRAVEL_MILES, QUOTE_CONFIRM_TTL_HOURS, QUOTE_OPEN_DAYS, QUOTE_RECIPIENTS_MAX, QUOTE_SIMILAR_MAX } from './quotes-limits';

export const BUDGET_BANDS = ['under_250', '250_1000', '1000_5000', 'over_5000', 'not_sure'] as const;
export type BudgetBand = (typeof BUDGET_BANDS)[number];
export const BUDGET_BAND_LABELS: Record<BudgetBand, string> = {
  under_250: 'Under £250',
  '250_1000': '£250 to £1,000',
  '1000_5000': '£1,000 to £5,000',
  over_5000: 'Over £5,000',
  not_sure: 'Not sure yet',
};

export const TIMESCALES = ['urgent', 'within_month', 'flexible'] as const;
export type Timescale = (typeof TIMESCALES)[number];
export const TIMESCALE_LABELS: Record<Timescale, string> = {
  urgent: 'As soon as possible',
  within_month: 'Within a month',
  flexible: 'I am flexible',
};

export const CONTACT_PREFERENCES = ['email', 'phone'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];
export const CONTACT_PREFERENCE_LABELS: Record<ContactPreference, string> = { email: 'By e-mail', phone: 'By phone' };

export const QUOTE_TEXTS = {
  serviceRequired: 'Please choose the service you need',
  postcodeOrRemote: 'Please enter your postcode, or say the work can be done remotely',
  postcodeInvalid: 'Please enter a UK postcode, such as LS1 4DY',
  postcodeUnknown: 'We could not find that postcode',
  detailsShort: `Please describe what you need (at least ${QUOTE_LIMITS.detailsMin} characters)`,
  detailsLong: `Please keep the description to ${QUOTE_LIMITS.detailsMax} characters`,
  nameShort: `Name must be at least ${QUOTE_LIMITS.nameMin} characters`,
  nameLong: `Name must be at most ${QUOTE_LIMITS.nameMax} characters`,
  phoneRequired: 'Please enter a phone number, or choose to be contacted by e-mail',
  phoneLong: `The phone number must be at most ${QUOTE_LIMITS.phoneMax} characters`,
  checkEmailTitle: 'Check your e-mail',
  checkEmail: `We have sent you a link. Your request goes to the professionals only once you open it (within ${QUOTE_CONFIRM_TTL_HOURS} hours).`,
  linkInvalid: 'This link is not valid, or has expired. Please ask for quotes again.',
  sentTitle: 'Your request has been sent',
  noneMatched: 'No live professional offers this service where you are yet, so your request was not sent to anyone.',
  enquiryNotSent: 'This professional is no longer listed, so your enquiry was not sent.',
} as const;

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });

const QuoteRequestObject = z.object({
    service: text({ error: QUOTE_TEXTS.serviceRequired }).refine(isService, QUOTE_TEXTS.serviceRequired),
    /**
     * A UK postcode (stored normalised), or empty when the work can be done remotely. Null is read
     * as empty, like the phone's: the form sends what it parsed, and the API parses it again.
     */
    postcode: text()
      .trim()
      .max(16, QUOTE_TEXTS.postcodeInvalid)
      .nullish()
      .transform((v, ctx) => {
        if (!v) return null;
        const normalised = normalisePostcode(v);
        if (!normalised) {
          ctx.addIssue({ code: 'custom', message: QUOTE_TEXTS.postcodeInvalid });
          return z.NEVER;
        }
        return normalised;
      }),
    remoteOk: z.boolean({ error: 'Please say whether the work can be done remotely' }),
    details: text({ error: QUOTE_TEXTS.detailsShort }).trim().min(QUOTE_LIMITS.detailsMin, QUOTE_TEXTS.detailsShort).max(QUOTE_LIMITS.detailsMax, QUOTE_TEXTS.detailsLong),
    budget: choice(BUDGET_BANDS, 'Please choose a budget'),
    timescale: choice(TIMESCALES, 'Please choose when you need it'),
    contactPreference: choice(CONTACT_PREFERENCES, 'Please choose how you would like to be contacted'),
    name: text({ error: QUOTE_TEXTS.nameShort }).trim().min(QUOTE_LIMITS.nameMin, QUOTE_TEXTS.nameShort).max(QUOTE_LIMITS.nameMax, QUOTE_TEXTS.nameLong),
    email: Email,
    phone: text()
      .trim()
      .max(QUOTE_LIMITS.phoneMax, QUOTE_TEXTS.phoneLong)
      .nullish()
      .transform((v) => v || null),
    /** Asked from this professional's profile: they receive it, with up to QUOTE_SIMILAR_MAX others. */
    professionalId: z.number().int().positive().max(2_147_483_647).optional(),
    /** A single enquiry: only that professional receives it, no similar ones (needs professionalId). */
    askedOnly: z.boolean().optional(),
});

/** Whether the fields a rule reads are valid themselves: then the rule is checked even while others are not, so an empty form says everything at once. */
const whenValid = (keys: (keyof typeof QuoteRequestObject.shape)[]) => ({
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) => !payload.issues.some((issue) => keys.includes(issue.path?.[0] as never)),
});

/** What the buyer fills in (the form, and POST /api/quote-requests with the captcha). */
export const QuoteRequestFields = QuoteRequestObject.refine((v) => v.postcode !== null || v.remoteOk, {
  path: ['postcode'],
  message: QUOTE_TEXTS.postcodeOrRemote,
  ...whenValid(['postcode', 'remoteOk']),
}).refine((v) => !v.askedOnly || v.professionalId !== undefined, {
  path: ['askedOnly'],
  message: 'An enquiry needs the professional it is for',
}).refine((v) => v.contactPreference !== 'phone' || v.phone !== null, {
  path: ['phone'],
  message: QUOTE_TEXTS.phoneRequired,
  ...whenValid(['contactPreference', 'phone']),
});
export type QuoteRequestFields = z.infer<typeof QuoteRequestFields>;

export const QuoteRequestInput = z.intersection(QuoteRequestFields, z.object({ captcha: Captcha }));
export type QuoteRequestInput = z.infer<typeof QuoteRequestInput>;
/** What the form sends before it is checked (its selects may still be empty). */
export type QuoteRequestFormValues = Omit<z.input<typeof QuoteRequestInput>, 'captcha'>;

const quoteToken = text().trim().min(20, QUOTE_TEXTS.linkInvalid).max(100, QUOTE_TEXTS.linkInvalid);

/** POST /api/quote-requests/view and /send: the e-mailed token. */
export const QuoteTokenInput = z.object({ token: quoteToken });

/** The buyer's decision (product rule 43): one professional who answered, or none of them. */
export const QUOTE_OUTCOMES = ['chosen', 'not_chosen'] as const;
export type QuoteOutcome = (typeof QUOTE_OUTCOMES)[number];

/** POST /api/quote-requests/pick: the professional picked, or null for none. */
export const QuotePickInput = z.object({
  token: quoteToken,
  professionalId: z.number({ error: 'Please choose a professional, or none' }).int().positive().max(2_147_483_647).nullable(),
});
export type QuotePickInput = z.infer<typeof QuotePickInput>;

/** An admin's review of a request a professional reported as spam: 'spam' closes it; 'not_spam' leaves it as it was. */
export const QUOTE_SPAM_VERDICTS = ['spam', 'not_spam'] as const;
export type QuoteSpamVerdict = (typeof QUOTE_SPAM_VERDICTS)[number];

export const QUOTE_PICK_TEXTS = {
  alreadyDecided: 'You have already decided on this request.',
  notAnswered: 'You can pick only a professional who answered with a quote or a message.',
  closed: 'This request is closed.',
} as const;

/**
 * How a professional reaches the buyer (product rule 40), as the buyer is told; 'asked': the
 * professional whose profile the request was asked from, who receives it whatever their reach.
 */
export type QuoteReach = { kind: 'on_site'; distanceMiles: number; travelMiles: number } | { kind: 'remote' } | { kind: 'asked' };

/** 'On site: 3.2 miles from you (travels up to 25 miles)', 'Works remotely', 'You asked them'. */
export function reachText(reach: QuoteReach): string {
  if (reach.kind === 'remote') return 'Works remotely';
  if (reach.kind === 'asked') return 'You asked them from their profile';
  return `On site: ${reach.distanceMiles.toFixed(1)} miles from you (travels up to ${reach.travelMiles} miles)`;
}

/** Why a professional received a request, as they are told: 'the job is 3.2 miles from you, within the 25 miles you travel'. */
export function reachReasonForProfessional(reach: QuoteReach, service: string): string {
  if (reach.kind === 'remote') return `you offer ${service} and work remotely, and the buyer says it can be done remotely`;
  if (reach.kind === 'asked') return 'the buyer asked you from your profile';
  return `you offer ${service} and the job is ${reach.distanceMiles.toFixed(1)} miles from you, within the ${reach.travelMiles} miles you travel`;
}

/** 'LS1, on site or remotely', 'LS1, on site', 'Remote work': where the work is, by postcode district only. */
export function whereText(postcodeDistrict: string | null, remoteOk: boolean): string {
  if (!postcodeDistrict) return 'Remote work';
  return `${postcodeDistrict}, ${remoteOk ? 'on site or remotely' : 'on site'}`;
}

export const QUOTE_REQUEST_STATUSES = ['unconfirmed', 'open', 'closed'] as const;
export type QuoteRequestStatus = (typeof QUOTE_REQUEST_STATUSES)[number];

/** A professional's answer, as both sides see it. */
export interface QuoteReplyView {
  kind: QuoteReplyKind;
  pricePence: number | null;
  priceUnit: QuotePriceUnit | null;
  message: string | null;
  repliedAt: string;
}

/** One professional who received a request, as the buyer sees them, side by side with the others. */
export interface QuoteRecipientView {
  professional: { id: number; slug: string; companyName: string; rating: number; reviewCount: number };
  reach: QuoteReach;
  sentAt: string;
  reply: QuoteReplyView | null;
  /** Minutes from sending to their answer. */
  replyMinutes: number | null;
  outcome: QuoteOutcome | null;
}

/** What a request says of the job, as the buyer, the professionals who received it and the admins see it. */
export interface QuoteRequestFacts {
  id: number;
  status: QuoteRequestStatus;
  service: string;
  /** Where the work is by postcode district only ('LS1'); null for remote work. */
  postcodeDistrict: string | null;
  remoteOk: boolean;
  details: string;
  budget: BudgetBand;
  timescale: Timescale;
  closesAt: string | null;
}

/** GET /api/quote-requests/view: the buyer's own request, through their private link. */
export interface QuoteRequestView extends QuoteRequestFacts {
  createdAt: string;
  sentAt: string | null;
  /** A single enquiry to the professional it was asked from (askedCompany), no similar ones. */
  askedOnly: boolean;
  askedCompany: string | null;
  recipients: QuoteRecipientView[];
}

/** A professional's answer to a request (product rule 42): a price, a message, or 'not for us'. */
export const QUOTE_REPLY_KINDS = ['quote', 'message', 'decline'] as const;
export type QuoteReplyKind = (typeof QUOTE_REPLY_KINDS)[number];
export const QUOTE_PRICE_UNITS = ['hour', 'day', 'fixed'] as const;
export type QuotePriceUnit = (typeof QUOTE_PRICE_UNITS)[number];
export const QUOTE_PRICE_UNIT_LABELS: Record<QuotePriceUnit, string> = { hour: 'per hour', day: 'per day', fixed: 'fixed price' };

/** A quote's price as both sides and the e-mails write it: '£450 fixed price', '£37.50 per hour'. */
export function quotePriceText(pricePence: number | null, priceUnit: string | null): string {
  return `${formatPoundsGrouped(pricePence ?? 0)} ${QUOTE_PRICE_UNIT_LABELS[(priceUnit ?? 'fixed') as QuotePriceUnit]}`;
}

export const QUOTE_REPLY_LIMITS = { messageMin: 10, messageMax: 2000, pricePenceMax: 100_000_000 } as const;

export const QUOTE_REPLY_TEXTS = {
  notFound: 'This request could not be found.',
  closed: 'This request is closed: it no longer takes replies.',
  alreadyReplied: 'You have already answered this request.',
  priceRequired: 'Please enter your price',
  priceInvalid: 'Please enter a price in pounds, such as 250 or 49.50',
  unitRequired: 'Please choose whether the price is per hour, per day or fixed',
  messageShort: `Please write a message (at least ${QUOTE_REPLY_LIMITS.messageMin} characters)`,
  messageLong: `The message must be at most ${QUOTE_REPLY_LIMITS.messageMax} characters`,
  flagged: 'Thank you: our team will look at this request.',
} as const;

const replyMessage = text({ error: QUOTE_REPLY_TEXTS.messageShort })
  .trim()
  .min(QUOTE_REPLY_LIMITS.messageMin, QUOTE_REPLY_TEXTS.messageShort)
  .max(QUOTE_REPLY_LIMITS.messageMax, QUOTE_REPLY_TEXTS.messageLong);

/** POST /api/quotes/:id/reply: a quote (price in pence and its unit, an optional message), a message, or a decline. */
export const QuoteReplyInput = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('quote'),
      pricePence: z.number({ error: QUOTE_REPLY_TEXTS.priceRequired }).int(QUOTE_REPLY_TEXTS.priceInvalid).min(1, QUOTE_REPLY_TEXTS.priceInvalid).max(QUOTE_REPLY_LIMITS.pricePenceMax, QUOTE_REPLY_TEXTS.priceInvalid),
      priceUnit: z.enum(QUOTE_PRICE_UNITS, { error: QUOTE_REPLY_TEXTS.unitRequired }),
      message: replyMessage.optional(),
    }),
    z.object({ kind: z.literal('message'), message: replyMessage }),
    z.object({ kind: z.literal('decline') }),
  ],
  { error: 'Please choose how to answer: a quote, a message, or not for us' },
);
export type QuoteReplyInput = z.infer<typeof QuoteReplyInput>;

/**
 * What a professional sees of a request they received (product rule 42): the job, where (the
 * district), and the buyer's first name, never their surname, e-mail or phone before the buyer
 * picks them.
 */
export interface ReceivedQuoteRequest extends QuoteRequestFacts {
  buyerFirstName: string;
  reach: QuoteReach;
  sentAt: string;
  reply: QuoteReplyView | null;
  flaggedSpam: boolean;
  outcome: QuoteOutcome | null;
  /** Only once the buyer picked them: how to reach the buyer. */
  buyer: { name: string; email: string; phone: string | null; contactPreference: ContactPreference } | null;
}

/** 'Bea Buyer' → 'Bea': all a professional is told of the buyer's name before being picked. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** GET /api/quote-requests/mine: a signed-in buyer's own requests (their account's, or sent from its address). */
export interface MyQuoteRequest {
  id: number;
  status: QuoteRequestStatus;
  service: string;
  postcodeDistrict: string | null;
  remoteOk: boolean;
  createdAt: string;
  sentAt: string | null;
  recipients: number;
  answers: number;
  /** The company the buyer picked, if any. */
  picked: string | null;
}


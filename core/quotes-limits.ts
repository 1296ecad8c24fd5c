// How many professionals a request for quotes reaches, how long it lives and when a listing's
// reply rate shows (product rules 40–42), zod-free so the home page, the directory, a profile and
// the privacy policy can say it without the form's code.

/** Up to this many professionals receive one request. */
export const QUOTE_RECIPIENTS_MAX = 5;
/** A request asked from a profile goes to that professional and at most this many others. */
export const QUOTE_SIMILAR_MAX = QUOTE_RECIPIENTS_MAX - 1;
/** An unsent request is deleted after this long (its link expires with it). */
export const QUOTE_CONFIRM_TTL_HOURS = 48;
/** A sent request takes answers for this long, then closes. */
export const QUOTE_OPEN_DAYS = 30;
/** The distances a listing may travel for on-site work, in miles (TRAVEL_MILES_FIELD). */
export const TRAVEL_MILES = ['5', '10', '15', '25', '50', '100'] as const;
export type TravelMiles = (typeof TRAVEL_MILES)[number];
/** How far a professional travels unless their listing says otherwise. */
export const DEFAULT_TRAVEL_MILES = 25;
/** A professional's reply rate shows on their profile once this many requests have settled (product rule 42). */
export const QUOTE_REPLY_RATE_MIN_REQUESTS = 5;

/** 'Answered 10 of 12 requests for quotes (83%)', or null before QUOTE_REPLY_RATE_MIN_REQUESTS. */
export function quoteReplyRateText(answered: number, settled: number): string | null {
  if (settled < QUOTE_REPLY_RATE_MIN_REQUESTS) return null;
  return `Answered ${answered} of ${settled} requests for quotes (${Math.round((answered / settled) * 100)}%)`;
}

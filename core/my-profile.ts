// A provider's edit of their own professional profile (PATCH /api/professionals/my-profile, spec
// section 6): the fields My Profile's edit mode sends, validated the same way in the form and on
// the server. Optional text fields arrive as '' when cleared and are stored as null; one left out
// of the request stays as it is (the form has no YouTube or TikTok field, say). MyProfile is
// what GET and PATCH answer, declared here once for the API and the front end.
import { z } from 'zod';
import { penceOfPounds } from './counts';
import { hourlyEquivalentPence } from './hourly-rate';
import type { ProfessionalListItem } from './directory';
import { booleanInput, editorFieldInputs, enumInput } from './listing-field-input';
import { PROJECT_BASED_FIELD, PUBLIC_LISTING_FIELDS, RATE_TYPE_FIELD } from './listing-fields';
import { findLocation } from './locations';
import type { PlanId } from './plans';
import { normalisePostcode } from './postcode';
import { LANGUAGES, MAX_LANGUAGES, MIN_FOUNDED_YEAR } from './profile-facts';
import { isService, MAX_LISTING_SERVICES } from './services';
import { text } from './text';

/** '' or null clears a field (stored as null); a field left out stays as it is (undefined). */
const clearedToNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform(clearedToNull);

const optionalUrl = text()
  .trim()
  .max(500, 'Must be at most 500 characters')
  .nullish()
  .transform(clearedToNull)
  .refine((v) => v === null || v === undefined || /^https?:\/\/[^\s]+$/i.test(v), 'Please enter a full web address (https://…)');

const required = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The rate as typed: digits and one decimal point ('45', '37.50'); '' or null for none. */
const RateText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()))
  .refine((v) => v === '' || /^\d{1,6}(\.\d{1,2})?$/.test(v), 'Please enter the rate in pounds, e.g. 45 or 37.50');

/** The founded-year message: the range runs to this year, so a year ahead is refused. */
export function foundedYearMessage(currentYear: number): string {
  return `Enter the year the business began, from ${MIN_FOUNDED_YEAR} to ${currentYear}`;
}

/**
 * The year the business began (product rule 46): a whole year from MIN_FOUNDED_YEAR to this year
 * (UTC), as a number or as typed ('2012'); '' or null clears it; left out stays as it is.
 */
export const FoundedYearInput = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const year = typeof v === 'number' ? v : /^\d{4}$/.test(v.trim()) ? Number(v.trim()) : NaN;
    const currentYear = new Date().getUTCFullYear();
    if (!Number.isInteger(year) || year < MIN_FOUNDED_YEAR || year > currentYear) {
      ctx.addIssue({ code: 'custom', message: foundedYearMessage(currentYear) });
      return z.NEVER;
    }
    return year;
  });

const languageSet: ReadonlySet<string> = new Set(LANGUAGES);

/** The languages the business works in (product rule 46): from LANGUAGES, at most MAX_LANGUAGES, kept in LANGUAGES's order; left out stays as it is. */
export const LanguagesInput = z
  .array(z.string(), { error: 'Choose languages from the list' })
  .max(MAX_LANGUAGES, `Choose at most ${MAX_LANGUAGES} languages`)
  .refine((list) => list.every((language) => languageSet.has(language)), 'Choose languages from the list')
  .transform((list) => LANGUAGES.filter((language) => list.includes(language)) as string[])
  .optional();

export const MyProfileUpdate = z
  .object({
    companyName: required('Company name', 120),
    contactName: required('Contact name', 120),
    phone: optionalText(40),
    website: optionalUrl,
    description: required('Description', 5000),
    services: z
      .array(z.string(), { error: 'Please select at least one service' })
      .min(1, 'Please select at least one service')
      .max(MAX_LISTING_SERVICES, `Select at most ${MAX_LISTING_SERVICES} services`)
      .refine((list) => list.every(isService), 'Unknown service')
      .transform((list) => [...new Set(list)]),
    location: required('Service area', 200),
    region: required('Region', 100).refine((v) => findLocation(v) !== undefined, 'Please choose a UK location from the list'),
    postcode: z
      .string({ error: 'Postcode is required' })
      .refine((v) => normalisePostcode(v) !== null, 'Please enter a valid UK postcode')
      .transform((v) => normalisePostcode(v)!),
    hourlyRate: RateText,
    rateType: enumInput(RATE_TYPE_FIELD).nullish(),
    isProjectBased: booleanInput(PROJECT_BASED_FIELD),
    ...editorFieldInputs(PUBLIC_LISTING_FIELDS),
    foundedYear: FoundedYearInput,
    languages: LanguagesInput,
    linkedin: optionalUrl,
    github: optionalUrl,
    facebook: optionalUrl,
    instagram: optionalUrl,
    twitter: optionalUrl,
    youtube: optionalUrl,
    tiktok: optionalUrl,
    trustpilot: optionalUrl,
  })
  .transform(({ region, hourlyRate, rateType, isProjectBased, ...rest }) => {
    const ratePence = isProjectBased || hourlyRate === '' ? null : penceOfPounds(hourlyRate);
    const type = ratePence === null ? null : (rateType ?? 'hourly');
    return {
      ...rest,
      region: findLocation(region)!.name,
      isProjectBased,
      ratePence,
      rateType: type,
      hourlyRatePence: hourlyEquivalentPence(ratePence, type),
    };
  });
export type MyProfileUpdate = z.output<typeof MyProfileUpdate>;
export type MyProfileUpdateInput = z.input<typeof MyProfileUpdate>;

/**
 * GET and PATCH /api/professionals/my-profile answer: the provider's own professional as the
 * directory shows it, plus the links the directory leaves out and the end of the paid period.
 */
export interface MyProfile extends Omit<ProfessionalListItem, 'distanceMiles'> {
  isApproved: boolean;
  subscriptionStatus: 'inactive' | 'active' | 'past_due' | 'cancelled';
  subscriptionType: PlanId;
  youtube: string | null;
  tiktok: string | null;
  /** ISO date-time; null when there is none. */
  currentPeriodEnd: string | null;
}

// The provider's professional-profile form on My Profile, as pure functions: the form values from
// the API's profile, the PATCH body from the form, and the client-side checks (spec section 5; the
// API validates again and its field messages are shown the same way).
import { PUBLIC_LISTING_FIELDS, type RateType } from '../../../../core/listing-fields';
import { FoundedYearInput, LanguagesInput, type MyProfile, type MyProfileUpdateInput } from '../../../../core/my-profile';
import { toggleService as toggleListingService } from '../../../../core/services';
import { formatUkDate } from '../../../../core/uk-date';
import { labelled, LISTING_SOCIAL_KEYS, type ListingSocialKey } from '../../../../core/social';
import type { FieldErrors } from '../../components/forms/form-validation';
import { editorFieldBody, storedFieldValues, type ListingFieldFormValues } from '../../components/forms/listing-field-values';
import type { ListingFormValues } from '../../components/forms/use-form-state';

export { MAX_LISTING_SERVICES as MAX_SERVICES } from '../../../../core/services';
/** The rate keeps only digits and one decimal point, as on /apply. */
export { keepRateCharacters as sanitizeRate } from '../../../../core/billing';

export const SOCIAL_FIELDS = labelled(LISTING_SOCIAL_KEYS);

export type SocialKey = ListingSocialKey;

/**
 * The form's state: every text as its input holds it ('' when empty). A narrower shape than the
 * PATCH body (MyProfileUpdateInput), which toUpdate builds from it.
 */
export interface ProfileFormValues extends ListingFormValues, ListingFieldFormValues<typeof PUBLIC_LISTING_FIELDS> {
  rateType: RateType | null;
  linkedin: string;
  github: string;
  facebook: string;
  instagram: string;
  twitter: string;
  trustpilot: string;
  /** The year the business began as typed ('' when not given), product rule 46. */
  foundedYear: string;
  languages: string[];
}

export const REQUIRED_FIELDS = {
  companyName: 'Company name is required',
  contactName: 'Contact name is required',
  description: 'Description is required',
  location: 'Service area is required',
  region: 'Region is required',
  postcode: 'Postcode is required',
} as const;

export const SERVICES_REQUIRED = 'Please select at least one service';

/** The rate as stored text: '45', '45.50', '£45/hour' → '45'; project-based or absent → ''. */
function rateNumber(hourlyRate: string | null | undefined): string {
  if (!hourlyRate) return '';
  const match = /\d+(?:\.\d+)?/.exec(hourlyRate);
  return match ? match[0] : '';
}

export function toFormValues(profile: MyProfile): ProfileFormValues {
  const { isProjectBased } = profile;
  const rateType: RateType | null = isProjectBased ? null : (profile.rateType ?? (profile.hourlyRate ? 'hourly' : null));
  return {
    companyName: profile.companyName,
    contactName: profile.contactName,
    phone: profile.phone ?? '',
    website: profile.website ?? '',
    description: profile.description,
    services: [...profile.services],
    location: profile.location,
    region: profile.region,
    postcode: profile.postcode,
    hourlyRate: isProjectBased ? '' : rateNumber(profile.hourlyRate),
    rateType,
    isProjectBased,
    ...storedFieldValues(PUBLIC_LISTING_FIELDS, profile),
    linkedin: profile.linkedin ?? '',
    github: profile.github ?? '',
    facebook: profile.facebook ?? '',
    instagram: profile.instagram ?? '',
    twitter: profile.twitter ?? '',
    trustpilot: profile.trustpilot ?? '',
    foundedYear: profile.foundedYear === null ? '' : String(profile.foundedYear),
    languages: [...profile.languages],
  };
}

/** Adds or removes a service; a selection beyond the tenth is ignored (spec section 5). */
export function toggleService(services: readonly string[], service: string): string[] {
  return toggleListingService(services, service).services;
}

/** Project based clears the rate and rate type (spec section 2, Apply; the same on My Profile). */
export function setProjectBased(values: ProfileFormValues, isProjectBased: boolean): ProfileFormValues {
  if (!isProjectBased) return { ...values, isProjectBased, rateType: values.rateType ?? 'hourly' };
  return { ...values, isProjectBased, hourlyRate: '', rateType: null };
}

export function validateProfileForm(values: ProfileFormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(REQUIRED_FIELDS)) {
    if (values[field as keyof typeof REQUIRED_FIELDS].trim() === '') errors[field] = message;
  }
  if (values.services.length === 0) errors.services = SERVICES_REQUIRED;
  if (!values.isProjectBased && values.hourlyRate !== '' && !/^\d+(\.\d+)?$/.test(values.hourlyRate)) {
    errors.hourlyRate = 'Enter the rate as a number, for example 45 or 45.50';
  }
  // The API's own checks, so the form and the server never disagree (product rule 46).
  const founded = FoundedYearInput.safeParse(values.foundedYear);
  if (!founded.success) errors.foundedYear = founded.error.issues[0]!.message;
  const languages = LanguagesInput.safeParse(values.languages);
  if (!languages.success) errors.languages = languages.error.issues[0]!.message;
  return errors;
}

/** The PATCH body: trimmed text; no rate or rate type when project based. */
export function toUpdate(values: ProfileFormValues): MyProfileUpdateInput {
  const trim = (s: string) => s.trim();
  return {
    companyName: trim(values.companyName),
    contactName: trim(values.contactName),
    phone: trim(values.phone),
    website: trim(values.website),
    description: trim(values.description),
    services: [...values.services],
    location: trim(values.location),
    region: values.region,
    postcode: trim(values.postcode).toUpperCase(),
    hourlyRate: values.isProjectBased ? '' : values.hourlyRate,
    rateType: values.isProjectBased || values.hourlyRate === '' ? null : (values.rateType ?? 'hourly'),
    isProjectBased: values.isProjectBased,
    ...editorFieldBody(PUBLIC_LISTING_FIELDS, values),
    linkedin: trim(values.linkedin),
    github: trim(values.github),
    facebook: trim(values.facebook),
    instagram: trim(values.instagram),
    twitter: trim(values.twitter),
    trustpilot: trim(values.trustpilot),
    foundedYear: values.foundedYear.trim(),
    languages: [...values.languages],
  };
}

/** How a rate reads in view mode: '£45 per hour', '£300 per day', 'Project based', or 'Not set'. */
export function describeRate(profile: Pick<MyProfile, 'hourlyRate' | 'rateType' | 'isProjectBased'>): string {
  if (profile.isProjectBased) return 'Project based';
  const amount = rateNumber(profile.hourlyRate);
  if (amount === '') return 'Not set';
  return `£${amount} per ${profile.rateType === 'daily' ? 'day' : 'hour'}`;
}

/** 'Member since' in British English: 3 January 2025. */
export function formatMemberSince(createdAt: string | null | undefined): string {
  return formatUkDate(createdAt) ?? 'Unknown';
}

/** The file name for 'Download my data': itconnect-my-data-2025-01-03.json. */
export function myDataFileName(now: Date = new Date()): string {
  return `itconnect-my-data-${now.toISOString().slice(0, 10)}.json`;
}

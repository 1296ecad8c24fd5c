// The /apply form as pure functions (spec: Apply; section 5's application rules): the plan from
// ?plan=, the form's values (empty, or a signed-in provider's current listing), the edits with rules
// (at most 10 services, Project based clears the rate, at most 6 social rows), the request body
// (only complete social rows, no rate when project based, a password only from a visitor without
// an account) and its checks with core's schema, each message keyed by the control it belongs to.
import type { z } from 'zod';
import {
  APPLY_MESSAGES,
  ApplicationCheckoutInput,
  keepRateCharacters,
  MAX_APPLICATION_SERVICES,
  MAX_SOCIAL_LINKS,
  type SocialPlatform,
} from '../../../../core/billing';
import { NEW_PASSWORD_MIN } from '../../../../core/auth';
import { LISTING_FIELDS, PUBLIC_LISTING_FIELDS, RATE_TYPE_FIELD, type ListingFields, type RateType } from '../../../../core/listing-fields';
import type { MyProfile } from '../../../../core/my-profile';
import { isPlanId, type PlanId } from '../../../../core/plans';
import type { ApplicationCheckoutRequest } from '../../api/billing';
import { ApiRequestError } from '../../api/client';
import type { FieldErrors } from '../../components/forms/form-validation';
import { applicationFieldBody, emptyFieldValues, storedFieldValues, type ListingFieldFormValues } from '../../components/forms/listing-field-values';
import type { ListingFormValues } from '../../components/forms/use-form-state';

/** ?plan=monthly or ?plan=yearly preselects the plan; anything else leaves the choice open. */
export function planFromQuery(search: string | URLSearchParams): PlanId | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const plan = params.get('plan');
  return isPlanId(plan) ? plan : null;
}

export interface SocialRow {
  /** Stable across removals, for React keys. */
  key: number;
  platform: SocialPlatform | '';
  url: string;
}

/** Every control's value as it holds it ('' when empty). */
export interface ApplicationFormValues extends ListingFormValues, ListingFieldFormValues<ListingFields> {
  email: string;
  rateType: RateType | '';
  password: string;
  confirmPassword: string;
  socialLinks: SocialRow[];
}

let nextRowKey = 1;
export function emptySocialRow(platform: SocialPlatform | '' = '', url = ''): SocialRow {
  nextRowKey += 1;
  return { key: nextRowKey, platform, url };
}

/** A new form: the signed-in account's e-mail, if any, and one empty social row. */
export function emptyApplication(accountEmail = ''): ApplicationFormValues {
  return {
    companyName: '',
    contactName: '',
    email: accountEmail,
    phone: '',
    website: '',
    description: '',
    services: [],
    location: '',
    region: '',
    postcode: '',
    hourlyRate: '',
    rateType: RATE_TYPE_FIELD.default,
    isProjectBased: false,
    ...emptyFieldValues(LISTING_FIELDS),
    password: '',
    confirmPassword: '',
    socialLinks: [emptySocialRow()],
  };
}

/** The listing's links that the application's platforms name, in the platforms' order. */
const PROFILE_LINK_FIELDS = ['linkedin', 'github', 'facebook', 'instagram', 'twitter', 'youtube', 'tiktok', 'trustpilot'] as const;

/**
 * A signed-in provider's application ('Update Professional Application' on My Profile), filled in
 * from their listing. The e-mail is always the account's own.
 */
export function applicationFromProfile(profile: MyProfile, accountEmail: string): ApplicationFormValues {
  const links = PROFILE_LINK_FIELDS.flatMap((field) => {
    const url = profile[field];
    return url ? [emptySocialRow(field, url)] : [];
  });
  const isProjectBased = profile.isProjectBased;
  return {
    ...emptyApplication(accountEmail),
    companyName: profile.companyName,
    contactName: profile.contactName,
    phone: profile.phone ?? '',
    website: profile.website ?? '',
    description: profile.description,
    services: profile.services.slice(0, MAX_APPLICATION_SERVICES),
    location: profile.location,
    region: profile.region,
    postcode: profile.postcode,
    hourlyRate: isProjectBased ? '' : keepRateCharacters(profile.hourlyRate ?? ''),
    rateType: isProjectBased ? '' : (profile.rateType ?? 'hourly'),
    isProjectBased,
    ...storedFieldValues(PUBLIC_LISTING_FIELDS, profile),
    socialLinks: links.length > 0 ? links.slice(0, MAX_SOCIAL_LINKS) : [emptySocialRow()],
  };
}

export { toggleService } from '../../../../core/services';

/** Project based clears the rate and rate type (they are disabled); unticking it offers per hour again. */
export function setProjectBased(values: ApplicationFormValues, isProjectBased: boolean): ApplicationFormValues {
  if (isProjectBased) return { ...values, isProjectBased, hourlyRate: '', rateType: '' };
  return { ...values, isProjectBased, rateType: values.rateType || 'hourly' };
}

export function canAddSocialRow(rows: readonly SocialRow[]): boolean {
  return rows.length < MAX_SOCIAL_LINKS;
}

export function addSocialRow(rows: readonly SocialRow[]): SocialRow[] {
  return canAddSocialRow(rows) ? [...rows, emptySocialRow()] : [...rows];
}

export function removeSocialRow(rows: readonly SocialRow[], key: number): SocialRow[] {
  return rows.filter((row) => row.key !== key);
}

export function updateSocialRow(rows: readonly SocialRow[], key: number, change: Partial<Omit<SocialRow, 'key'>>): SocialRow[] {
  return rows.map((row) => (row.key === key ? { ...row, ...change } : row));
}

/** The rows that are sent (both a platform and an address), with their places in the form. */
function completeRows(rows: readonly SocialRow[]): { row: SocialRow & { platform: SocialPlatform }; index: number }[] {
  return rows.flatMap((row, index) =>
    row.platform !== '' && row.url.trim() !== '' ? [{ row: row as SocialRow & { platform: SocialPlatform }, index }] : [],
  );
}

export interface BodyContext {
  plan: PlanId;
  /** A signed-in user applies for their own account: no password is sent. */
  isSignedIn: boolean;
  captcha: string;
}

/** The request body of POST /api/create-application-checkout. */
export function toCheckoutBody(values: ApplicationFormValues, { plan, isSignedIn, captcha }: BodyContext): ApplicationCheckoutRequest {
  const rate = values.isProjectBased ? '' : values.hourlyRate.trim();
  const body: ApplicationCheckoutRequest = {
    subscriptionType: plan,
    companyName: values.companyName,
    contactName: values.contactName,
    email: values.email,
    phone: values.phone,
    website: values.website.trim(),
    description: values.description,
    services: [...values.services],
    location: values.location,
    region: values.region,
    postcode: values.postcode,
    isProjectBased: values.isProjectBased,
    socialLinks: completeRows(values.socialLinks).map(({ row }) => ({ platform: row.platform, url: row.url.trim() })),
    captcha,
  };
  if (rate !== '') {
    body.hourlyRate = rate;
    body.rateType = values.rateType || 'hourly';
  }
  Object.assign(body, applicationFieldBody(LISTING_FIELDS, values));
  if (!isSignedIn) {
    body.password = values.password;
    body.confirmPassword = values.confirmPassword;
  }
  return body;
}

/** The key of a social row's control in FieldErrors: 'socialLinks.2.url'. */
export function socialErrorKey(index: number, part: 'platform' | 'url'): string {
  return `socialLinks.${index}.${part}`;
}

/**
 * Messages keyed by control from issue paths of the sent body: a social row's path names its place
 * among the sent rows, which is turned back into its place in the form.
 */
export function errorsFromPaths(entries: Iterable<[path: readonly PropertyKey[], message: string]>, values: ApplicationFormValues): FieldErrors {
  const sent = completeRows(values.socialLinks);
  const errors: FieldErrors = {};
  for (const [path, message] of entries) {
    let key = String(path[0] ?? '');
    if (key === 'socialLinks' && typeof path[1] === 'number') {
      const formIndex = sent[path[1]]?.index;
      const part = path[2] === 'platform' ? 'platform' : 'url';
      if (formIndex !== undefined) key = socialErrorKey(formIndex, part);
    }
    if (errors[key] === undefined) errors[key] = message;
  }
  return errors;
}

/** The API's field messages (422 `{error:{fields}}`, keyed by path 'socialLinks.0.url'), keyed by control. */
export function apiErrorsToForm(error: unknown, values: ApplicationFormValues): FieldErrors {
  if (!(error instanceof ApiRequestError)) return {};
  const fields = error.body?.error.fields ?? {};
  return errorsFromPaths(
    Object.entries(fields).map(([path, message]) => [path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message]),
    values,
  );
}

export type ValidationResult = { ok: true; body: ApplicationCheckoutRequest } | { ok: false; errors: FieldErrors };

/**
 * Checks the body with core's ApplicationCheckoutInput. The password checks are made here as well,
 * so that they show together with the other fields' messages (the schema's own run only once the
 * rest is valid).
 */
export function validateApplication(values: ApplicationFormValues, context: BodyContext): ValidationResult {
  const body = toCheckoutBody(values, context);
  const result = ApplicationCheckoutInput.safeParse(body);
  const issues: [readonly PropertyKey[], string][] = result.success ? [] : result.error.issues.map((issue: z.core.$ZodIssue) => [issue.path, issue.message]);
  if (!context.isSignedIn) {
    if (values.password.length < NEW_PASSWORD_MIN) issues.push([['password'], APPLY_MESSAGES.passwordShort]);
    if (values.confirmPassword !== values.password) issues.push([['confirmPassword'], APPLY_MESSAGES.passwordsDiffer]);
  }
  if (issues.length === 0) return { ok: true, body };
  return { ok: false, errors: errorsFromPaths(issues, values) };
}

/** The controls in the order they appear, for moving focus to the first one with a message. */
export function fieldOrder(values: ApplicationFormValues): string[] {
  return [
    'companyName',
    'contactName',
    'email',
    'phone',
    'website',
    'description',
    'services',
    'location',
    'region',
    'postcode',
    'hourlyRate',
    'rateType',
    'isProjectBased',
    ...LISTING_FIELDS.map((field) => field.name),
    'password',
    'confirmPassword',
    ...values.socialLinks.flatMap((_, index) => [socialErrorKey(index, 'platform'), socialErrorKey(index, 'url')]),
    'socialLinks',
    'captcha',
  ];
}

/** The first control with a message; any key the form does not know comes last. */
export function firstInvalidField(errors: FieldErrors, values: ApplicationFormValues): string | undefined {
  const keys = Object.keys(errors).filter((key) => errors[key] !== undefined);
  return fieldOrder(values).find((key) => keys.includes(key)) ?? keys[0];
}

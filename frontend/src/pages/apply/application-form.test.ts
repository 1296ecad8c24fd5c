import { describe, expect, it } from 'vitest';
import { APPLY_MESSAGES, MAX_APPLICATION_SERVICES, MAX_SOCIAL_LINKS } from '../../../../core/billing';
import type { MyProfile } from '../../../../core/my-profile';
import { NO_LISTING_FIELDS } from '../../testing/professional';
import { SERVICES } from '../../../../core/services';
import { ApiRequestError } from '../../api/client';
import {
  addSocialRow,
  apiErrorsToForm,
  applicationFromProfile,
  emptyApplication,
  emptySocialRow,
  firstInvalidField,
  planFromQuery,
  removeSocialRow,
  setProjectBased,
  toCheckoutBody,
  toggleService,
  updateSocialRow,
  validateApplication,
  type ApplicationFormValues,
} from './application-form';

function filledForm(overrides: Partial<ApplicationFormValues> = {}): ApplicationFormValues {
  return {
    ...emptyApplication(),
    companyName: 'Acme Web Studio',
    contactName: 'Ann Acme',
    email: 'ann@example.com',
    description: 'Websites for small businesses.',
    services: ['Web Design', 'Web Development'],
    location: 'Manchester and the North West',
    region: 'Manchester',
    postcode: 'm1 1ae',
    hourlyRate: '45',
    rateType: 'hourly',
    password: 'a long password',
    confirmPassword: 'a long password',
    ...overrides,
  };
}

const anonymous = { plan: 'monthly', isSignedIn: false, captcha: 'solved' } as const;
const signedIn = { plan: 'yearly', isSignedIn: true, captcha: 'solved' } as const;

describe('planFromQuery', () => {
  it('preselects the plan named by ?plan=', () => {
    expect(planFromQuery('?plan=monthly')).toBe('monthly');
    expect(planFromQuery('plan=yearly')).toBe('yearly');
    expect(planFromQuery(new URLSearchParams({ plan: 'yearly', other: 'x' }))).toBe('yearly');
  });

  it('leaves the choice open for anything else', () => {
    expect(planFromQuery('')).toBeNull();
    expect(planFromQuery('?plan=weekly')).toBeNull();
    expect(planFromQuery('?plan=Monthly')).toBeNull();
    expect(planFromQuery('?type=yearly')).toBeNull();
  });
});

describe('toCheckoutBody', () => {
  it('sends only the social rows with both a platform and an address, trimmed', () => {
    const values = filledForm({
      socialLinks: [
        emptySocialRow('linkedin', ' https://www.linkedin.com/company/acme '),
        emptySocialRow('github', ''),
        emptySocialRow('', 'https://example.com/no-platform'),
        emptySocialRow('', ''),
        emptySocialRow('website', 'https://acme.example'),
      ],
    });
    expect(toCheckoutBody(values, anonymous).socialLinks).toEqual([
      { platform: 'linkedin', url: 'https://www.linkedin.com/company/acme' },
      { platform: 'website', url: 'https://acme.example' },
    ]);
  });

  it('sends the rate with its type, and no rate at all when project based', () => {
    const body = toCheckoutBody(filledForm({ hourlyRate: '350', rateType: 'daily' }), anonymous);
    expect(body).toMatchObject({ hourlyRate: '350', rateType: 'daily', isProjectBased: false });

    const projectBased = setProjectBased(filledForm({ hourlyRate: '350', rateType: 'daily' }), true);
    expect(projectBased).toMatchObject({ hourlyRate: '', rateType: '', isProjectBased: true });
    const projectBody = toCheckoutBody(projectBased, anonymous);
    expect(projectBody.isProjectBased).toBe(true);
    expect(projectBody).not.toHaveProperty('hourlyRate');
    expect(projectBody).not.toHaveProperty('rateType');

    // Even a rate left in the values is dropped when project based.
    expect(toCheckoutBody({ ...filledForm(), isProjectBased: true }, anonymous)).not.toHaveProperty('hourlyRate');
  });

  it('sends neither rate nor rate type without a rate', () => {
    const body = toCheckoutBody(filledForm({ hourlyRate: '' }), anonymous);
    expect(body).not.toHaveProperty('hourlyRate');
    expect(body).not.toHaveProperty('rateType');
  });

  it('sends a password only from a visitor without an account', () => {
    expect(toCheckoutBody(filledForm(), anonymous)).toMatchObject({ password: 'a long password', confirmPassword: 'a long password' });
    const body = toCheckoutBody(filledForm(), signedIn);
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('confirmPassword');
  });

  it('sends the plan, the captcha and the optional choices only when made', () => {
    const body = toCheckoutBody(filledForm({ employeeCount: '2-5', businessType: 'Limited company' }), signedIn);
    expect(body).toMatchObject({ subscriptionType: 'yearly', captcha: 'solved', employeeCount: '2-5', businessType: 'Limited company' });
    const bare = toCheckoutBody(filledForm(), signedIn);
    expect(bare).not.toHaveProperty('employeeCount');
    expect(bare).not.toHaveProperty('businessType');
  });
});

describe('validateApplication', () => {
  it("accepts a complete form and returns the body to send", () => {
    const result = validateApplication(filledForm(), anonymous);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.body).toEqual(toCheckoutBody(filledForm(), anonymous));
  });

  it("gives each empty required field the spec's message, the password ones included", () => {
    const result = validateApplication({ ...emptyApplication(), password: 'short', confirmPassword: 'other' }, { ...anonymous, captcha: '' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      companyName: 'Company name is required',
      contactName: 'Contact name is required',
      email: 'Invalid email address',
      description: 'Description is required',
      services: APPLY_MESSAGES.servicesRequired,
      location: 'Service area is required',
      password: APPLY_MESSAGES.passwordShort,
      confirmPassword: APPLY_MESSAGES.passwordsDiffer,
      captcha: APPLY_MESSAGES.captchaRequired,
    });
    expect(result.errors.region).toBeDefined();
    expect(result.errors.postcode).toBeDefined();
  });

  it('asks a signed-in user for no password', () => {
    const result = validateApplication(filledForm({ password: '', confirmPassword: '' }), signedIn);
    expect(result.ok).toBe(true);
  });

  it('ties a social link message to its row in the form', () => {
    const values = filledForm({ socialLinks: [emptySocialRow('', ''), emptySocialRow('github', 'not a web address')] });
    const result = validateApplication(values, anonymous);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ 'socialLinks.1.url': 'Please enter a full web address (https://…)' });
  });

  it('checks the rate format and the region list', () => {
    const result = validateApplication(filledForm({ hourlyRate: '45.555', region: 'Atlantis' }), anonymous);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ hourlyRate: APPLY_MESSAGES.rateFormat, region: APPLY_MESSAGES.regionInvalid });
  });
});

describe('apiErrorsToForm', () => {
  it("keys the API's field messages by control, social rows by their place in the form", () => {
    const values = filledForm({ socialLinks: [emptySocialRow('', ''), emptySocialRow('github', 'https://github.com/acme')] });
    const body = JSON.stringify({
      error: { code: 'invalid_input', message: 'Check the form', fields: { 'socialLinks.0.url': 'Unreachable', 'services.0': 'Unknown service', email: 'Taken' } },
    });
    expect(apiErrorsToForm(new ApiRequestError(422, 'Unprocessable Entity', body), values)).toEqual({
      'socialLinks.1.url': 'Unreachable',
      services: 'Unknown service',
      email: 'Taken',
    });
  });

  it('is empty for failures without field messages', () => {
    const conflict = JSON.stringify({ error: { code: 'conflict', message: APPLY_MESSAGES.alreadyPending } });
    expect(apiErrorsToForm(new ApiRequestError(409, 'Conflict', conflict), filledForm())).toEqual({});
    expect(apiErrorsToForm(new TypeError('fetch failed'), filledForm())).toEqual({});
  });
});

describe('firstInvalidField', () => {
  it('picks the first control in the order of the form', () => {
    const values = filledForm({ socialLinks: [emptySocialRow(), emptySocialRow()] });
    expect(firstInvalidField({ captcha: 'x', postcode: 'x', companyName: 'x' }, values)).toBe('companyName');
    expect(firstInvalidField({ captcha: 'x', 'socialLinks.1.url': 'x', password: 'x' }, values)).toBe('password');
    expect(firstInvalidField({ captcha: 'x', 'socialLinks.1.url': 'x' }, values)).toBe('socialLinks.1.url');
    expect(firstInvalidField({}, values)).toBeUndefined();
  });
});

describe('form edits', () => {
  it(`ignores a service beyond the ${MAX_APPLICATION_SERVICES}th and says so`, () => {
    const ten = SERVICES.slice(0, MAX_APPLICATION_SERVICES);
    expect(toggleService(ten, SERVICES[12]!)).toEqual({ services: ten, ignored: true });
    expect(toggleService(ten, ten[0]!)).toEqual({ services: ten.slice(1), ignored: false });
    expect(toggleService([], 'Web Design')).toEqual({ services: ['Web Design'], ignored: false });
  });

  it('unticking Project based offers a rate per hour again', () => {
    const values = setProjectBased(setProjectBased(filledForm(), true), false);
    expect(values).toMatchObject({ isProjectBased: false, rateType: 'hourly', hourlyRate: '' });
  });

  it(`adds social rows up to ${MAX_SOCIAL_LINKS}, removes and edits them by key`, () => {
    let rows = emptyApplication().socialLinks;
    expect(rows).toHaveLength(1);
    for (let i = 0; i < 10; i += 1) rows = addSocialRow(rows);
    expect(rows).toHaveLength(MAX_SOCIAL_LINKS);
    expect(new Set(rows.map((row) => row.key)).size).toBe(MAX_SOCIAL_LINKS);
    const second = rows[1]!;
    rows = updateSocialRow(rows, second.key, { platform: 'github', url: 'https://github.com/acme' });
    expect(rows[1]).toMatchObject({ platform: 'github', url: 'https://github.com/acme' });
    rows = removeSocialRow(rows, second.key);
    expect(rows).toHaveLength(MAX_SOCIAL_LINKS - 1);
    expect(rows.some((row) => row.key === second.key)).toBe(false);
  });
});

describe('applicationFromProfile', () => {
  const profile = {
    id: 7,
    slug: 'acme-web-studio',
    companyName: 'Acme Web Studio',
    contactName: 'Ann Acme',
    email: 'listing@example.com',
    phone: '0161 000 0000',
    website: 'https://acme.example',
    description: 'Websites.',
    services: ['Web Design'],
    location: 'Manchester',
    region: 'Manchester',
    postcode: 'M1 1AE',
    hourlyRate: '37.50',
    rateType: 'daily',
    isProjectBased: false,
    rating: 4.5,
    reviewCount: 3,
    replyTimeMinutes: null,
    quoteRequestsSettled: 0,
    quoteRequestsAnswered: 0,
    linkedin: 'https://www.linkedin.com/company/acme',
    github: null,
    facebook: null,
    instagram: null,
    twitter: null,
    trustpilot: 'https://uk.trustpilot.com/review/acme.example',
    media: { logo: null, photos: [] },
    foundedYear: null,
    languages: [],
    caseStudies: [],
    verifiedChecks: [],
    youtube: null,
    tiktok: null,
    lat: null,
    lng: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    isApproved: true,
    subscriptionStatus: 'cancelled',
    subscriptionType: 'monthly',
    currentPeriodEnd: null,
    ...NO_LISTING_FIELDS,
  } satisfies MyProfile;

  it("fills the form from the listing, with the account's own e-mail", () => {
    const values = applicationFromProfile(profile, 'ann@example.com');
    expect(values).toMatchObject({
      companyName: 'Acme Web Studio',
      email: 'ann@example.com',
      phone: '0161 000 0000',
      website: 'https://acme.example',
      hourlyRate: '37.50',
      rateType: 'daily',
      isProjectBased: false,
      region: 'Manchester',
      password: '',
    });
    expect(values.socialLinks.map(({ platform, url }) => ({ platform, url }))).toEqual([
      { platform: 'linkedin', url: 'https://www.linkedin.com/company/acme' },
      { platform: 'trustpilot', url: 'https://uk.trustpilot.com/review/acme.example' },
    ]);
    expect(validateApplication(values, signedIn).ok).toBe(true);
  });

  it('keeps a project-based listing without a rate', () => {
    const values = applicationFromProfile({ ...profile, isProjectBased: true, hourlyRate: null, rateType: null, linkedin: null, trustpilot: null }, 'a@b.co');
    expect(values).toMatchObject({ isProjectBased: true, hourlyRate: '', rateType: '' });
    expect(values.socialLinks).toHaveLength(1);
  });
});

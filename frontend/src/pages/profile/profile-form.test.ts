import { describe, expect, it } from 'vitest';
import type { MyProfile } from '../../../../core/my-profile';
import { NO_LISTING_FIELDS } from '../../testing/professional';
import {
  describeRate,
  formatMemberSince,
  MAX_SERVICES,
  myDataFileName,
  sanitizeRate,
  setProjectBased,
  SERVICES_REQUIRED,
  toFormValues,
  toggleService,
  toUpdate,
  validateProfileForm,
} from './profile-form';

const profile: MyProfile = {
  id: 3,
  slug: 'acme-it',
  companyName: 'Acme IT',
  contactName: 'Ada Lovelace',
  email: 'ada@acme.example',
  phone: null,
  website: 'https://acme.example',
  description: 'We fix computers.',
  services: ['Web Design', 'Hardware Repair'],
  location: 'Greater London',
  region: 'London',
  postcode: 'SW1A 1AA',
  hourlyRate: '45',
  rateType: 'daily',
  isProjectBased: false,
  rating: 4.5,
  reviewCount: 2,
  replyTimeMinutes: null,
  quoteRequestsSettled: 0,
  quoteRequestsAnswered: 0,
  isApproved: true,
  subscriptionStatus: 'active',
  subscriptionType: 'monthly',
  linkedin: 'https://linkedin.com/company/acme',
  github: null,
  facebook: null,
  instagram: null,
  twitter: null,
  youtube: null,
  tiktok: null,
  trustpilot: null,
  media: { logo: null, photos: [] },
  foundedYear: null,
  languages: [],
  caseStudies: [],
  verifiedChecks: [],
  lat: 51.501,
  lng: -0.142,
  currentPeriodEnd: null,
  createdAt: '2025-01-03T10:00:00Z',
  updatedAt: '2025-01-03T10:00:00Z',
  ...NO_LISTING_FIELDS,
};

describe('toFormValues / toUpdate', () => {
  it('round-trips a profile, with empty strings for missing optional fields', () => {
    const values = toFormValues(profile);
    expect(values).toMatchObject({ phone: '', github: '', hourlyRate: '45', rateType: 'daily', isProjectBased: false });
    expect(toUpdate(values)).toMatchObject({
      companyName: 'Acme IT',
      services: ['Web Design', 'Hardware Repair'],
      hourlyRate: '45',
      rateType: 'daily',
      linkedin: 'https://linkedin.com/company/acme',
    });
  });

  it('reads a rate stored as text with a currency sign', () => {
    expect(toFormValues({ ...profile, hourlyRate: '£45.50', rateType: null }).hourlyRate).toBe('45.50');
    expect(toFormValues({ ...profile, hourlyRate: '£45.50', rateType: null }).rateType).toBe('hourly');
  });

  it('sends no rate or rate type when project based, and trims text', () => {
    const values = setProjectBased({ ...toFormValues(profile), companyName: '  Acme  ', postcode: 'sw1a 1aa' }, true);
    expect(values).toMatchObject({ isProjectBased: true, hourlyRate: '', rateType: null });
    expect(toUpdate(values)).toMatchObject({ companyName: 'Acme', postcode: 'SW1A 1AA', hourlyRate: '', rateType: null, isProjectBased: true });
  });
});

describe('sanitizeRate', () => {
  it('keeps only digits and one decimal point', () => {
    expect(sanitizeRate('£4a5.5.0')).toBe('45.50');
    expect(sanitizeRate('abc')).toBe('');
  });
});

describe('toggleService', () => {
  it('adds and removes, and ignores selections beyond 10', () => {
    expect(toggleService(['A'], 'B')).toEqual(['A', 'B']);
    expect(toggleService(['A', 'B'], 'A')).toEqual(['B']);
    const ten = Array.from({ length: MAX_SERVICES }, (_, i) => `S${i}`);
    expect(toggleService(ten, 'Extra')).toEqual(ten);
    expect(toggleService(ten, 'S0')).toHaveLength(9);
  });
});

describe('validateProfileForm', () => {
  it('requires the named fields and at least one service', () => {
    const values = { ...toFormValues(profile), companyName: ' ', services: [] };
    expect(validateProfileForm(values)).toEqual({ companyName: 'Company name is required', services: SERVICES_REQUIRED });
  });

  it('checks the year the business began and the number of languages (issue 34)', () => {
    const year = new Date().getFullYear();
    const message = `Enter the year the business began, from 1900 to ${year}`;
    expect(validateProfileForm({ ...toFormValues(profile), foundedYear: String(year + 1) })).toEqual({ foundedYear: message });
    expect(validateProfileForm({ ...toFormValues(profile), foundedYear: '1899' })).toEqual({ foundedYear: message });
    expect(validateProfileForm({ ...toFormValues(profile), foundedYear: String(year) })).toEqual({});
    expect(validateProfileForm({ ...toFormValues(profile), languages: Array.from({ length: 11 }, (_, i) => `L${i}`) })).toEqual({ languages: 'Choose at most 10 languages' });
    const values = toFormValues({ ...profile, foundedYear: 2012, languages: ['English', 'Polish'] });
    expect(values).toMatchObject({ foundedYear: '2012', languages: ['English', 'Polish'] });
    expect(toUpdate({ ...values, foundedYear: ' 2013 ' })).toMatchObject({ foundedYear: '2013', languages: ['English', 'Polish'] });
  });

  it('accepts a valid profile', () => {
    expect(validateProfileForm(toFormValues(profile))).toEqual({});
  });
});

describe('view helpers', () => {
  it('describes the rate', () => {
    expect(describeRate(profile)).toBe('£45 per day');
    expect(describeRate({ ...profile, rateType: 'hourly' })).toBe('£45 per hour');
    expect(describeRate({ ...profile, isProjectBased: true })).toBe('Project based');
    expect(describeRate({ ...profile, hourlyRate: null })).toBe('Not set');
  });

  it('formats member since in en-GB', () => {
    expect(formatMemberSince('2025-01-03T10:00:00Z')).toBe('3 January 2025');
    expect(formatMemberSince(undefined)).toBe('Unknown');
  });

  it('names the data file by date', () => {
    expect(myDataFileName(new Date('2025-02-01T12:00:00Z'))).toBe('itconnect-my-data-2025-02-01.json');
  });
});

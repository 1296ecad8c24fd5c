import { describe, expect, it } from 'vitest';
import { ApplicationProfile } from './billing';
import {
  booleanField,
  BUSINESS_TYPE_FIELD,
  BUSINESS_TYPES,
  EMPLOYEE_COUNT_FIELD,
  EMPLOYEE_COUNTS,
  LISTING_FIELDS,
  listingFacts,
  PUBLIC_LISTING_FIELDS,
  publicFieldsOf,
  readListingFields,
} from './listing-fields';
import { MyProfileUpdate } from './my-profile';
import { TEST_LISTING_FIELDS } from './testing/test-listing-fields';

const [mode, newClients] = TEST_LISTING_FIELDS;

describe('readListingFields', () => {
  it('keeps an option and a boolean, and reads anything else as none or the default', () => {
    expect(readListingFields({ testWorkMode: 'remote', testNewClients: false, other: 'x' }, TEST_LISTING_FIELDS)).toEqual({ testWorkMode: 'remote', testNewClients: false });
    expect(readListingFields({ testWorkMode: 'Remote', testNewClients: 'no' }, TEST_LISTING_FIELDS)).toEqual({ testWorkMode: null, testNewClients: true });
    expect(readListingFields({}, TEST_LISTING_FIELDS)).toEqual({ testWorkMode: null, testNewClients: true });
  });
});

describe('listingFacts', () => {
  it("says an option's own text, else its label, and nothing without a value", () => {
    expect(listingFacts(TEST_LISTING_FIELDS, { testWorkMode: 'both', testNewClients: true })).toEqual([
      { name: 'testWorkMode', term: 'Works', text: 'On site and remotely' },
      { name: 'testNewClients', term: 'New clients', text: 'Welcome' },
    ]);
    expect(listingFacts(TEST_LISTING_FIELDS, { testWorkMode: 'on_site', testNewClients: false }).map((fact) => fact.text)).toEqual(['On site', null]);
    expect(listingFacts(TEST_LISTING_FIELDS, { testWorkMode: 'elsewhere' }).map((fact) => fact.text)).toEqual([null, 'Welcome']);
  });

  it('says nothing of how far a listing travels when it works remotely only', () => {
    const facts = (workMode: string) => listingFacts(PUBLIC_LISTING_FIELDS, { workMode, travelMiles: '50' }).find((f) => f.name === 'travelMiles')?.text;
    expect(facts('both')).toBe('50 miles');
    expect(facts('on_site')).toBe('50 miles');
    expect(facts('remote')).toBeNull();
    expect(listingFacts(PUBLIC_LISTING_FIELDS, { workMode: 'remote', travelMiles: '50' }).find((f) => f.name === 'travelMiles')).toMatchObject({ text: null, silencedNote: 'Not shown: you work remotely only' });
  });

  it("says Yes and No for a boolean without texts of its own", () => {
    const plain = booleanField({ name: 'plain', label: 'Plain', term: 'Plain', default: false, isPublic: false });
    expect(listingFacts([plain], { plain: true })[0]?.text).toBe('Yes');
    expect(listingFacts([plain], { plain: false })[0]?.text).toBe('No');
  });
});

describe('the listing fields', () => {
  it('begin with employees and business type, with the spec’s options; the team size is public (issue 34), the business type not', () => {
    expect(LISTING_FIELDS.slice(0, 2)).toEqual([EMPLOYEE_COUNT_FIELD, BUSINESS_TYPE_FIELD]);
    expect([EMPLOYEE_COUNT_FIELD, BUSINESS_TYPE_FIELD].map((field) => field.options.map((option) => option.label))).toEqual([[...EMPLOYEE_COUNTS], [...BUSINESS_TYPES]]);
    expect(PUBLIC_LISTING_FIELDS).toContain(EMPLOYEE_COUNT_FIELD);
    expect(PUBLIC_LISTING_FIELDS).not.toContain(BUSINESS_TYPE_FIELD);
    expect(publicFieldsOf(TEST_LISTING_FIELDS)).toEqual([mode]);
    expect(publicFieldsOf([newClients])).toEqual([]);
    expect(new Set(LISTING_FIELDS.map((field) => field.name)).size).toBe(LISTING_FIELDS.length);
  });

  it('are each an input of the application, and the public ones of the listing editor', () => {
    for (const field of LISTING_FIELDS) expect(Object.keys(ApplicationProfile.shape)).toContain(field.name);
    const editorKeys = Object.keys(MyProfileUpdate.in.shape);
    for (const field of LISTING_FIELDS) expect(editorKeys.includes(field.name), field.name).toBe(field.isPublic);
  });
});

describe('the inputs built from the definitions', () => {
  const application = {
    companyName: 'Acme IT',
    contactName: 'Ada Lovelace',
    email: 'ada@acme.example',
    description: 'We fix computers.',
    services: ['Web Design'],
    location: 'Greater London',
    region: 'London',
    postcode: 'SW1A 1AA',
  };
  const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

  it('give the application the same messages as before, and leave an unchosen enum out', () => {
    expect(messagesOf(ApplicationProfile.safeParse({ ...application, employeeCount: 'lots', businessType: 'Pirate', rateType: 'weekly', isProjectBased: 'yes' }))).toEqual({
      employeeCount: 'Choose the number of employees',
      businessType: 'Choose a business type',
      rateType: 'Rate type is hourly or daily',
      isProjectBased: 'Invalid input: expected boolean, received string',
    });
    const parsed = ApplicationProfile.parse({ ...application, employeeCount: '2-5' });
    expect(parsed).toMatchObject({ employeeCount: '2-5', isProjectBased: false });
    expect(parsed.businessType).toBeUndefined();
  });

  it('give the listing editor the rate type’s message, and let null clear it', () => {
    expect(messagesOf(MyProfileUpdate.safeParse({ ...application, hourlyRate: '45', rateType: 'weekly' }))).toEqual({ rateType: 'Rate type is hourly or daily' });
    expect(MyProfileUpdate.parse({ ...application, hourlyRate: '45', rateType: null })).toMatchObject({ ratePence: 4500, rateType: 'hourly' });
  });
});

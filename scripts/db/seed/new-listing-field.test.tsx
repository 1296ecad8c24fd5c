// A new listing field needs only its definition (core/listing-fields.ts) and its column: two
// test-only fields, an enum and a boolean, go through the application's and the listing editor's
// inputs, both forms' state and controls, what an application copies and the admin and a profile
// say, and the seeds, with no code of their own. The real fields go through the same functions.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applicationFieldInputs, editorFieldInputs } from '../../../core/listing-field-input';
import { BUSINESS_TYPE_FIELD, LISTING_FIELDS, readListingFields } from '../../../core/listing-fields';
import { TEST_LISTING_FIELDS } from '../../../core/testing/test-listing-fields';
import { ListingFieldControls } from '../../../frontend/src/components/forms/choice-fields';
import { applicationFieldBody, editorFieldBody, emptyFieldValues, storedFieldValues } from '../../../frontend/src/components/forms/listing-field-values';
import { emptyApplication, fieldOrder, toCheckoutBody } from '../../../frontend/src/pages/apply/application-form';
import { ListingFactRows } from '../../../frontend/src/pages/professional-profile/profile-cards';
import { stripTags } from '../../../frontend/src/testing/render-page';
import { buildDemoData } from './demo-data';
import { createListingFieldSeeder, listingFieldColumns } from './listing-field-seeds';
import { loadOutcodes } from './places';

const ALL_FIELDS = [...LISTING_FIELDS, ...TEST_LISTING_FIELDS] as const;

/** The test fields' inputs, as ApplicationProfile spreads the real ones' (core/listing-fields.test.ts checks it does). */
const ApplicationInputs = z.object(applicationFieldInputs(TEST_LISTING_FIELDS));

describe('a new field reaches the inputs', () => {
  it("of the application: an option, its message for anything else, a boolean's default", () => {
    expect(ApplicationInputs.parse({ testWorkMode: 'remote' })).toMatchObject({ testWorkMode: 'remote', testNewClients: true });
    const failed = ApplicationInputs.safeParse({ testWorkMode: 'Remote', testNewClients: 'no' });
    expect(failed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['testWorkMode', 'Choose where you work'],
      ['testNewClients', 'Invalid input: expected boolean, received string'],
    ]);
  });

  it('of the listing editor: null clears the enum, a field left out stays as it is', () => {
    const Editor = z.object(editorFieldInputs(TEST_LISTING_FIELDS));
    expect(Editor.parse({ testWorkMode: null, testNewClients: false })).toEqual({ testWorkMode: null, testNewClients: false });
    expect(Editor.parse({})).toEqual({});
    expect(Editor.safeParse({ testWorkMode: 'anywhere' }).error?.issues[0]?.message).toBe('Choose where you work');
  });
});

describe("a new field reaches both forms' state and controls", () => {
  it('starts at its default, and goes into each body as that input takes it', () => {
    const empty = emptyFieldValues(TEST_LISTING_FIELDS);
    expect(empty).toEqual({ testWorkMode: '', testNewClients: true });
    expect(applicationFieldBody(TEST_LISTING_FIELDS, empty)).toEqual({ testNewClients: true });
    const chosen = { ...empty, testWorkMode: 'on_site' as const };
    expect(ApplicationInputs.parse({ ...applicationFieldBody(TEST_LISTING_FIELDS, chosen) })).toMatchObject({ testWorkMode: 'on_site', testNewClients: true });
    expect(editorFieldBody(TEST_LISTING_FIELDS, { testWorkMode: '', testNewClients: false })).toEqual({ testWorkMode: null, testNewClients: false });
  });

  it('is read back from a stored listing (a value that is not an option as none)', () => {
    expect(storedFieldValues(TEST_LISTING_FIELDS, { testWorkMode: 'both', testNewClients: false })).toEqual({ testWorkMode: 'both', testNewClients: false });
    expect(storedFieldValues(TEST_LISTING_FIELDS, { testWorkMode: 'moon' })).toEqual({ testWorkMode: '', testNewClients: true });
  });

  it('is drawn as a labelled select of its options or a checkbox with its hint', () => {
    const html = renderToStaticMarkup(
      <ListingFieldControls fields={TEST_LISTING_FIELDS} values={{ testWorkMode: 'remote', testNewClients: true }} onValuesChange={() => {}} errors={{ testWorkMode: 'Choose where you work' }} isOptionalMarked />,
    );
    const select = /<select[^>]*name="testWorkMode"[^>]*>([\s\S]*?)<\/select>/.exec(html);
    expect(select?.[1] && stripTags(select[1].replace(/></g, '> <'))).toBe('Select On site Remote Both');
    expect(select?.[1]).toContain('<option value="remote" selected="">');
    const selectId = /<select[^>]*\bid="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<label for="${selectId}"`);
    expect(stripTags(html)).toContain('Where you work (optional)');
    expect(/<select[^>]*aria-invalid="true"[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1]).toBe(`${selectId}-error`);
    const checkbox = /<input type="checkbox"[^>]*>/.exec(html)?.[0] ?? '';
    expect(checkbox).toContain('name="testNewClients"');
    expect(checkbox).toContain('checked=""');
    const hintId = /aria-describedby="([^"]+)"/.exec(checkbox)?.[1];
    expect(html).toContain(`<p id="${hintId}" class="mt-1 text-sm text-gray-700">Untick it while you are fully booked.</p>`);
    expect(stripTags(html.replace(/></g, '> <'))).toContain('Taking on new clients Untick it while you are fully booked.');
  });

  it('is drawn by neither form when there are no fields', () => {
    expect(renderToStaticMarkup(<ListingFieldControls fields={[]} values={{}} onValuesChange={() => {}} errors={{}} isOptionalMarked={false} />)).toBe('');
  });

  it('as the real fields are: in /apply’s values, order and body', () => {
    const values = emptyApplication();
    expect(values).toMatchObject(emptyFieldValues(LISTING_FIELDS));
    for (const field of LISTING_FIELDS) expect(fieldOrder(values)).toContain(field.name);
    const body = toCheckoutBody({ ...values, employeeCount: '6-10' }, { plan: 'monthly', isSignedIn: true, captcha: 'solved' });
    expect(body.employeeCount).toBe('6-10');
    expect('businessType' in body).toBe(false);
  });
});

describe('a new field reaches the copy and what is said of it', () => {
  it('is copied from an application row, and said on a profile', () => {
    const row = { companyName: 'Acme IT', employeeCount: '2-5', businessType: 'Other', testWorkMode: 'both', testNewClients: false };
    expect(readListingFields(row, ALL_FIELDS)).toMatchObject({ employeeCount: '2-5', businessType: 'Other', testWorkMode: 'both', testNewClients: false });
    const html = renderToStaticMarkup(<dl>{<ListingFactRows fields={TEST_LISTING_FIELDS} listing={row} />}</dl>);
    // Not taking new clients says nothing (its text for 'no' is null).
    expect(stripTags(html.replace(/></g, '> <'))).toBe('Works On site and remotely');
    expect(renderToStaticMarkup(<dl>{<ListingFactRows fields={TEST_LISTING_FIELDS} listing={{ testNewClients: true }} />}</dl>)).toBe('<dl><div><dt class="font-medium text-gray-900">New clients</dt><dd>Welcome</dd></div></dl>');
  });
});

describe('a new field reaches the seeds', () => {
  it('gets a value from its options for every listing, unless the seed gives its own', () => {
    const seeder = createListingFieldSeeder(7, ALL_FIELDS);
    const rows = Array.from({ length: 300 }, (_, index) => seeder(index % 2 === 0 ? { employeeCount: '1' } : {}));
    expect(new Set(rows.map((row) => row.testWorkMode))).toEqual(new Set(['on_site', 'remote', 'both']));
    expect(new Set(rows.map((row) => row.testNewClients))).toEqual(new Set([true, false]));
    expect(rows.filter((_, index) => index % 2 === 0).every((row) => row.employeeCount === '1')).toBe(true);
    expect(new Set(rows.map((row) => row.businessType)).size).toBe(BUSINESS_TYPE_FIELD.options.length);
  });

  it("changes no other field's values by being added", () => {
    const without = createListingFieldSeeder(7, LISTING_FIELDS);
    const withNew = createListingFieldSeeder(7, ALL_FIELDS);
    for (let i = 0; i < 50; i++) {
      const { testWorkMode: _mode, testNewClients: _clients, ...rest } = withNew();
      expect(rest).toEqual(without());
    }
  });

  it('has its column, named as the field in snake_case', () => {
    expect(listingFieldColumns(TEST_LISTING_FIELDS)).toEqual([
      { name: 'testWorkMode', column: 'test_work_mode', type: 'text' },
      { name: 'testNewClients', column: 'test_new_clients', type: 'boolean' },
    ]);
  });

  it('as the real fields are: every demo listing and application has a value of each', () => {
    const data = buildDemoData({ outcodes: loadOutcodes(), now: new Date('2026-11-20T12:00:00Z') });
    for (const business of [...data.professionals, ...data.applications]) {
      const read = readListingFields(business, LISTING_FIELDS);
      for (const field of LISTING_FIELDS) {
        expect(business[field.name], `${business.companyName} ${field.name}`).not.toBeNull();
        expect(read[field.name], `${business.companyName} ${field.name}`).toBe(business[field.name]);
      }
    }
  });
});

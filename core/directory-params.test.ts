// The parameter table is the one place a directory filter is defined: an entry added here reaches
// the API's check, the page's address, the title and the chips with nothing else written. The
// test-only entry below is the work-mode filter issue 31 has in view, added to a copy of the table.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { activeValues, addressEntries, filterChips, readAddress, withoutParams } from './directory-address';
import { booleanParam, DIRECTORY_PARAMS, enumParam, type FiltersOf } from './directory-params';
import { directoryQuerySchema } from './directory-query';
import { directoryPageText } from './directory-title';
import type { Sort } from './directory';

const WITH_WORK_MODE = {
  ...DIRECTORY_PARAMS,
  workMode: enumParam({
    values: ['on_site', 'remote'],
    order: 75,
    labels: { on_site: 'On site', remote: 'Remote' },
    control: { label: 'Work mode', anyLabel: 'On site or remote' },
    titlePhrases: { on_site: 'working on site', remote: 'working remotely' },
  }),
};

const read = (query: string) => readAddress(WITH_WORK_MODE, new URLSearchParams(query));
const titleOf = (query: string) => directoryPageText(activeValues(WITH_WORK_MODE, read(query)), WITH_WORK_MODE).title;

describe('an entry added to the table', () => {
  it("is checked by the API's schema, with its 400 message", () => {
    const schema = directoryQuerySchema(WITH_WORK_MODE);
    expect(schema.parse({ workMode: 'remote', service: 'web design' })).toMatchObject({ workMode: 'remote', service: 'Web Design' });
    expect(schema.parse({}).workMode).toBeUndefined();
    const refused = schema.safeParse({ workMode: 'hybrid' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['workMode', 'workMode must be one of on_site, remote']]);
    expectTypeOf(schema.parse({}).workMode).toEqualTypeOf<'on_site' | 'remote' | undefined>();
  });

  it('is read from the address leniently and written at its place', () => {
    expect(read('workMode=remote')).toMatchObject({ workMode: 'remote' });
    expect(read('workMode=hybrid')).not.toHaveProperty('workMode');
    const filters = read('radiusMiles=10&workMode=on_site&near=M1&service=DevOps');
    expect(addressEntries(WITH_WORK_MODE, filters)).toEqual([
      ['service', 'DevOps'],
      ['near', 'M1'],
      ['workMode', 'on_site'],
      ['radiusMiles', '10'],
    ]);
    expectTypeOf<FiltersOf<typeof WITH_WORK_MODE>['workMode']>().toEqualTypeOf<'on_site' | 'remote' | undefined>();
  });

  it('puts its phrase in the title', () => {
    expect(titleOf('workMode=remote')).toBe('IT professionals working remotely in the UK');
    expect(titleOf('workMode=on_site&service=Web+Design&location=Leeds')).toBe('Web Design professionals working on site in Leeds');
    expect(titleOf('workMode=remote&search=backup&near=LS1')).toBe('Results for "backup" working remotely near LS1');
    expect(titleOf('service=Web+Design&location=Leeds')).toBe('Web Design in Leeds');
  });

  it('shows a chip that clears it', () => {
    const filters = read('workMode=remote&minRating=4');
    const chips = filterChips(WITH_WORK_MODE, filters);
    expect(chips).toEqual([
      { keys: ['minRating'], label: '4+ stars' },
      { keys: ['workMode'], label: 'Remote' },
    ]);
    expect(withoutParams(WITH_WORK_MODE, filters, chips[1]!.keys)).not.toHaveProperty('workMode');
  });

  it('as a yes/no filter: true in the address, false or empty is no filter', () => {
    const table = { ...DIRECTORY_PARAMS, isVerified: booleanParam({ order: 85, label: 'Verified only', chipLabel: 'Verified' }) };
    const schema = directoryQuerySchema(table);
    expect(schema.parse({ isVerified: 'true' }).isVerified).toBe(true);
    expect(schema.parse({ isVerified: 'false' }).isVerified).toBeUndefined();
    expect(schema.safeParse({ isVerified: 'yes' }).error?.issues[0]?.message).toBe('isVerified must be true or false');
    const filters = readAddress(table, new URLSearchParams('isVerified=true&sort=price'));
    expect(addressEntries(table, filters)).toEqual([['isVerified', 'true'], ['sort', 'price']]);
    expect(filterChips(table, filters)).toEqual([{ keys: ['isVerified'], label: 'Verified' }]);
  });
});

describe('the directory table', () => {
  it('writes the address in its historic order (links and SWR keys keep their spelling)', () => {
    const all = readAddress(
      DIRECTORY_PARAMS,
      new URLSearchParams('sort=price&radiusMiles=10&near=M1&workMode=remote&maxHourlyRate=60&minHourlyRate=20&minRating=4&location=Leeds&service=DevOps&search=x'),
    );
    expect(addressEntries(DIRECTORY_PARAMS, all).map(([name]) => name)).toEqual([
      'search',
      'service',
      'location',
      'minRating',
      'minHourlyRate',
      'maxHourlyRate',
      'workMode',
      'near',
      'radiusMiles',
      'sort',
    ]);
  });

  it("gives the page's filters their historic type, and work mode's (product rule 39)", () => {
    expectTypeOf<FiltersOf<typeof DIRECTORY_PARAMS>>().toEqualTypeOf<{
      service: string;
      location: string;
      search: string;
      near: string;
      minRating?: number | undefined;
      minHourlyRate?: number | undefined;
      maxHourlyRate?: number | undefined;
      radiusMiles?: number | undefined;
      sort?: Sort | undefined;
      workMode?: 'on_site' | 'remote' | undefined;
      teamSize?: 'solo' | 'small' | 'medium' | 'large' | undefined;
      insured?: true | undefined;
      cyberEssentials?: true | undefined;
      companyRegistered?: true | undefined;
      acceptingNewClients?: true | undefined;
    }>();
  });
});

describe("issue 34's filters", () => {
  const readReal = (query: string) => readAddress(DIRECTORY_PARAMS, new URLSearchParams(query));
  const realTitle = (query: string) => directoryPageText(activeValues(DIRECTORY_PARAMS, readReal(query))).title;

  it('are checked by the API, written to the address after the older ones, and shown as chips', () => {
    const schema = directoryQuerySchema(DIRECTORY_PARAMS);
    expect(schema.parse({ teamSize: 'small', insured: 'true', acceptingNewClients: 'false' })).toMatchObject({ teamSize: 'small', insured: true, acceptingNewClients: undefined });
    expect(schema.safeParse({ teamSize: 'huge' }).error?.issues[0]?.message).toBe('teamSize must be one of solo, small, medium, large');
    expect(schema.safeParse({ cyberEssentials: 'yes' }).error?.issues[0]?.message).toBe('cyberEssentials must be true or false');
    const filters = readReal('acceptingNewClients=true&companyRegistered=true&cyberEssentials=true&insured=true&teamSize=medium&workMode=remote&sort=rating&bogus=1');
    expect(addressEntries(DIRECTORY_PARAMS, filters).map(([name]) => name)).toEqual([
      'workMode',
      'teamSize',
      'insured',
      'cyberEssentials',
      'companyRegistered',
      'acceptingNewClients',
      'sort',
    ]);
    expect(filterChips(DIRECTORY_PARAMS, filters).map((chip) => chip.label)).toEqual([
      'Works remotely',
      '11 to 50 people',
      'Insured',
      'Cyber Essentials',
      'Registered company',
      'Taking on new clients',
    ]);
    // A value the API would refuse reads as no filter on the page.
    expect(readReal('insured=yes&teamSize=huge')).not.toHaveProperty('insured');
  });

  it('read naturally in the title', () => {
    expect(realTitle('insured=true')).toBe('IT professionals with insurance in the UK');
    expect(realTitle('insured=true&cyberEssentials=true&service=Web+Design&location=Leeds')).toBe('Web Design professionals with insurance and Cyber Essentials in Leeds');
    expect(realTitle('acceptingNewClients=true&workMode=remote')).toBe('IT professionals working remotely and taking on new clients in the UK');
    expect(realTitle('teamSize=small&companyRegistered=true&acceptingNewClients=true&location=Wales')).toBe(
      'IT professionals in teams of 2 to 10, registered as companies and taking on new clients in Wales',
    );
    expect(realTitle('teamSize=solo')).toBe('IT professionals working on their own in the UK');
  });
});

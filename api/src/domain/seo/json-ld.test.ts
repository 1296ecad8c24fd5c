// The page heads' JSON-LD checked against schema.org: every @type used is a schema.org type, and
// every property is one schema.org gives that type (the table below: the type's own properties and
// those it inherits, copied from schema.org's pages for the properties we write), and Google's
// rich results find what they require of a BreadcrumbList and an ItemList.
import { describe, expect, it } from 'vitest';
import type { PublicCheck } from '../../../../core/credentials';
import type { ProfessionalListItem } from '../../../../core/directory';
import { breadcrumbJsonLd, professionalItemListJsonLd, type JsonLd } from './json-ld';
import { employeesJsonLd, professionalJsonLd } from './professional-json-ld';

const THING = ['name', 'url', 'description', 'image', 'sameAs', 'identifier', 'alternateName'];
const ORGANIZATION = [
  'address',
  'aggregateRating',
  'areaServed',
  'email',
  'knowsAbout',
  'logo',
  'telephone',
  'review',
  // Organization's own (issue 34): hasCredential (EducationalOccupationalCredential), numberOfEmployees
  // (QuantitativeValue), foundingDate (Date), knowsLanguage (Language or Text).
  'hasCredential',
  'numberOfEmployees',
  'foundingDate',
  'knowsLanguage',
];
const PLACE = ['address', 'aggregateRating', 'geo', 'logo', 'telephone'];
const ITEM_LIST = ['itemListElement', 'itemListOrder', 'numberOfItems'];
const RATING = ['ratingValue', 'bestRating', 'worstRating'];

/** schema.org type → the properties it allows (own and inherited). */
const SCHEMA_ORG: Record<string, readonly string[]> = {
  // Thing > Intangible > StructuredValue
  PostalAddress: [...THING, 'addressCountry', 'addressLocality', 'addressRegion', 'postalCode', 'streetAddress'],
  GeoCoordinates: [...THING, 'latitude', 'longitude', 'elevation'],
  // Thing > Intangible > Rating > AggregateRating
  AggregateRating: [...THING, ...RATING, 'itemReviewed', 'ratingCount', 'reviewCount'],
  // Thing > Intangible > ItemList (> BreadcrumbList)
  ItemList: [...THING, ...ITEM_LIST],
  BreadcrumbList: [...THING, ...ITEM_LIST],
  // Thing > Intangible > ListItem
  ListItem: [...THING, 'item', 'position', 'nextItem', 'previousItem'],
  // Thing > Intangible > StructuredValue > QuantitativeValue
  QuantitativeValue: [...THING, 'value', 'minValue', 'maxValue', 'unitCode', 'unitText', 'valueReference', 'additionalProperty'],
  // Thing > CreativeWork > EducationalOccupationalCredential: its own properties, and of
  // CreativeWork's those we could write (expires: 'Date the content expires and is no longer useful').
  EducationalOccupationalCredential: [
    ...THING,
    'competencyRequired',
    'credentialCategory',
    'educationalLevel',
    'recognizedBy',
    'validFor',
    'validIn',
    'expires',
    'dateCreated',
    'about',
  ],
  // Thing > Organization
  Organization: [...THING, ...ORGANIZATION],
  // Thing > Organization, Place > LocalBusiness > ProfessionalService
  ProfessionalService: [...THING, ...ORGANIZATION, ...PLACE, 'priceRange', 'openingHours', 'currenciesAccepted', 'paymentAccepted'],
};

/** Every problem with a JSON-LD value against the table: unknown types, properties a type does not have. */
function schemaProblems(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => schemaProblems(v, `${at}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  const problems: string[] = [];
  const type = object['@type'];
  if (typeof type !== 'string') problems.push(`${at}: no @type`);
  const allowed = typeof type === 'string' ? SCHEMA_ORG[type] : undefined;
  if (typeof type === 'string' && !allowed) problems.push(`${at}: ${type} is not a type in the table`);
  for (const [key, child] of Object.entries(object)) {
    if (key.startsWith('@')) {
      if (!['@context', '@type', '@id'].includes(key)) problems.push(`${at}: ${key}`);
      continue;
    }
    if (allowed && !allowed.includes(key)) problems.push(`${at}: ${String(type)} has no property ${key}`);
    problems.push(...schemaProblems(child, `${at}.${key}`));
  }
  return problems;
}

function professional(overrides: Partial<ProfessionalListItem> = {}): ProfessionalListItem {
  return {
    id: 1,
    slug: 'acme-web',
    companyName: 'Acme Web',
    contactName: 'Alex',
    email: 'hello@acme.example',
    phone: '0113 496 0000',
    website: 'https://acme.example',
    description: 'Websites.',
    services: ['Web Design'],
    location: 'Leeds and around',
    region: 'Leeds',
    postcode: 'LS1 1AA',
    hourlyRate: '45',
    rateType: 'hourly',
    isProjectBased: false,
    rating: 4.8,
    reviewCount: 23,
    replyTimeMinutes: null,
    quoteRequestsSettled: 0,
    quoteRequestsAnswered: 0,
    linkedin: 'https://linkedin.com/company/acme',
    github: null,
    facebook: null,
    instagram: null,
    twitter: null,
    trustpilot: null,
    media: { logo: { key: 'a'.repeat(24), alt: 'Acme logo', width: 256, height: 256 }, photos: [] },
    employeeCount: '11-25',
    foundedYear: 2010,
    languages: ['English'],
    caseStudies: [],
    verifiedChecks: [],
    lat: 53.8,
    lng: -1.55,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as ProfessionalListItem;
}

const ORIGIN = 'https://itconnect.example';
const PAGE = `${ORIGIN}/web-design/leeds`;

describe('the schema.org table check', () => {
  it('finds an unknown type and a property the type does not have', () => {
    expect(schemaProblems({ '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, rating: 5 }] })).toEqual([
      '$.itemListElement[0]: ListItem has no property rating',
    ]);
    expect(schemaProblems({ '@type': 'Professional' })).toEqual(['$: Professional is not a type in the table']);
  });
});

describe('breadcrumbJsonLd', () => {
  const crumbs = breadcrumbJsonLd([
    { name: 'Home', url: `${ORIGIN}/` },
    { name: 'Locations', url: `${ORIGIN}/locations` },
    { name: 'Web Design in Leeds', url: PAGE },
  ]);

  it('uses only schema.org types and their properties', () => {
    expect(schemaProblems(crumbs)).toEqual([]);
    expect(crumbs['@context']).toBe('https://schema.org');
  });

  it('gives every element the position, name and item Google requires, in order from 1', () => {
    const elements = crumbs.itemListElement as JsonLd[];
    expect(elements).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/` },
      { '@type': 'ListItem', position: 2, name: 'Locations', item: `${ORIGIN}/locations` },
      { '@type': 'ListItem', position: 3, name: 'Web Design in Leeds', item: PAGE },
    ]);
  });
});

describe('professionalItemListJsonLd', () => {
  const rated = professional();
  const unrated = professional({ slug: 'byte size', companyName: 'Byte Size', rating: 0, reviewCount: 0 });
  const list = professionalItemListJsonLd({ origin: ORIGIN, name: 'Web Design in Leeds', url: PAGE, professionals: [rated, unrated] });
  const elements = list.itemListElement as JsonLd[];

  it('uses only schema.org types and their properties', () => {
    expect(schemaProblems(list)).toEqual([]);
    expect(list).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList', numberOfItems: 2, url: PAGE });
  });

  it('lists the businesses in the page order, each with position and its profile url (Google: position and url or item)', () => {
    expect(elements.map((e) => [e.position, e.url])).toEqual([
      [1, `${ORIGIN}/professionals/acme-web`],
      [2, `${ORIGIN}/professionals/byte%20size`],
    ]);
    expect(elements[0]!.item).toMatchObject({ '@type': 'ProfessionalService', name: 'Acme Web', url: `${ORIGIN}/professionals/acme-web` });
  });

  it('rates a business only when it has published reviews', () => {
    expect((elements[0]!.item as JsonLd).aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.8, reviewCount: 23, bestRating: 5, worstRating: 1 });
    expect(elements[1]!.item).not.toHaveProperty('aggregateRating');
  });

  it('is an empty list for no businesses, still valid', () => {
    const empty = professionalItemListJsonLd({ origin: ORIGIN, name: 'x', url: PAGE, professionals: [] });
    expect(empty.itemListElement).toEqual([]);
    expect(schemaProblems(empty)).toEqual([]);
  });
});

describe('professionalJsonLd', () => {
  it('uses only schema.org types and their properties, with everything filled in', () => {
    const url = `${ORIGIN}/professionals/acme-web`;
    expect(schemaProblems(professionalJsonLd(professional(), url, 'Websites.'))).toEqual([]);
    expect(schemaProblems(professionalJsonLd(professional({ reviewCount: 0, lat: null, lng: null, phone: null }), url, 'Websites.'))).toEqual([]);
  });

  const url = `${ORIGIN}/professionals/acme-web`;
  const checks: PublicCheck[] = [
    { id: 1, kind: 'companies_house', checkedOn: '2026-11-01', expiresOn: null, details: { companyNumber: '01234567', registeredName: 'Acme Web Ltd' } },
    { id: 2, kind: 'professional_indemnity', checkedOn: '2026-11-01', expiresOn: '2027-04-30', details: { insurer: 'Hiscox', coverPounds: 1_000_000 } },
    { id: 3, kind: 'cyber_essentials', checkedOn: '2026-01-10', expiresOn: '2026-11-29', details: { certificateNumber: 'CE-1' } },
    { id: 4, kind: 'cyber_essentials_plus', checkedOn: '2026-06-10', expiresOn: '2027-06-10', details: { certificateNumber: 'CEP-9' } },
    {
      id: 5,
      kind: 'vendor_certification',
      checkedOn: '2026-06-10',
      expiresOn: null,
      details: { vendor: 'PeopleCert (ITIL, PRINCE2)', certification: 'ITIL 4 Foundation', holderName: 'Alex' },
    },
  ];

  it('carries the checks in force as hasCredential, each with its issuer and expiry, never a lapsed one', () => {
    const jsonLd = professionalJsonLd(professional({ verifiedChecks: checks }), url, 'Websites.', '2026-11-29');
    expect(schemaProblems(jsonLd)).toEqual([]);
    expect(jsonLd.hasCredential).toEqual([
      {
        '@type': 'EducationalOccupationalCredential',
        name: 'Companies House registration',
        credentialCategory: 'registration',
        recognizedBy: { '@type': 'Organization', name: 'Companies House', url: 'https://www.gov.uk/government/organisations/companies-house' },
        identifier: '01234567',
      },
      {
        '@type': 'EducationalOccupationalCredential',
        name: 'Professional indemnity insurance',
        credentialCategory: 'insurance',
        recognizedBy: { '@type': 'Organization', name: 'Hiscox' },
        expires: '2027-04-30',
      },
      {
        '@type': 'EducationalOccupationalCredential',
        name: 'Cyber Essentials Plus',
        credentialCategory: 'certificate',
        recognizedBy: { '@type': 'Organization', name: 'IASME', url: 'https://iasme.co.uk/' },
        identifier: 'CEP-9',
        expires: '2027-06-10',
      },
      {
        '@type': 'EducationalOccupationalCredential',
        name: 'ITIL 4 Foundation',
        credentialCategory: 'certification',
        recognizedBy: { '@type': 'Organization', name: 'PeopleCert' },
      },
    ]);
    // The day before, the Cyber Essentials certificate was still in force.
    expect((professionalJsonLd(professional({ verifiedChecks: checks }), url, 'Websites.', '2026-11-28').hasCredential as unknown[]).length).toBe(5);
    expect(professionalJsonLd(professional({ verifiedChecks: [checks[2]!] }), url, 'Websites.', '2026-11-29')).not.toHaveProperty('hasCredential');
  });

  it('says the team size, founding year and languages as schema.org has them, and nothing when they are not given', () => {
    const jsonLd = professionalJsonLd(professional({ employeeCount: '6-10', foundedYear: 2012, languages: ['English', 'Welsh'] }), url, 'Websites.');
    expect(schemaProblems(jsonLd)).toEqual([]);
    expect(jsonLd).toMatchObject({
      numberOfEmployees: { '@type': 'QuantitativeValue', minValue: 6, maxValue: 10 },
      foundingDate: '2012',
      knowsLanguage: ['English', 'Welsh'],
    });
    expect(employeesJsonLd('1')).toEqual({ '@type': 'QuantitativeValue', value: 1 });
    expect(employeesJsonLd('50+')).toEqual({ '@type': 'QuantitativeValue', minValue: 51 });
    const bare = professionalJsonLd(professional({ employeeCount: null, foundedYear: null, languages: [] }), url, 'Websites.');
    for (const key of ['numberOfEmployees', 'foundingDate', 'knowsLanguage', 'hasCredential']) expect(bare).not.toHaveProperty(key);
  });
});

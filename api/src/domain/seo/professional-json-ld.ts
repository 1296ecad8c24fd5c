// schema.org ProfessionalService for a profile page. aggregateRating only with at least one
// review (search engines reject an empty rating); geo only when the worker has located it (the
// public, rounded position); logo and image only when the provider uploaded them (product rule 34).
// Issue 34: the checks in force as hasCredential (product rule 45; a lapsed one never, even before
// the worker's run), and the profile facts schema.org can say of an Organization: numberOfEmployees,
// foundingDate, knowsLanguage (product rule 46). What schema.org cannot express (the day we checked
// a credential, the cover of a policy) is left out rather than put in a property that means
// something else; json-ld.test.ts checks every type and property against schema.org's.
import { checksInForce, ukIsoDate } from '../../../../core/credential-badges';
import { CREDENTIAL_KIND_SPECS, type PublicCheck } from '../../../../core/credentials';
import type { ProfessionalListItem } from '../../../../core/directory';
import type { EmployeeCount } from '../../../../core/listing-fields';
import { LOGO_LARGE, mediaUrl, PHOTO_LARGE } from '../../../../core/media';

/** What a profile's JSON-LD is made from: the professional as the directory answers it. */
export type SeoProfessional = ProfessionalListItem;

function isWebAddress(value: string | null): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** '£45/hour', '£37.50/hour', '£350/day'; undefined when project based or not given. */
export function priceRange(hourlyRate: string | null, rateType: 'hourly' | 'daily' | null): string | undefined {
  if (hourlyRate === null) return undefined;
  return `£${hourlyRate}/${rateType === 'daily' ? 'day' : 'hour'}`;
}

/** Who issues or keeps the register of each kind (a vendor certification's is its vendor, an insurance's its insurer). */
const ISSUERS: Partial<Record<PublicCheck['kind'], { name: string; url: string }>> = {
  companies_house: { name: 'Companies House', url: 'https://www.gov.uk/government/organisations/companies-house' },
  // IASME is the Cyber Essentials scheme's delivery partner for the National Cyber Security Centre.
  cyber_essentials: { name: 'IASME', url: 'https://iasme.co.uk/' },
  cyber_essentials_plus: { name: 'IASME', url: 'https://iasme.co.uk/' },
  ico_registration: { name: 'Information Commissioner’s Office', url: 'https://ico.org.uk/' },
};

/** schema.org's credentialCategory: free text, as its examples use ('certificate', 'license'). */
const CATEGORIES: Record<PublicCheck['kind'], string> = {
  companies_house: 'registration',
  professional_indemnity: 'insurance',
  public_liability: 'insurance',
  cyber_essentials_plus: 'certificate',
  cyber_essentials: 'certificate',
  ico_registration: 'registration',
  vendor_certification: 'certification',
};

function issuerOf(check: PublicCheck): Record<string, unknown> | undefined {
  const known = ISSUERS[check.kind];
  if (known) return { '@type': 'Organization', name: known.name, url: known.url };
  if (check.kind === 'professional_indemnity' || check.kind === 'public_liability') return { '@type': 'Organization', name: check.details.insurer };
  if (check.kind === 'vendor_certification' && check.details.vendor !== 'Other') {
    return { '@type': 'Organization', name: check.details.vendor.replace(/ \(.*\)$/, '') };
  }
  return undefined;
}

function identifierOf(check: PublicCheck): string | undefined {
  switch (check.kind) {
    case 'companies_house':
      return check.details.companyNumber;
    case 'cyber_essentials':
    case 'cyber_essentials_plus':
      return check.details.certificateNumber;
    case 'ico_registration':
      return check.details.registrationNumber;
    default:
      return undefined;
  }
}

/**
 * A check in force as schema.org's EducationalOccupationalCredential (a CreativeWork): its name,
 * credentialCategory, recognizedBy (the issuer, where there is one), identifier (a register's or
 * certificate's number) and expires (CreativeWork's date it stops being useful; schema.org gives
 * the credential no validUntil).
 */
export function credentialJsonLd(check: PublicCheck): Record<string, unknown> {
  const issuer = issuerOf(check);
  const identifier = identifierOf(check);
  return {
    '@type': 'EducationalOccupationalCredential',
    name: check.kind === 'vendor_certification' ? check.details.certification : CREDENTIAL_KIND_SPECS[check.kind].name,
    credentialCategory: CATEGORIES[check.kind],
    ...(issuer ? { recognizedBy: issuer } : {}),
    ...(identifier ? { identifier } : {}),
    ...(check.expiresOn ? { expires: check.expiresOn } : {}),
  };
}

/** A team-size choice as a QuantitativeValue of people: '2-5' → 2 to 5, '50+' → more than 50. */
export function employeesJsonLd(count: EmployeeCount | string | null | undefined): Record<string, unknown> | undefined {
  if (!count || !/^\d+(\+|-\d+)?$/.test(count)) return undefined;
  if (count.endsWith('+')) return { '@type': 'QuantitativeValue', minValue: Number(count.slice(0, -1)) + 1 };
  const [low, high] = count.split('-').map(Number);
  if (high === undefined) return { '@type': 'QuantitativeValue', value: low };
  return { '@type': 'QuantitativeValue', minValue: low, maxValue: high };
}

export function professionalJsonLd(p: SeoProfessional, url: string, description: string, todayUk: string = ukIsoDate()): Record<string, unknown> {
  const sameAs = [p.website, p.linkedin, p.github, p.facebook, p.instagram, p.twitter, p.trustpilot].filter(isWebAddress);
  const price = priceRange(p.hourlyRate, p.rateType);
  const origin = new URL(url).origin;
  const logo = p.media.logo ? `${origin}${mediaUrl(p.media.logo.key, LOGO_LARGE)}` : null;
  const images = p.media.photos.map((photo) => `${origin}${mediaUrl(photo.key, PHOTO_LARGE)}`);
  const credentials = checksInForce(p.verifiedChecks, todayUk).map(credentialJsonLd);
  const employees = employeesJsonLd(p.employeeCount);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': url,
    name: p.companyName,
    url,
    description,
    email: p.email,
    ...(p.phone ? { telephone: p.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      postalCode: p.postcode,
      addressRegion: p.region,
      addressCountry: 'GB',
    },
    ...(p.lat !== null && p.lng !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: p.lat, longitude: p.lng } }
      : {}),
    ...(price ? { priceRange: price } : {}),
    areaServed: p.location,
    knowsAbout: p.services,
    ...(p.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.rating,
            reviewCount: p.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(credentials.length > 0 ? { hasCredential: credentials } : {}),
    ...(employees ? { numberOfEmployees: employees } : {}),
    ...(p.foundedYear ? { foundingDate: String(p.foundedYear) } : {}),
    ...(p.languages.length > 0 ? { knowsLanguage: p.languages } : {}),
    ...(logo ? { logo } : {}),
    ...(images.length > 0 || logo ? { image: images.length > 0 ? images : [logo] } : {}),
  };
}

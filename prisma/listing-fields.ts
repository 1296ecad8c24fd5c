// A listing's columns as an application gives them: what a paid checkout (the worker) writes into
// a new listing, and what an admin's approval (the API) writes into a new or updated one. The slug,
// the approval and the billing columns are the listing's own and not here.
import { hourlyEquivalentPence } from '../core/hourly-rate';
import { LISTING_FIELDS, readListingFields, type ListingFieldValues } from '../core/listing-fields';
import type { Application, Prisma } from './generated/client';

type FieldName = keyof ListingFieldValues;

/** The listing fields of core/listing-fields.ts, column for column (one without its column in both tables does not compile). */
function listingFieldColumns(a: Pick<Application, FieldName>): Pick<Prisma.ProfessionalUncheckedCreateInput, FieldName> {
  return readListingFields(a, LISTING_FIELDS);
}

export function listingFieldsFromApplication(a: Application) {
  return {
    companyName: a.companyName,
    contactName: a.contactName,
    email: a.email,
    phone: a.phone,
    website: a.website,
    description: a.description,
    services: a.services,
    location: a.location,
    region: a.region,
    postcode: a.postcode,
    ratePence: a.ratePence,
    rateType: a.rateType,
    hourlyRatePence: hourlyEquivalentPence(a.ratePence, a.rateType),
    isProjectBased: a.isProjectBased,
    ...listingFieldColumns(a),
    linkedin: a.linkedin,
    github: a.github,
    facebook: a.facebook,
    instagram: a.instagram,
    twitter: a.twitter,
    youtube: a.youtube,
    tiktok: a.tiktok,
    trustpilot: a.trustpilot,
  } satisfies Prisma.ProfessionalUpdateInput;
}

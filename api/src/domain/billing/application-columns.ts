// An application's columns from the /apply form: the same for a signed-in user's application and
// for a visitor's, kept with their sign-up until the e-mailed link is used (accounts/registration.ts).
import type { PendingApplication } from '../../../../core/billing';
import { LISTING_FIELDS, readListingFields, type ListingFieldValues } from '../../../../core/listing-fields';
import type { Prisma } from '../../../../prisma/db';

const SOCIAL_COLUMNS = ['linkedin', 'github', 'facebook', 'instagram', 'twitter', 'youtube', 'tiktok', 'trustpilot'] as const;

/** The application's columns (social links also as their own columns, one per platform), for `email`. */
export function applicationColumns(input: PendingApplication, email: string) {
  const ratePence = input.isProjectBased || !input.hourlyRate ? null : Math.round(Number(input.hourlyRate) * 100);
  const social = Object.fromEntries(SOCIAL_COLUMNS.map((platform) => [platform, input.socialLinks.find((l) => l.platform === platform)?.url ?? null]));
  const website = input.website ?? input.socialLinks.find((l) => l.platform === 'website')?.url ?? null;
  return {
    companyName: input.companyName,
    contactName: input.contactName,
    email,
    phone: input.phone ?? null,
    website,
    description: input.description,
    services: input.services,
    location: input.location,
    region: input.region,
    postcode: input.postcode,
    ratePence,
    rateType: ratePence === null ? null : (input.rateType ?? 'hourly'),
    isProjectBased: input.isProjectBased,
    ...(readListingFields(input, LISTING_FIELDS) satisfies Pick<Prisma.ApplicationUncheckedCreateInput, keyof ListingFieldValues>),
    socialLinks: input.socialLinks as Prisma.InputJsonValue,
    plan: input.subscriptionType,
    ...social,
  } satisfies Prisma.ApplicationUncheckedCreateInput;
}

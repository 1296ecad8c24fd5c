// The profile's cards, each shown only when it has something to say (spec): About, Services
// Offered, Contact Information, Pricing (only with a rate) and Connect Online (only with a social
// link; each opens in a new tab). `contact` (the message form) sits under Contact Information.
// Contact Information ends with the listing's public fields (core/listing-fields.ts) that have a value.
import type { ReactNode } from 'react';
import type { ProfessionalListItem } from '../../../../core/directory';
import { listingFacts, PUBLIC_LISTING_FIELDS, type ListingField } from '../../../../core/listing-fields';
import { labelled } from '../../../../core/social';
import { Link } from 'react-router-dom';
import { knownServicePlacePath, servicePlaceHeading } from '../../../../core/service-places';
import { CheckList } from '../../components/check-list';
import { priceLine } from '../../components/professional-card/format-professional';
import { linkClass, panelClass, sectionHeadingClass } from '../../components/styles';
import { safeWebUrl } from './safe-url';
import { NotTakingClientsNote, ProfileFactRows } from './profile-facts';

/** 'Connect Online': the five platforms the spec lists for a profile. */
const CONNECT_ONLINE = labelled(['linkedin', 'github', 'facebook', 'instagram', 'twitter'] as const);

const wrappingLinkClass = `${linkClass} break-words`;

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={panelClass}>
      <h2 id={id} className={sectionHeadingClass}>
        {title}
      </h2>
      <div className="mt-4 text-gray-800">{children}</div>
    </section>
  );
}

function socialLinksOf(professional: ProfessionalListItem): { label: string; url: string }[] {
  return CONNECT_ONLINE.flatMap(({ key, label }) => {
    const url = safeWebUrl(professional[key]);
    return url ? [{ label, url }] : [];
  });
}

/** Rows of Contact Information's list: each of `fields` with a value ('Works: On site and remotely'). */
export function ListingFactRows({ fields, listing }: { fields: readonly ListingField[]; listing: object }) {
  return (
    <>
      {listingFacts(fields, listing).map(({ name, term, text }) =>
        text === null ? null : (
          <div key={name}>
            <dt className="font-medium text-gray-900">{term}</dt>
            <dd>{text}</dd>
          </div>
        ),
      )}
    </>
  );
}

/** Links to the pages of its services in its town (issue 33): more professionals like it, and a crawler's way between them. */
function ServicesNearby({ services, region }: { services: readonly string[]; region: string }) {
  const links = services.flatMap((service) => {
    const path = knownServicePlacePath(service, region);
    return path ? [{ service, path }] : [];
  });
  if (links.length === 0) return null;
  return (
    <div className="mt-4 border-t border-gray-200 pt-4 text-sm">
      <h3 className="font-medium text-gray-900">More in {region}</h3>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {links.map(({ service, path }) => (
          <li key={path}>
            <Link to={path} className={linkClass}>
              {servicePlaceHeading(service, region)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ProfileCards({ professional, contact }: { professional: ProfessionalListItem; contact?: ReactNode }) {
  const { companyName, description, services, email, phone, website, location, postcode, hourlyRate, rateType } =
    professional;
  const websiteUrl = safeWebUrl(website);
  const price = priceLine(hourlyRate, rateType);
  const social = socialLinksOf(professional);

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <Card id="profile-about" title={`About ${companyName}`}>
          <p className="whitespace-pre-line leading-7">{description}</p>
        </Card>
        <Card id="profile-services" title="Services Offered">
          <CheckList items={services} className="grid gap-2 sm:grid-cols-2" />
          <ServicesNearby services={services} region={professional.region} />
        </Card>
      </div>
      <div className="space-y-6">
        <Card id="profile-contact" title="Contact Information">
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-medium text-gray-900">Email</dt>
              <dd>
                <a href={`mailto:${email}`} className={wrappingLinkClass}>
                  {email}
                </a>
              </dd>
            </div>
            {phone ? (
              <div>
                <dt className="font-medium text-gray-900">Phone</dt>
                <dd>
                  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={wrappingLinkClass}>
                    {phone}
                  </a>
                </dd>
              </div>
            ) : null}
            {websiteUrl ? (
              <div>
                <dt className="font-medium text-gray-900">Website</dt>
                <dd>
                  <a href={websiteUrl} target="_blank" rel="noopener noreferrer" className={wrappingLinkClass}>
                    Visit Website<span className="sr-only"> of {companyName} (opens in a new tab)</span>
                  </a>
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="font-medium text-gray-900">Location</dt>
              <dd>
                {location}, {postcode}
              </dd>
            </div>
            <ListingFactRows fields={PUBLIC_LISTING_FIELDS} listing={professional} />
            <ProfileFactRows professional={professional} />
          </dl>
        </Card>
        {contact ? <NotTakingClientsNote professional={professional} /> : null}
        {contact}
        {price ? (
          <Card id="profile-pricing" title="Pricing">
            <p className="text-2xl font-bold text-gray-900">{price}</p>
            <p className="mt-2 text-sm text-gray-700">Contact for project-based quotes</p>
          </Card>
        ) : null}
        {social.length > 0 ? (
          <Card id="profile-social" title="Connect Online">
            <ul className="space-y-2 text-sm">
              {social.map(({ label, url }) => (
                <li key={label}>
                  <a href={url} target="_blank" rel="noopener noreferrer" className={wrappingLinkClass}>
                    {label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
      </div>
    </div>
  );
}

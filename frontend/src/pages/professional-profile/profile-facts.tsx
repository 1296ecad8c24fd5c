// The profile facts a buyer asks for (issue 34, product rule 46), beside the listing fields in
// Contact Information (team size, where they work, how far they travel and whether they take on new
// clients come from core/listing-fields.ts through ListingFactRows): years in business, counted
// from the year the business began so the figure stays true, and languages. Only what is given.
// And, by the contact form, a plain note when the professional is not taking on new clients.
import type { ProfessionalListItem } from '../../../../core/directory';
import { yearsInBusinessText } from '../../../../core/profile-facts';

type Facts = Pick<ProfessionalListItem, 'foundedYear' | 'languages'>;

/** Rows of Contact Information's list: years in business and languages, when given. */
export function ProfileFactRows({ professional, currentYear = new Date().getFullYear() }: { professional: Facts; currentYear?: number }) {
  const years = yearsInBusinessText(professional.foundedYear, currentYear);
  return (
    <>
      {years ? (
        <div>
          <dt className="font-medium text-gray-900">Years in business</dt>
          <dd>{years}</dd>
        </div>
      ) : null}
      {professional.languages.length > 0 ? (
        <div>
          <dt className="font-medium text-gray-900">Languages</dt>
          <dd>{professional.languages.join(', ')}</dd>
        </div>
      ) : null}
    </>
  );
}

/** Said before the contact form when the professional is not taking on new clients; nothing otherwise. */
export function NotTakingClientsNote({ professional }: { professional: Pick<ProfessionalListItem, 'acceptingNewClients' | 'companyName'> }) {
  if (professional.acceptingNewClients) return null;
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <strong className="font-semibold">{professional.companyName} is not taking on new clients at the moment.</strong> You can still send a message, but
      they may not be able to help.
    </p>
  );
}

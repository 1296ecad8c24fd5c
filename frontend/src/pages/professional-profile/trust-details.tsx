// The profile's trust details (product rule 31): 'Verified Professional' opens what it means (a
// <details> disclosure: click, tap, Enter or Space; hovered or focused while closed, a tooltip
// gives the gist, product rule 38), 'Member since' (month and year), and the link back to the
// directory search the visitor came from. The badge says only what is true of every live listing
// (paid, approved, postcode located: LISTED_BADGE, issue 34); what else was checked is the
// profile's 'Checks', and both are explained on 'What we check' (product rule 45).
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LISTED_BADGE } from '../../../../core/credentials';
import { VERIFIED_PROFESSIONAL_EXPLANATION, VERIFIED_PROFESSIONAL_GIST } from '../../../../core/rating';
import { whatWeCheckHref } from '../../components/checks/what-we-check-href';
import { backToResults } from '../../components/professional-card/results-link';
import { linkClass } from '../../components/styles';
import { Tooltip } from '../../components/tooltip';

export function VerifiedBadge() {
  const [isOpen, setOpen] = useState(false);
  return (
    <details className="relative" data-testid="verified-professional" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <Tooltip label={VERIFIED_PROFESSIONAL_GIST} isDisabled={isOpen}>
        <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-full bg-green-100 px-3 py-1 font-medium text-green-800 hover:bg-green-200 [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true">✓</span> Verified Professional
          <span className="text-xs font-normal underline underline-offset-2">What this means</span>
        </summary>
      </Tooltip>
      <div className="absolute left-0 z-30 mt-2 w-80 max-w-[85vw] rounded-md border border-gray-200 bg-white p-4 text-sm text-gray-800 shadow-lg">
        <p className="font-medium text-gray-900">Every professional listed on ITConnect:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {VERIFIED_PROFESSIONAL_EXPLANATION.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <p className="mt-2 text-gray-700">{LISTED_BADGE.doesNotMean}</p>
        <p className="mt-2">
          <Link to={whatWeCheckHref('listed')} className={linkClass}>
            What we check
          </Link>
        </p>
      </div>
    </details>
  );
}

export function BackToResultsLink() {
  const { state } = useLocation();
  const { href, label } = backToResults(state);
  return (
    <Link to={href} className="inline-flex items-center gap-1 rounded text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900">
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}

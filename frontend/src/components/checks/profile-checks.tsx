// A profile's 'Checks' section (product rule 45): each check in force with what was checked, the
// day it was checked, the day it lapses where it does, the public register to see it for oneself,
// and a link to what the badge means and does not. A lapsed check never shows.
import { Link } from 'react-router-dom';
import { badgeText, checkedText, checksInForce, formatCheckDate, ukIsoDate } from '../../../../core/credential-badges';
import { checkSummary, publicRegisterUrl, type PublicCheck } from '../../../../core/credentials';
import { linkClass, sectionHeadingClass } from '../styles';
import { WHAT_WE_CHECK_PATH, whatWeCheckHref } from './what-we-check-href';

export const CHECKS_HEADING_ID = 'checks-heading';

export function ProfileChecks({
  checks,
  todayUk = ukIsoDate(),
  className = '',
}: {
  checks: readonly PublicCheck[] | null | undefined;
  todayUk?: string;
  className?: string;
}) {
  const inForce = checksInForce(checks, todayUk);
  if (inForce.length === 0) return null;
  return (
    <section aria-labelledby={CHECKS_HEADING_ID} className={className} data-testid="profile-checks">
      <h2 id={CHECKS_HEADING_ID} className={sectionHeadingClass}>
        Checks
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Our team checked each of these against the evidence the professional sent.{' '}
        <Link to={WHAT_WE_CHECK_PATH} className={linkClass}>
          What we check
        </Link>
      </p>
      <ul className="mt-4 space-y-4">
        {inForce.map((check) => {
          const register = publicRegisterUrl(check);
          return (
            <li key={check.id} className="border-t border-gray-100 pt-4 first:border-t-0 first:pt-0">
              <p className="font-semibold text-emerald-900">
                <span aria-hidden="true">✓ </span>
                {badgeText(check)}
              </p>
              <p className="mt-1 text-sm text-gray-800">{checkSummary(check)}</p>
              <p className="mt-1 text-sm text-gray-700">
                {checkedText(check)}
                {check.expiresOn ? ` · Valid until ${formatCheckDate(check.expiresOn)}` : null}
              </p>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {/* Named in full by aria-label, not hidden text: the badge's words stay once in the section's text. */}
                <Link to={whatWeCheckHref(check.kind)} className={linkClass} aria-label={`What this badge means: ${badgeText(check)}`}>
                  What this badge means
                </Link>
                {register ? (
                  <a href={register} className={linkClass} target="_blank" rel="noopener noreferrer">
                    See it on the public register<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : null}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

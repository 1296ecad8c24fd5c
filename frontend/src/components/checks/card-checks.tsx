// The checks a listing has earned, on its card (product rule 45): up to three badges, each with the
// day it was checked and a link to what it means on 'What we check', and '+N more'. Only checks in
// force today: a lapsed one never shows, even before the worker has taken it off the listing.
// Loaded with every card (the home page, the directory): it reads core/credential-badges.ts, never the long texts.
import { Link } from 'react-router-dom';
import { badgeText, checkedText, checksInForce, ukIsoDate } from '../../../../core/credential-badges';
import type { PublicCheck } from '../../../../core/credentials';
import { whatWeCheckHref } from './what-we-check-href';

/** How many badges a card shows before '+N more' (a phone's card has room for about three). */
export const CARD_CHECKS_SHOWN = 3;

export function CardChecks({ checks, todayUk = ukIsoDate() }: { checks: readonly PublicCheck[] | null | undefined; todayUk?: string }) {
  const inForce = checksInForce(checks, todayUk);
  if (inForce.length === 0) return null;
  const shown = inForce.slice(0, CARD_CHECKS_SHOWN);
  const more = inForce.length - shown.length;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Checks we made" data-testid="card-checks">
      {shown.map((check) => (
        <li key={check.id} className="max-w-full">
          <Link
            to={whatWeCheckHref(check.kind)}
            className="flex flex-col rounded-md border border-emerald-200 bg-emerald-50 px-2 py-1 text-xs text-emerald-900 hover:bg-emerald-100"
          >
            <span className="font-semibold">
              <span aria-hidden="true">✓ </span>
              {badgeText(check)}
            </span>
            <span>{checkedText(check)}</span>
          </Link>
        </li>
      ))}
      {more > 0 ? <li className="self-center text-xs font-medium text-gray-700">+{more} more</li> : null}
    </ul>
  );
}

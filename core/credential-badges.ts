// What a card needs of the checks a professional has earned (product rule 45): each kind's badge
// words, which checks are in force today, and the dates as badges write them. Kept apart from
// core/credentials.ts, whose long texts ('What we check', the asks) belong to the pages that show
// them: cards load with the home page and the directory, whose scripts have budgets (docs/performance.md).
// Zod-free; of ours it reads only core/uk-date.ts.
import type { CredentialKind, PublicCheck } from './credential-kinds';

/** The badge's words on cards and the profile ('Registered company'); core/credentials.ts's specs read them from here. */
export const CREDENTIAL_BADGE_WORDS: Readonly<Record<CredentialKind, string>> = {
  companies_house: 'Registered company',
  professional_indemnity: 'Professional indemnity insured',
  public_liability: 'Public liability insured',
  cyber_essentials_plus: 'Cyber Essentials Plus',
  cyber_essentials: 'Cyber Essentials',
  ico_registration: 'ICO registered',
  vendor_certification: 'Certified',
};

/** The general badge's own anchor on the 'What we check' page (the kinds' anchors are the kinds). */
export const LISTED_BADGE_ANCHOR = 'listed';

/** Whether a check is in force on `todayUk` (YYYY-MM-DD): it lapses on its expiry day. */
export function isInForce(check: Pick<PublicCheck, 'expiresOn'>, todayUk: string): boolean {
  return check.expiresOn === null || check.expiresOn > todayUk;
}

/** A listing's checks as readers get them: never one whose day has come, even before the worker's run. */
export function checksInForce(checks: readonly PublicCheck[] | null | undefined, todayUk: string): PublicCheck[] {
  return (checks ?? []).filter((check) => isInForce(check, todayUk));
}

/** A check's badge text: a certification names its vendor ('Microsoft certified'). */
export function badgeText(check: PublicCheck): string {
  if (check.kind === 'vendor_certification') return `${check.details.vendor === 'Other' ? '' : `${check.details.vendor} `}certified`.replace(/^c/, 'C');
  return CREDENTIAL_BADGE_WORDS[check.kind];
}

export { ukIsoDate } from './uk-date';

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '2026-11-12' → '12 Nov 2026' (a date without a time: no time zone to apply). */
export function formatCheckDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return `${day} ${SHORT_MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** 'Checked 12 Nov 2026' under each badge. */
export function checkedText(check: Pick<PublicCheck, 'checkedOn'>): string {
  return `Checked ${formatCheckDate(check.checkedOn)}`;
}

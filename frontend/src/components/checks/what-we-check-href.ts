// Where a badge's meaning is: the 'What we check' page (core/pages.ts), at the badge's section.
import { LISTED_BADGE_ANCHOR } from '../../../../core/credential-badges';
import type { CredentialKind } from '../../../../core/credential-kinds';
import { PAGES } from '../../../../core/pages';

export const WHAT_WE_CHECK_PATH = PAGES.whatWeCheck.path;

/** '/what-we-check#cyber_essentials'; the general badge's section is 'listed'. */
export function whatWeCheckHref(section: CredentialKind | typeof LISTED_BADGE_ANCHOR): string {
  return `${WHAT_WE_CHECK_PATH}#${section}`;
}

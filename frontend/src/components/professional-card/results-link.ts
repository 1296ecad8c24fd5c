// The back-to-results link of a profile: a link from the directory carries the search it came from
// (its path and query string) in the history entry's state, so the profile can link back to exactly
// those results, even after a reload; a profile reached any other way links to the directory.
import { safeReturnPath } from '../return-path';

export interface ResultsState {
  resultsPath: string;
}

/** The state a profile link carries when it is followed from the directory (pathname + search). */
export function resultsStateFor(pathname: string, search: string): ResultsState | undefined {
  return pathname === '/professionals' ? { resultsPath: `${pathname}${search}` } : undefined;
}

/** Where 'Back to results' goes: the directory search carried in `state`, else the directory. */
export function backToResults(state: unknown): { href: string; label: string } {
  const path =
    typeof state === 'object' && state !== null && 'resultsPath' in state && typeof state.resultsPath === 'string'
      ? safeReturnPath(state.resultsPath)
      : null;
  return path && path.startsWith('/professionals')
    ? { href: path, label: 'Back to results' }
    : { href: '/professionals', label: 'Browse all professionals' };
}

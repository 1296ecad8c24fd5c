// Where the sign-in page goes after signing in: `/login?next=/admin` returns to /admin. Only an
// address on this site is followed (a path starting with one '/'), so a link cannot send a visitor
// who signs in to another site.

const BASE = 'http://itconnect.invalid';

/** The path, query and fragment of `value` when it is an address on this site; otherwise null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The sign-in page, returning to `returnTo` afterwards. */
export function signInPathFor(returnTo: string): string {
  return `/login?next=${encodeURIComponent(returnTo)}`;
}

// Addresses the shell links to. encodeURIComponent (not URLSearchParams) so a space is '%20', as
// the spec's /professionals?search={text} (URL-encoded) reads.

/** The header search's target, or null for empty or whitespace-only text (which is ignored). */
export function buildSearchPath(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return `/professionals?search=${encodeURIComponent(trimmed)}`;
}

/** A service name's directory listing (footer and category links, product rule 11). */
export function serviceHref(service: string): string {
  return `/professionals?service=${encodeURIComponent(service)}`;
}

/** A place's directory listing (the locations page and the About page's cities). */
export function locationHref(location: string): string {
  return `/professionals?location=${encodeURIComponent(location)}`;
}

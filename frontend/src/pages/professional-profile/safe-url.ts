// Addresses from a profile are shown as links only when they are http(s): a stored
// 'javascript:' or other scheme must never become a clickable link.

/** The address as an http(s) URL string, or null. A bare 'example.co.uk' gets https://. */
export function safeWebUrl(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

// The file of common passwords (common-passwords.ts reads it, scripts/make-common-passwords.ts
// writes it): a header of lines starting with #, which carries the list's source and licence,
// then one password a line. No password of the list starts with #.

/**
 * Next to this module in the sources; in the server build, next to dist/api/server.js (the
 * bundle's import.meta.url), where scripts/lib/build.ts copies it.
 */
export const COMMON_PASSWORDS_FILE = new URL('./common-passwords.txt', import.meta.url);

export function parseCommonPasswords(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\r$/, ''))
    .filter((line) => line !== '' && !line.startsWith('#'));
}

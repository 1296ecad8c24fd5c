// Facts a buyer asks of a professional beyond the listing's choice fields (issue 34): the year
// the business began (the profile counts years in business from it, so the figure stays true)
// and the languages it works in. Edited on /profile, shown on the profile. Zod-free; the
// listing editor's inputs are in core/my-profile.ts.

/** The earliest year a business may say it began. */
export const MIN_FOUNDED_YEAR = 1900;

/** Languages a professional may say they work in, in the order the form offers them. */
export const LANGUAGES = [
  'English',
  'Welsh',
  'Scottish Gaelic',
  'Irish',
  'British Sign Language',
  'Arabic',
  'Bengali',
  'Cantonese',
  'French',
  'German',
  'Gujarati',
  'Hindi',
  'Italian',
  'Lithuanian',
  'Mandarin',
  'Polish',
  'Portuguese',
  'Punjabi',
  'Romanian',
  'Russian',
  'Somali',
  'Spanish',
  'Tamil',
  'Turkish',
  'Ukrainian',
  'Urdu',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const MAX_LANGUAGES = 10;

/** Whole years in business from `foundedYear` to `currentYear`; null when not given. */
export function yearsInBusiness(foundedYear: number | null, currentYear: number): number | null {
  if (foundedYear === null) return null;
  return Math.max(0, currentYear - foundedYear);
}

/** How the profile says it: 'In business since 2012 (14 years)', 'In business since 2026 (new this year)'. */
export function yearsInBusinessText(foundedYear: number | null, currentYear: number): string | null {
  const years = yearsInBusiness(foundedYear, currentYear);
  if (years === null) return null;
  if (years === 0) return `In business since ${foundedYear} (new this year)`;
  return `In business since ${foundedYear} (${years} ${years === 1 ? 'year' : 'years'})`;
}

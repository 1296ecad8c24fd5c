// UK postcode parsing shared by forms (validation), the API (normalising before storage) and the
// worker (outcode lookups). Pure functions, no lookups.

const FULL = /^([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][A-Z]{2})$/;
const OUTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;

/** ' m1  1ae ' → 'M1 1AE'; an outcode alone ('m1') → 'M1'; anything else → null. */
export function normalisePostcode(input: string): string | null {
  const compact = input.toUpperCase().replace(/\s+/g, '');
  const full = FULL.exec(compact);
  if (full) return `${full[1]} ${full[2]}`;
  if (OUTCODE.test(compact)) return compact;
  return null;
}

/** The outward code of a full postcode or outcode: 'M1 1AE' → 'M1'; invalid → null. */
export function outcodeOf(input: string): string | null {
  const normalised = normalisePostcode(input);
  return normalised ? normalised.split(' ')[0]! : null;
}

export function isFullPostcode(input: string): boolean {
  return FULL.test(input.toUpperCase().replace(/\s+/g, ''));
}

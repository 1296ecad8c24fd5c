// What price filters compare (product rule 16): a rate per hour, where a daily rate counts as a
// day of HOURS_PER_DAY hours. Stored beside the rate itself (professionals.hourly_rate_pence) by
// every writer of a rate: My Profile, a paid checkout, an admin's approval, the demo and bench seeds.

export const HOURS_PER_DAY = 8;

/** The tooltip of a day rate's 'Compared as …/hour' line on a card (product rules 16 and 37). */
export const DAY_RATE_COMPARISON_EXPLANATION = `Price filters compare hourly rates: a day rate counts as ${HOURS_PER_DAY} hours of work.`;

/** The hourly equivalent of a rate in pence, or null when there is no rate (project based). */
export function hourlyEquivalentPence(ratePence: number | null, rateType: 'hourly' | 'daily' | null): number | null {
  if (ratePence === null) return null;
  return rateType === 'daily' ? Math.round(ratePence / HOURS_PER_DAY) : ratePence;
}

// How a day-rate firm's price met an hourly price filter (product rule 16): the filter compares
// hourly rates and a daily rate counts as a day of HOURS_PER_DAY hours. Without this line a card
// reading 'From £350/day' under 'Up to £50/hour' looks like a mistake.
import { formatPoundsGrouped } from '../../../../core/counts';
import { HOURS_PER_DAY, hourlyEquivalentPence } from '../../../../core/hourly-rate';
import type { DirectoryFilters } from '../../api/directory-query';

/**
 * 'Compared as £43.75/hour (£350 a day ÷ 8 hours)' for a daily rate while a price filter is set;
 * null otherwise (no price filter, an hourly rate, or no rate).
 */
export function rateComparisonNote(
  professional: { hourlyRate: string | null; rateType: 'hourly' | 'daily' | null },
  filters: Pick<DirectoryFilters, 'minHourlyRate' | 'maxHourlyRate'>,
): string | null {
  const hasPriceFilter = (filters.minHourlyRate ?? 0) > 0 || filters.maxHourlyRate !== undefined;
  if (!hasPriceFilter || professional.rateType !== 'daily' || professional.hourlyRate === null) return null;
  const dayPounds = Number(professional.hourlyRate.trim());
  if (professional.hourlyRate.trim() === '' || !Number.isFinite(dayPounds)) return null;
  const dayPence = Math.round(dayPounds * 100);
  const hourPence = hourlyEquivalentPence(dayPence, 'daily');
  if (hourPence === null) return null;
  return `Compared as ${formatPoundsGrouped(hourPence)}/hour (${formatPoundsGrouped(dayPence)} a day ÷ ${HOURS_PER_DAY} hours)`;
}

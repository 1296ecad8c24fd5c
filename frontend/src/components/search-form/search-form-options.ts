// The search form's choices and their mapping to filters, as pure functions (unit tested): the
// service and location pickers (with type-ahead filtering), the price slider
// (0–100 in steps of 10; 0 and 100 mean no limit) and the vertical layout's price dropdown
// (any, <£20 … <£100, and '>£100', which is sent as maxHourlyRate 200 as the spec says). The
// selects built from the parameter table (the rating, enum filters) are param-select.ts's: the
// listing forms use the location picker's options here without loading the directory's table.
import { ALL_UK, LOCATION_KIND_LABELS, UK_LOCATIONS, type LocationKind } from '../../../../core/locations';
import { SERVICE_OPTIONS } from '../../../../core/services';

export interface PickerOption {
  value: string;
  label: string;
  /** The heading the option sits under ('Cities'); none for ungrouped options. */
  group?: string;
}

export const SERVICE_PICKER_OPTIONS: readonly PickerOption[] = SERVICE_OPTIONS.map((s) => ({ value: s, label: s }));

const KIND_ORDER: readonly LocationKind[] = ['city', 'region', 'county'];

/**
 * 'All UK', then every place grouped by kind (cities, regions, counties), each group A–Z. The data
 * is kept in that order (core/locations.ts; its en-GB collation order is checked by the unit test),
 * so nothing is sorted here: a page's first Intl.Collator loads ICU's collation data, tens of
 * milliseconds of one task on a phone (decision 0035).
 */
export const LOCATION_PICKER_OPTIONS: readonly PickerOption[] = [
  { value: ALL_UK, label: ALL_UK },
  ...KIND_ORDER.flatMap((kind) =>
    UK_LOCATIONS.filter((place) => place.kind === kind).map((place) => ({ value: place.name, label: place.name, group: LOCATION_KIND_LABELS[kind] })),
  ),
];

/** The options whose label contains every word typed (case- and accent-insensitive); all for ''. */
export function filterPickerOptions(options: readonly PickerOption[], query: string): PickerOption[] {
  const words = normalise(query).split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const label = normalise(option.label);
    return words.every((word) => label.includes(word));
  });
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Options in display order, split into runs of one group (for rendering group headings). */
export function groupPickerOptions(options: readonly PickerOption[]): { group: string | undefined; options: PickerOption[] }[] {
  const groups: { group: string | undefined; options: PickerOption[] }[] = [];
  for (const option of options) {
    const last = groups[groups.length - 1];
    if (last && last.group === option.group) last.options.push(option);
    else groups.push({ group: option.group, options: [option] });
  }
  return groups;
}

export const PRICE_SLIDER = { min: 0, max: 100, step: 10 } as const;

export interface PriceRange {
  minHourlyRate?: number;
  maxHourlyRate?: number;
}

/** Slider positions → filters: the lower end at 0 and the upper end at 100 mean no limit. */
export function sliderToPriceRange(low: number, high: number): PriceRange {
  const lo = Math.min(low, high);
  const hi = Math.max(low, high);
  const range: PriceRange = {};
  if (lo > PRICE_SLIDER.min) range.minHourlyRate = lo;
  if (hi < PRICE_SLIDER.max) range.maxHourlyRate = hi;
  return range;
}

/**
 * Where the upper thumb may stop: not below the lower thumb, and never at £0 (a maximum of £0
 * matches nobody, so 'Up to £0/hour' is not offered; the lowest maximum is one step).
 */
export function clampSliderHigh(value: number, low: number): number {
  return Math.max(value, low, PRICE_SLIDER.min + PRICE_SLIDER.step);
}

/** Where the lower thumb may stop: not above the upper thumb. */
export function clampSliderLow(value: number, high: number): number {
  return Math.min(value, high);
}

function snap(value: number): number {
  const clamped = Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, value));
  return Math.round(clamped / PRICE_SLIDER.step) * PRICE_SLIDER.step;
}

/** Filters → slider positions (values beyond the slider's reach sit at its ends). */
export function priceRangeToSlider(range: PriceRange): [number, number] {
  const low = range.minHourlyRate === undefined ? PRICE_SLIDER.min : snap(range.minHourlyRate);
  const high = range.maxHourlyRate === undefined ? PRICE_SLIDER.max : Math.max(snap(range.maxHourlyRate), PRICE_SLIDER.step);
  return [Math.min(low, high), Math.max(low, high)];
}

/** The slider's reading: 'Any price', '£20 – £60', 'Up to £60', '£20+'. */
export function priceSliderText(low: number, high: number): string {
  return priceRangeText(sliderToPriceRange(low, high));
}

/** A price range as the slider reads it (also for a range from the address the slider can't reach). */
export function priceRangeText({ minHourlyRate, maxHourlyRate }: PriceRange): string {
  if (minHourlyRate === undefined && maxHourlyRate === undefined) return 'Any price';
  if (minHourlyRate === undefined) return `Up to £${maxHourlyRate}/hour`;
  if (maxHourlyRate === undefined) return `£${minHourlyRate}+/hour`;
  return `£${minHourlyRate} – £${maxHourlyRate}/hour`;
}

/** The vertical layout's price dropdown: value is the maxHourlyRate sent ('' for any). */
export const PRICE_DROPDOWN_OPTIONS: readonly { label: string; value: string }[] = [
  { label: 'Any price', value: '' },
  ...[20, 30, 40, 50, 60, 70, 80, 90, 100].map((n) => ({ label: `<£${n}`, value: String(n) })),
  { label: '>£100', value: '200' },
];

export function priceDropdownToRange(value: string): PriceRange {
  return value === '' ? {} : { maxHourlyRate: Number(value) };
}

export function rangeToPriceDropdown(range: PriceRange): string {
  if (range.maxHourlyRate === undefined) return '';
  return PRICE_DROPDOWN_OPTIONS.find((o) => o.value === String(range.maxHourlyRate))?.value ?? '';
}

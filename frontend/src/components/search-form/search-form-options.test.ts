import { describe, expect, it } from 'vitest';
import { ALL_UK, UK_LOCATIONS } from '../../../../core/locations';
import { ALL_SERVICES } from '../../../../core/services';
import {
  clampSliderHigh,
  clampSliderLow,
  filterPickerOptions,
  groupPickerOptions,
  LOCATION_PICKER_OPTIONS,
  PRICE_DROPDOWN_OPTIONS,
  priceDropdownToRange,
  priceRangeToSlider,
  priceSliderText,
  rangeToPriceDropdown,
  priceRangeText,
  SERVICE_PICKER_OPTIONS,
  sliderToPriceRange,
} from './search-form-options';
import { ratingSelectOptions, ratingToSelect, selectToRating } from './param-select';

describe('picker options', () => {
  it('offers the 31 services, All Services first', () => {
    expect(SERVICE_PICKER_OPTIONS).toHaveLength(31);
    expect(SERVICE_PICKER_OPTIONS[0]?.value).toBe(ALL_SERVICES);
  });

  it('offers All UK then every place grouped cities, regions, counties', () => {
    expect(LOCATION_PICKER_OPTIONS).toHaveLength(UK_LOCATIONS.length + 1);
    expect(LOCATION_PICKER_OPTIONS[0]).toEqual({ value: ALL_UK, label: ALL_UK });
    expect(groupPickerOptions(LOCATION_PICKER_OPTIONS).map((g) => g.group)).toEqual([
      undefined,
      'Cities',
      'Regions',
      'Counties',
    ]);
  });

  it('lists each group A–Z in en-GB collation order', () => {
    const byName = new Intl.Collator('en-GB');
    for (const { group, options } of groupPickerOptions(LOCATION_PICKER_OPTIONS).slice(1)) {
      const names = options.map((o) => o.label);
      expect(names, group).toEqual([...names].sort(byName.compare));
    }
  });

  it('filters by every typed word, ignoring case and accents', () => {
    expect(filterPickerOptions(SERVICE_PICKER_OPTIONS, '').length).toBe(31);
    expect(filterPickerOptions(SERVICE_PICKER_OPTIONS, 'web').map((o) => o.value)).toEqual([
      'Web Design',
      'Web Development',
    ]);
    expect(filterPickerOptions(SERVICE_PICKER_OPTIONS, 'DEV web').map((o) => o.value)).toEqual(['Web Development']);
    expect(filterPickerOptions(LOCATION_PICKER_OPTIONS, '  manch ').map((o) => o.value)).toContain('Manchester');
    expect(filterPickerOptions(SERVICE_PICKER_OPTIONS, 'désign').map((o) => o.value)).toContain('Graphic Design');
    expect(filterPickerOptions(SERVICE_PICKER_OPTIONS, 'zzz')).toEqual([]);
  });

  it('keeps groups in runs after filtering', () => {
    const groups = groupPickerOptions(filterPickerOptions(LOCATION_PICKER_OPTIONS, 'york'));
    expect(groups.every((g) => g.options.length > 0)).toBe(true);
    expect(new Set(groups.map((g) => g.group)).size).toBe(groups.length);
  });
});

describe('rating', () => {
  it('maps any, 4+, 4.5+ and 5 only', () => {
    expect(selectToRating('')).toBeUndefined();
    expect(selectToRating('4.5')).toBe(4.5);
    expect(ratingToSelect(5)).toBe('5');
    expect(ratingToSelect(undefined)).toBe('');
    expect(ratingSelectOptions(undefined).map((o) => o.label)).toEqual(['Any rating', '4+ stars', '4.5+ stars', '5 stars only']);
  });

  it('shows a minimum from the address that is not one of the choices, in order', () => {
    expect(ratingToSelect(3)).toBe('3');
    expect(ratingSelectOptions(3).map((o) => o.label)).toEqual(['Any rating', '3+ stars', '4+ stars', '4.5+ stars', '5 stars only']);
    expect(ratingSelectOptions(4.5)).toHaveLength(4);
  });
});

describe('price slider (0–100, step 10)', () => {
  it('treats 0 and 100 as no limit', () => {
    expect(sliderToPriceRange(0, 100)).toEqual({});
    expect(sliderToPriceRange(20, 100)).toEqual({ minHourlyRate: 20 });
    expect(sliderToPriceRange(0, 60)).toEqual({ maxHourlyRate: 60 });
    expect(sliderToPriceRange(30, 70)).toEqual({ minHourlyRate: 30, maxHourlyRate: 70 });
    expect(sliderToPriceRange(70, 30)).toEqual({ minHourlyRate: 30, maxHourlyRate: 70 });
  });

  it('places filters on the slider, clamping and snapping to steps', () => {
    expect(priceRangeToSlider({})).toEqual([0, 100]);
    expect(priceRangeToSlider({ minHourlyRate: 20, maxHourlyRate: 60 })).toEqual([20, 60]);
    expect(priceRangeToSlider({ maxHourlyRate: 200 })).toEqual([0, 100]);
    expect(priceRangeToSlider({ minHourlyRate: 34 })).toEqual([30, 100]);
  });

  it('never offers a maximum of £0: the upper thumb stops at the first step', () => {
    expect(clampSliderHigh(0, 0)).toBe(10);
    expect(clampSliderHigh(20, 40)).toBe(40);
    expect(clampSliderHigh(60, 0)).toBe(60);
    expect(clampSliderLow(80, 50)).toBe(50);
    expect(priceRangeToSlider({ maxHourlyRate: 3 })).toEqual([0, 10]);
    for (let high = 0; high <= 100; high += 10) {
      expect(priceSliderText(0, clampSliderHigh(high, 0))).not.toBe('Up to £0/hour');
    }
  });

  it('reads as text', () => {
    expect(priceRangeText({ maxHourlyRate: 200 })).toBe('Up to £200/hour');
    expect(priceSliderText(0, 100)).toBe('Any price');
    expect(priceSliderText(0, 50)).toBe('Up to £50/hour');
    expect(priceSliderText(20, 100)).toBe('£20+/hour');
    expect(priceSliderText(20, 50)).toBe('£20 – £50/hour');
  });
});

describe('vertical price dropdown', () => {
  it('offers any, <£20 … <£100 in tens, and >£100', () => {
    expect(PRICE_DROPDOWN_OPTIONS.map((o) => o.label)).toEqual([
      'Any price',
      '<£20',
      '<£30',
      '<£40',
      '<£50',
      '<£60',
      '<£70',
      '<£80',
      '<£90',
      '<£100',
      '>£100',
    ]);
  });

  it("sends maxHourlyRate, with '>£100' as 200", () => {
    expect(priceDropdownToRange('')).toEqual({});
    expect(priceDropdownToRange('30')).toEqual({ maxHourlyRate: 30 });
    expect(priceDropdownToRange('200')).toEqual({ maxHourlyRate: 200 });
    expect(rangeToPriceDropdown({ maxHourlyRate: 200 })).toBe('200');
    expect(rangeToPriceDropdown({ maxHourlyRate: 35 })).toBe('');
    expect(rangeToPriceDropdown({})).toBe('');
  });
});

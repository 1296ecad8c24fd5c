// The shared search form (spec: "Search form (shared)") in three layouts:
//   full      service, location, rating, hourly price slider, Search   (the directory page)
//   compact   service, location, 'Search Professionals'               (the home page hero)
//   vertical  plain dropdowns: service, location, rating, price        (sidebars)
// Submitting calls onSearch with the chosen values, or, without a handler, goes to /professionals
// with only the non-default values in the address. Each layout is also a plain GET form to
// /professionals with named fields, so a visitor who submits before the scripts have run gets the
// same page from the server (which reads the address as the SPA does, directory-query.ts).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { DIRECTORY_PARAMS } from '../../../../core/directory-params';
import { ALL_UK } from '../../../../core/locations';
import { PAGES } from '../../../../core/pages';
import { ALL_SERVICES, SERVICE_OPTIONS } from '../../../../core/services';
import { DEFAULT_FILTERS, directoryPath } from '../../api/directory-query';
import { SearchIcon } from '../icons';
import { inputClass, labelClass, labelTextClass, primaryButtonClass } from '../styles';
import {
  clampSliderHigh,
  clampSliderLow,
  LOCATION_PICKER_OPTIONS,
  PRICE_DROPDOWN_OPTIONS,
  PRICE_SLIDER,
  priceDropdownToRange,
  priceRangeText,
  priceRangeToSlider,
  priceSliderText,
  rangeToPriceDropdown,
  type PriceRange,
  SERVICE_PICKER_OPTIONS,
  sliderToPriceRange,
  groupPickerOptions,
} from './search-form-options';
import { ParamControl } from './param-control';
import { ratingToSelect, selectToRating } from './param-select';
import { SearchablePicker } from './searchable-picker';

export type SearchFormLayout = 'full' | 'compact' | 'vertical';

export interface SearchFormValues {
  service: string;
  location: string;
  minRating?: number;
  minHourlyRate?: number;
  maxHourlyRate?: number;
}

export interface SearchFormProps {
  layout: SearchFormLayout;
  initialValues?: Partial<SearchFormValues>;
  /** Called with the chosen values; without it the form navigates to /professionals. */
  onSearch?: (values: SearchFormValues) => void;
  className?: string;
  /** Extra fields inside the form, above the full layout's row (the directory's keyword and
   * distance fields); their owner reads them when onSearch is called. */
  children?: ReactNode;
  /** A line under the full layout's row (the directory says when its filters apply). */
  note?: ReactNode;
}

const searchButtonClass = `${primaryButtonClass} w-full gap-2`;
/** Where each layout's form goes without its scripts: the directory, as a plain GET form. */
const formProps = { action: PAGES.directory.path, method: 'get' } as const;

export function SearchForm({ layout, initialValues = {}, onSearch, className = '', children, note }: SearchFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [service, setService] = useState(initialValues.service ?? ALL_SERVICES);
  const [location, setLocation] = useState(initialValues.location ?? ALL_UK);
  const [rating, setRating] = useState(ratingToSelect(initialValues.minRating));
  const [initialLow, initialHigh] = priceRangeToSlider(initialValues);
  const [low, setLow] = useState(initialLow);
  const [high, setHigh] = useState(initialHigh);
  // Until the visitor moves the slider, the address's own price range stands, even one the slider
  // can't show ('>£100' sends 200, a shared link with £35): searching again must not drop it.
  const [sliderMoved, setSliderMoved] = useState(false);
  const initialRange: PriceRange = {
    ...(initialValues.minHourlyRate !== undefined ? { minHourlyRate: initialValues.minHourlyRate } : {}),
    ...(initialValues.maxHourlyRate !== undefined ? { maxHourlyRate: initialValues.maxHourlyRate } : {}),
  };
  const [priceChoice, setPriceChoice] = useState(rangeToPriceDropdown(initialValues));

  function values(): SearchFormValues {
    const base = { service, location };
    if (layout === 'compact') return base;
    const minRating = selectToRating(rating);
    const range = layout === 'full' ? (sliderMoved ? sliderToPriceRange(low, high) : initialRange) : priceDropdownToRange(priceChoice);
    return {
      ...base,
      ...(minRating !== undefined ? { minRating } : {}),
      ...range,
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = values();
    if (onSearch) onSearch(chosen);
    else void navigate(directoryPath({ ...DEFAULT_FILTERS, ...chosen }));
  }

  const servicePicker = (
    <SearchablePicker
      label="Service"
      name="service"
      options={SERVICE_PICKER_OPTIONS}
      value={service}
      onChange={setService}
      placeholder="Search services..."
      emptyMessage="No service found."
    />
  );
  const locationPicker = (
    <SearchablePicker
      label="Location"
      name="location"
      options={LOCATION_PICKER_OPTIONS}
      value={location}
      onChange={setLocation}
      placeholder="Search locations..."
      emptyMessage="No location found."
    />
  );
  const ratingSelect = (
    <ParamControl
      id={`${id}-rating`}
      name="minRating"
      page={DIRECTORY_PARAMS.minRating.page}
      value={rating}
      onChange={setRating}
      initialValue={initialValues.minRating}
    />
  );

  if (layout === 'vertical') {
    return (
      <form role="search" aria-label="Find IT professionals" {...formProps} onSubmit={onSubmit} className={`flex flex-col gap-4 ${className}`}>
        <div>
          <label htmlFor={`${id}-service`} className={labelClass}>
            Service
          </label>
          <select id={`${id}-service`} name="service" value={service} onChange={(e) => setService(e.target.value)} className={inputClass}>
            {SERVICE_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-location`} className={labelClass}>
            Location
          </label>
          <select
            id={`${id}-location`}
            name="location"
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            className={inputClass}
          >
            {groupPickerOptions(LOCATION_PICKER_OPTIONS).map(({ group, options }) =>
              group === undefined ? (
                options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))
              ) : (
                <optgroup key={group} label={group}>
                  {options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ),
            )}
          </select>
        </div>
        {ratingSelect}
        <div>
          <label htmlFor={`${id}-price`} className={labelClass}>
            Hourly rate
          </label>
          <select
            id={`${id}-price`}
            name="maxHourlyRate"
            value={priceChoice}
            onChange={(e) => setPriceChoice(e.target.value)}
            className={inputClass}
          >
            {PRICE_DROPDOWN_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={searchButtonClass}>
          <SearchIcon width={16} height={16} />
          Search
        </button>
      </form>
    );
  }

  if (layout === 'compact') {
    return (
      <form
        role="search"
        aria-label="Find IT professionals"
        {...formProps}
        onSubmit={onSubmit}
        className={`grid grid-cols-1 items-end gap-3 md:grid-cols-[1fr_1fr_auto] ${className}`}
      >
        {servicePicker}
        {locationPicker}
        <button type="submit" className={`${searchButtonClass} md:w-auto`}>
          <SearchIcon width={16} height={16} />
          Search Professionals
        </button>
      </form>
    );
  }

  return (
    <form role="search" aria-label="Filter professionals" {...formProps} onSubmit={onSubmit} className={`space-y-3 ${className}`}>
      {children}
      {/* The slider's thumbs are unnamed (their 0 and 100 mean no limit): until it is moved, the
          address's own price range is what a form sent without scripts keeps. */}
      {sliderMoved
        ? null
        : Object.entries(initialRange).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_10rem_13rem_auto]">
        {servicePicker}
        {locationPicker}
        {ratingSelect}
        <PriceSlider
          low={low}
          high={high}
          reading={sliderMoved ? undefined : priceRangeText(initialRange)}
          onLow={(value) => {
            setSliderMoved(true);
            setLow(value);
          }}
          onHigh={(value) => {
            setSliderMoved(true);
            setHigh(value);
          }}
        />
        <button type="submit" className={`${searchButtonClass} lg:w-auto`}>
          <SearchIcon width={16} height={16} />
          Search
        </button>
      </div>
      {note}
    </form>
  );
}

interface PriceSliderProps {
  low: number;
  high: number;
  /** What the reading says instead of the thumbs' range (the address's range, until moved). */
  reading?: string;
  onLow: (value: number) => void;
  onHigh: (value: number) => void;
}

/** Two thumbs on one track (0–100, step 10): the lower end at 0 and the upper end at 100 mean no limit. */
function PriceSlider({ low, high, reading, onLow, onHigh }: PriceSliderProps) {
  const id = useId();
  const { min, max, step } = PRICE_SLIDER;
  const thumb =
    'pointer-events-none absolute inset-x-0 top-1/2 h-5 w-full -translate-y-1/2 appearance-none bg-transparent [&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:h-4 [&::-moz-range-thumb]:w-4 [&::-moz-range-thumb]:cursor-pointer [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-blue-700 [&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:h-4 [&::-webkit-slider-thumb]:w-4 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-blue-700 [&::-webkit-slider-thumb]:shadow';
  const valueText = (value: number, isLow: boolean) =>
    isLow ? (value <= min ? 'No minimum' : `£${value}`) : value >= max ? 'No maximum' : `£${value}`;
  const left = ((low - min) / (max - min)) * 100;
  const right = ((high - min) / (max - min)) * 100;

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <span id={`${id}-label`} className={labelTextClass}>
          Hourly rate
        </span>
        <output htmlFor={`${id}-min ${id}-max`} className="text-xs text-gray-700">
          {reading ?? priceSliderText(low, high)}
        </output>
      </div>
      <div className="relative h-9">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-gray-300" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-blue-600"
          style={{ left: `${left}%`, width: `${Math.max(0, right - left)}%` }}
        />
        <input
          id={`${id}-min`}
          type="range"
          min={min}
          max={max}
          step={step}
          value={low}
          aria-label="Minimum hourly rate"
          aria-valuetext={valueText(low, true)}
          onChange={(event) => onLow(clampSliderLow(Number(event.target.value), high))}
          className={thumb}
        />
        <input
          id={`${id}-max`}
          type="range"
          min={min}
          max={max}
          step={step}
          value={high}
          aria-label="Maximum hourly rate"
          aria-valuetext={valueText(high, false)}
          onChange={(event) => onHigh(clampSliderHigh(Number(event.target.value), low))}
          className={thumb}
        />
      </div>
    </div>
  );
}

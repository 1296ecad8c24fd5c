// The directory's URL parameters, one entry each: the single definition that GET /api/professionals
// (core/directory-query.ts builds its zod schema from it), the page's address /professionals?…
// (core/directory-address.ts reads and writes it; frontend/src/api/directory-query.ts binds it),
// the page's title (core/directory-title.ts), its chips and its filter form follow (issue 31).
// Zod-free, so the SPA reads its address without loading zod.
//
// An entry has two sides:
//   api   how GET /api/professionals checks the value: its kind ('text' with a check, 'number' in a
//         range, 'enum' of values, 'boolean'), and so its 400 message. These messages are part of
//         the API's contract (api/src/routes/professionals.int.test.ts).
//   page  for a parameter of the page's address (not limit/offset): its place in the address
//         (`order`: only non-default values are written, in ascending order, so links and SWR keys
//         stay stable), the filters' value for "no filter", the lenient reading of an address
//         (a value the API would refuse reads as no filter instead of a failed request), how a value
//         is written, and what the page shows for it: option labels, a chip, a title phrase, a form
//         control built from the entry (enum and boolean filters), and whether search engines see it.
// A new enum filter ('On site / remote') is one `enumParam` entry here plus its meaning in the API
// (api/src/domain/directory/): the API's check, the address, the title, the chips and a select in
// the filter form follow from the entry (core/directory-params.test.ts shows one).
//
// The table's key order is the order the API checks values in: with several bad values its 400
// names the first (a historic order: keep it, append new entries).
import { DEFAULT_RADIUS_MILES, MAX_PAGE_SIZE, MAX_RADIUS_MILES, SORTS, type Sort } from './directory';
import { ALL_UK, findLocation } from './locations';
import { ALL_SERVICES, SERVICES, type Service } from './services';
import { SEARCHED_WORK_MODES } from './work-mode';
import { TEAM_SIZES, TEAM_SIZE_LABELS, TEAM_SIZE_TITLE_PHRASES } from './team-size';
import { formatCount } from './counts';

/** A strict check's verdict on a bad value: the API answers 400 with this message. */
export interface Refusal {
  refusal: string;
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'refusal' in value;
}

/** How the API checks a value: text, numbers and yes/no trimmed first (empty is no filter), an enum's value as sent. */
export type ApiCheck =
  | {
      kind: 'text';
      /** Longer values are refused with `maxLengthMessage` (or zod's own message). */
      maxLength?: number;
      maxLengthMessage?: string;
      /** The value as the API uses it, undefined for "no filter", or a refusal. */
      check(value: string): unknown;
    }
  | { kind: 'number'; min: number; max: number; isInteger?: boolean }
  | { kind: 'enum'; values: readonly [string, ...string[]] }
  | { kind: 'boolean' };

/** The values a filter's own control and chips show (the active values of every filter, by name). */
export type ActiveValues = Readonly<Record<string, unknown>>;

/** The page side of a parameter: the address, and what the page shows for it. */
export interface PageSpec<F> {
  /** Place in the address: parameters are written in ascending order. */
  order: number;
  /** The filters' value when this filter is off ('All Services', ''); absent: the key is left out. */
  noFilter?: F;
  /** Lenient: the value an address asks for, or undefined when it is not one (then no filter). */
  read(raw: string): F | undefined;
  /** The address's text for a value; undefined when the value filters nothing. Default: String(value). */
  write?(value: F): string | undefined;
  /** An enum or boolean filter's choices, in order (also a select's options). */
  options?: readonly { value: F; label: string }[];
  /** A value's label where it is not among the options (e.g. '3+ stars' from a shared link). */
  label?(value: F): string;
  /** A control the filter form renders from this entry (enum and boolean filters). */
  control?: { kind: 'select' | 'checkbox'; label: string; /** A select's "no filter" option ('Any rating'). */ anyLabel?: string };
  /**
   * The removable chip of an active filter. `value` is this filter's active value (undefined when
   * off), `active` every filter's; `alsoClears` names filters the chip stands for too (a price range).
   * Absent: an active value's chip is its label (its option's, `label`'s, or the value); false: none.
   */
  chip?: { label(value: F | undefined, active: ActiveValues): string | undefined; alsoClears?: readonly string[] } | false;
  /**
   * The title's phrase for an active value ('working remotely'), added after the subject
   * ('IT professionals working remotely in the UK'); `isPlace`: where the title says the search is
   * ('in Leeds', 'near M1'), the first active one in address order. core/directory-title.ts.
   */
  title?: { phrase(value: F): string; isPlace?: boolean };
  /** Search engines: 'canonical' keeps it in the canonical address, 'noindex' keeps a page filtered by it out of the index. */
  seo?: 'canonical' | 'noindex';
}

export interface DirectoryParam<F = unknown> {
  api: ApiCheck;
  /** Absent for the API's own parameters (limit, offset): they are never in a page's address. */
  page?: PageSpec<F>;
}

/** Keeps an entry's own types (the table's types derive from them). */
function param<const P extends DirectoryParam>(entry: P): P {
  return entry;
}

/** A number in the address: Number()'s reading, within [min, max] (lenient: anything else is no filter). */
export function readLenientNumber(raw: string, min: number, max: number): number | undefined {
  if (raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

/**
 * An enum filter: one of `values`, each with its label (select option and chip) and, optionally,
 * its title phrase. The API refuses anything else with "<name> must be one of …".
 */
export function enumParam<const V extends string>(spec: {
  values: readonly [V, ...V[]];
  order: number;
  labels: Readonly<Record<V, string>>;
  /** The form's label for its select, and its "no filter" option. */
  control: { label: string; anyLabel: string };
  titlePhrases?: Readonly<Record<V, string>>;
  seo?: 'canonical' | 'noindex';
}) {
  const { values, order, labels, control, titlePhrases, seo } = spec;
  return param({
    api: { kind: 'enum', values },
    page: {
      order,
      read: (raw: string): V | undefined => values.find((v) => v === raw),
      options: values.map((value) => ({ value, label: labels[value] })),
      control: { kind: 'select', ...control },
      ...(titlePhrases ? { title: { phrase: (value: V) => titlePhrases[value] } } : {}),
      ...(seo ? { seo } : {}),
    },
  });
}

/** A yes/no filter: `name=true` in the address, a checkbox in the form. */
export function booleanParam(spec: { order: number; label: string; chipLabel: string; titlePhrase?: string; seo?: 'canonical' | 'noindex' }) {
  const { order, label, chipLabel, titlePhrase, seo } = spec;
  return param({
    api: { kind: 'boolean' },
    page: {
      order,
      read: (raw: string): true | undefined => (raw === 'true' ? true : undefined),
      options: [{ value: true as const, label: chipLabel }],
      control: { kind: 'checkbox', label },
      ...(titlePhrase !== undefined ? { title: { phrase: () => titlePhrase } } : {}),
      ...(seo ? { seo } : {}),
    },
  });
}

const serviceByLowerName = new Map(SERVICES.map((s) => [s.toLowerCase(), s]));

const MAX_RATING = 5;
/** Pounds per hour. */
const MAX_HOURLY_RATE = 100_000;
const MAX_SEARCH_LENGTH = 200;
const MAX_NEAR_LENGTH = 100;

const positive = (n: number) => (n > 0 ? String(n) : undefined);

function money(n: number): string {
  return `£${formatCount(n)}`;
}

const ratingLabel = (n: number) => (n >= 5 ? '5 stars only' : `${n}+ stars`);

const SORT_LABELS: Readonly<Record<Sort, string>> = {
  relevance: 'Best match',
  distance: 'Nearest first',
  rating: 'Highest rated',
  price: 'Lowest price',
  newest: 'Newest',
};

export const DIRECTORY_PARAMS = {
  service: param({
    api: {
      kind: 'text',
      check: (v: string): Service | undefined | Refusal =>
        v === ALL_SERVICES ? undefined : (serviceByLowerName.get(v.toLowerCase()) ?? { refusal: `Unknown service "${v}"` }),
    },
    page: {
      order: 20,
      noFilter: ALL_SERVICES as string,
      read: (raw: string): string | undefined => serviceByLowerName.get(raw.trim().toLowerCase()),
      seo: 'canonical',
    },
  }),
  location: param({
    api: {
      kind: 'text',
      check: (v: string): string | undefined | Refusal => (v === ALL_UK ? undefined : (findLocation(v)?.name ?? { refusal: `Unknown location "${v}"` })),
    },
    page: {
      order: 30,
      noFilter: ALL_UK as string,
      read: (raw: string): string | undefined => findLocation(raw.trim())?.name,
      title: { phrase: (v: string) => `in ${v}`, isPlace: true },
      seo: 'canonical',
    },
  }),
  minRating: param({
    api: { kind: 'number', min: 0, max: MAX_RATING },
    page: {
      order: 40,
      read: (raw: string) => readLenientNumber(raw, 0, MAX_RATING),
      write: positive,
      options: [4, 4.5, 5].map((value) => ({ value, label: ratingLabel(value) })),
      label: ratingLabel,
      control: { kind: 'select', label: 'Rating', anyLabel: 'Any rating' },
    },
  }),
  /** Pounds per hour; a daily rate counts as rate ÷ 8 (product rule 16). */
  minHourlyRate: param({
    api: { kind: 'number', min: 0, max: MAX_HOURLY_RATE },
    page: {
      order: 50,
      read: (raw: string) => readLenientNumber(raw, 0, MAX_HOURLY_RATE),
      write: positive,
      // One chip for the range, at the minimum's place: 'From £20/hour', 'Up to £50/hour', '£20–£50/hour'.
      chip: {
        label: (min: number | undefined, active: ActiveValues) => {
          const max = active.maxHourlyRate as number | undefined;
          if (min !== undefined && max !== undefined) return `${money(min)}–${money(max)}/hour`;
          if (min !== undefined) return `From ${money(min)}/hour`;
          return max !== undefined ? `Up to ${money(max)}/hour` : undefined;
        },
        alsoClears: ['maxHourlyRate'],
      },
    },
  }),
  maxHourlyRate: param({
    api: { kind: 'number', min: 0, max: MAX_HOURLY_RATE },
    page: {
      order: 60,
      // A maximum of £0 matches nobody (only project-based firms have no rate, and a price filter
      // leaves them out): it is never offered, and an address asking for it is read as no maximum.
      read: (raw: string) => readLenientNumber(raw, 1, MAX_HOURLY_RATE),
      chip: false,
    },
  }),
  /** Free text over company name, description, services and location (product rule 17). */
  search: param({
    api: { kind: 'text', maxLength: MAX_SEARCH_LENGTH, maxLengthMessage: `search must be at most ${MAX_SEARCH_LENGTH} characters`, check: (v: string) => v },
    page: {
      order: 10,
      noFilter: '' as string,
      read: (raw: string): string | undefined => raw.slice(0, MAX_SEARCH_LENGTH),
      chip: { label: (v: string | undefined) => (v ? `“${v}”` : undefined) },
      seo: 'noindex',
    },
  }),
  /** A UK postcode, outcode or place name to measure distance from. */
  near: param({
    api: { kind: 'text', maxLength: MAX_NEAR_LENGTH, check: (v: string) => v },
    page: {
      order: 70,
      noFilter: '' as string,
      read: (raw: string): string | undefined => raw.slice(0, MAX_NEAR_LENGTH),
      chip: {
        label: (near: string | undefined, active: ActiveValues) =>
          near ? `Within ${(active.radiusMiles as number | undefined) ?? DEFAULT_RADIUS_MILES} miles of ${near}` : undefined,
        alsoClears: ['radiusMiles'],
      },
      title: { phrase: (v: string) => `near ${v}`, isPlace: true },
      seo: 'noindex',
    },
  }),
  radiusMiles: param({
    api: { kind: 'number', min: 0.1, max: MAX_RADIUS_MILES },
    page: {
      order: 80,
      read: (raw: string) => readLenientNumber(raw, 0.1, MAX_RADIUS_MILES),
      // The radii the filter form offers, and a search with no results widens to.
      options: [5, 10, 25, 50, 100].map((value) => ({ value, label: `${value} miles` })),
      chip: false,
    },
  }),
  sort: param({
    api: { kind: 'enum', values: SORTS },
    page: {
      order: 90,
      read: (raw: string): Sort | undefined => SORTS.find((sort) => sort === raw),
      options: SORTS.map((value) => ({ value, label: SORT_LABELS[value] })),
      chip: false,
    },
  }),
  /** Where the professional works (product rule 39): one who does both is found by either. */
  workMode: enumParam({
    values: SEARCHED_WORK_MODES,
    order: 65,
    labels: { on_site: 'Works on site', remote: 'Works remotely' },
    control: { label: 'On site / remote', anyLabel: 'On site or remotely' },
    titlePhrases: { on_site: 'working on site', remote: 'working remotely' },
  }),
  limit: param({ api: { kind: 'number', min: 1, max: MAX_PAGE_SIZE, isInteger: true } }),
  offset: param({ api: { kind: 'number', min: 0, max: 1_000_000, isInteger: true } }),
  // Issue 34 (product rules 45 and 46). The three checks are the database's flags, kept by
  // triggers from approved credentials in force (docs/decisions/0041-credentials-checked-with-evidence.md).
  /** How many people work in the business (the listing's employee count, in bands). */
  teamSize: enumParam({
    values: TEAM_SIZES,
    order: 66,
    labels: TEAM_SIZE_LABELS,
    control: { label: 'Team size', anyLabel: 'Any team size' },
    titlePhrases: TEAM_SIZE_TITLE_PHRASES,
  }),
  /** Insurance checked by us (professional indemnity or public liability in force). */
  insured: booleanParam({ order: 82, label: 'Insured', chipLabel: 'Insured', titlePhrase: 'with insurance' }),
  /** Cyber Essentials (or Plus) checked by us and in force. */
  cyberEssentials: booleanParam({ order: 84, label: 'Cyber Essentials certified', chipLabel: 'Cyber Essentials', titlePhrase: 'with Cyber Essentials' }),
  /** A company registered at Companies House, checked by us. */
  companyRegistered: booleanParam({ order: 86, label: 'Registered company', chipLabel: 'Registered company', titlePhrase: 'registered as companies' }),
  /** The professional says they are taking on new clients. */
  acceptingNewClients: booleanParam({ order: 88, label: 'Taking on new clients', chipLabel: 'Taking on new clients', titlePhrase: 'taking on new clients' }),
};

export type ParamTable = Readonly<Record<string, DirectoryParam>>;

/** The names of a table's page parameters (those in the page's address). */
export type PageKey<T> = { [K in keyof T]: T[K] extends { page: object } ? K : never }[keyof T] & string;

/** The value type a page parameter holds in the filters. */
export type FilterValue<P> = P extends { page: { read(raw: string): infer R } } ? Exclude<R, undefined> : never;

type KeysWithNoFilter<T> = { [K in PageKey<T>]: T[K] extends { page: { noFilter: unknown } } ? K : never }[PageKey<T>];

type Flatten<T> = { [K in keyof T]: T[K] };

/** The page's filters: filters with a "no filter" value always hold one, the others are left out when off. */
export type FiltersOf<T> = Flatten<
  { [K in KeysWithNoFilter<T>]: FilterValue<T[K]> } & { [K in Exclude<PageKey<T>, KeysWithNoFilter<T>>]?: FilterValue<T[K]> }
>;

/** The value the API's check gives for a parameter. */
export type CheckedValue<P> = P extends { api: { kind: 'number' } }
  ? number
  : P extends { api: { kind: 'enum'; values: readonly (infer V)[] } }
    ? V
    : P extends { api: { kind: 'boolean' } }
      ? true
      : P extends { api: { check(value: string): infer R } }
        ? Exclude<R, undefined | Refusal>
        : never;

type EnumKey<T> = { [K in keyof T]: T[K] extends { api: { kind: 'enum' } } ? K : never }[keyof T];

/** A query as the API checked it: every parameter, undefined for "no filter" (an enum's key may be absent). */
export type CheckedQueryOf<T> = Flatten<
  { [K in Exclude<keyof T, EnumKey<T>>]: CheckedValue<T[K]> | undefined } & { [K in EnumKey<T>]?: CheckedValue<T[K]> | undefined }
>;

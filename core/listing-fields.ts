// A listing's choice fields (one of a few values, or yes/no), each defined once: its name, the
// label of its control, its options with their labels, its default, its message for a value
// that is not an option, and how a list of facts (the admin's view of an application, a profile)
// names and says it. Zod-free, so the profile page and the admin page read it without zod; the
// inputs are built from it in core/listing-field-input.ts.
//
// A field of LISTING_FIELDS goes everywhere by itself: the application's input and form on /apply,
// the application's column, the copy into the listing at a paid checkout or an approval
// (prisma/listing-fields.ts), the admin's view of an application and the demo and bench seeds (a
// value from its options: scripts/db/seed/listing-field-seeds.ts); and, when `isPublic`, the
// listing editor's input and form on My Profile and the profile page. So a new one is its
// definition here, its columns in prisma/schema.prisma (on applications and professionals, named
// as the field in snake_case: a nullable text column for an enum, not a Prisma enum, so raw SQL
// and the seeds need no cast; a boolean with its default) and their migration. A public one is
// also sent by the directory API: ProfessionalListItem carries the public fields (core/directory.ts),
// so the compiler asks for it in the API's columns (PUBLIC_PROFESSIONAL_FIELDS, read by
// api/src/domain/directory/professional-row.ts). scripts/db/seed/new-listing-field.test.tsx shows
// a test-only field going through all of it.
//
// The rate's own two (RATE_TYPE_FIELD, PROJECT_BASED_FIELD) use the same definitions for their
// input and controls, but go with the rate (components/forms/rate-fields.tsx, core/hourly-rate.ts),
// so they are not in LISTING_FIELDS.
import { WORK_MODES, type WorkMode } from './work-mode';
import { DEFAULT_TRAVEL_MILES, TRAVEL_MILES, type TravelMiles } from './quotes-limits';

export interface ChoiceOption<V extends string> {
  value: V;
  /** The option's text in the form's select. */
  label: string;
}

interface ChoiceBase<N extends string> {
  name: N;
  /** The control's label ('Business type'); /apply adds ' (optional)' to an enum's. */
  label: string;
  /** A line under the control, if any. */
  hint?: string;
}

/** One of `options`, or none (null). */
export interface EnumChoice<N extends string = string, V extends string = string> extends ChoiceBase<N> {
  kind: 'enum';
  options: readonly ChoiceOption<V>[];
  /** The message for a value that is not one of the options (the API's 422, beside the control). */
  message: string;
  /** Chosen in a new application's form; null: the empty choice. */
  default: V | null;
}

/** Yes or no: a checkbox. */
export interface BooleanChoice<N extends string = string> extends ChoiceBase<N> {
  kind: 'boolean';
  default: boolean;
}

export type Choice = EnumChoice | BooleanChoice;

/** Where a listing field shows, and what a list of facts says for it. */
interface Shown<V extends string> {
  /** Its name in a list of facts: the admin's view of an application, the profile ('Works'). */
  term: string;
  /**
   * What it says, when not the option's label: for an enum, per value ('On site and remotely');
   * for a boolean, `yes` and `no` ('Yes' and 'No' when not given; null: nothing is said).
   */
  texts?: Partial<Record<V, string | null>>;
  /**
   * Nothing is said while another field of the listing has this value (how far one travels, for a
   * listing that works remotely only); `note` is what the owner's view says instead.
   */
  silentWhen?: { name: string; value: string; note: string };
  /**
   * Shown on the profile (so sent with the listing by the directory API) and edited in My
   * Profile's listing editor; otherwise only the application, the admin's view and the stored
   * listing have it.
   */
  isPublic: boolean;
}

export type EnumListingField<N extends string = string, V extends string = string, P extends boolean = boolean> = EnumChoice<N, V> &
  Shown<V> & { isPublic: P };
export type BooleanListingField<N extends string = string, P extends boolean = boolean> = BooleanChoice<N> & Shown<'yes' | 'no'> & { isPublic: P };
export type ListingField = EnumListingField | BooleanListingField;

export function enumField<const N extends string, const V extends string, const P extends boolean>(
  field: Omit<EnumListingField<N, V, P>, 'kind'>,
): EnumListingField<N, V, P> {
  return { kind: 'enum', ...field };
}

export function booleanField<const N extends string, const P extends boolean>(field: Omit<BooleanListingField<N, P>, 'kind'>): BooleanListingField<N, P> {
  return { kind: 'boolean', ...field };
}

/** Options whose label is the value itself. */
function asOptions<const V extends string>(values: readonly V[]): ChoiceOption<V>[] {
  return values.map((value) => ({ value, label: value }));
}

/** A field's value: one of an enum's options, or a boolean. */
export type ChoiceValue<F> = F extends EnumChoice<string, infer V> ? V : F extends BooleanChoice ? boolean : never;

export const EMPLOYEE_COUNTS = ['1', '2-5', '6-10', '11-25', '26-50', '50+'] as const;
export type EmployeeCount = (typeof EMPLOYEE_COUNTS)[number];

export const BUSINESS_TYPES = ['Sole trader', 'Partnership', 'Limited company', 'Limited liability partnership', 'Charity or non-profit', 'Other'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

export const EMPLOYEE_COUNT_FIELD = enumField({
  name: 'employeeCount',
  label: 'Number of employees',
  term: 'Team size',
  options: asOptions(EMPLOYEE_COUNTS),
  texts: { '1': '1 person', '2-5': '2 to 5 people', '6-10': '6 to 10 people', '11-25': '11 to 25 people', '26-50': '26 to 50 people', '50+': 'More than 50 people' },
  message: 'Choose the number of employees',
  default: null,
  // Buyers ask how big a firm is (issue 34): shown on the profile, filtered by the directory.
  isPublic: true,
});

export const BUSINESS_TYPE_FIELD = enumField({
  name: 'businessType',
  label: 'Business type',
  term: 'Business type',
  options: asOptions(BUSINESS_TYPES),
  message: 'Choose a business type',
  default: null,
  isPublic: false,
});

const WORK_MODE_LABELS: Readonly<Record<WorkMode, string>> = {
  on_site: "On site (at the client's premises)",
  remote: 'Remotely',
  both: 'On site and remotely',
};

/** Where the professional works (product rule 39); the directory filters on it (core/directory-params.ts). */
export const WORK_MODE_FIELD = enumField({
  name: 'workMode',
  label: 'Where you work',
  term: 'Works',
  options: WORK_MODES.map((value) => ({ value, label: WORK_MODE_LABELS[value] })),
  texts: { on_site: 'On site', remote: 'Remotely', both: 'On site and remotely' },
  message: 'Choose where you work',
  default: 'both',
  isPublic: true,
});

/**
 * How far the professional travels for on-site work, in miles from their stored point (product
 * rule 40): who receives a request for quotes. Kept as text like the other choices; not given
 * reads as DEFAULT_TRAVEL_MILES (core/quotes-limits.ts).
 */
export const TRAVEL_MILES_FIELD = enumField({
  name: 'travelMiles',
  label: 'How far you travel for on-site work',
  hint: 'Requests for quotes from buyers within this distance of your postcode reach you.',
  term: 'Travels up to',
  options: TRAVEL_MILES.map((value) => ({ value, label: `${value} miles` })),
  message: 'Choose how far you travel',
  default: String(DEFAULT_TRAVEL_MILES) as TravelMiles,
  silentWhen: { name: 'workMode', value: 'remote', note: 'Not shown: you work remotely only' },
  isPublic: true,
});

/** Whether the professional is taking on new clients (issue 34): a profile says so, the directory filters on it. */
export const ACCEPTING_NEW_CLIENTS_FIELD = booleanField({
  name: 'acceptingNewClients',
  label: 'Taking on new clients',
  hint: 'Untick while you are too busy for new work: your listing stays live and says so.',
  term: 'New clients',
  texts: { yes: 'Taking on new clients', no: 'Not taking on new clients at the moment' },
  default: true,
  isPublic: true,
});

/** The listing's choice fields an application gives, in the order /apply asks them. */
export const LISTING_FIELDS = [EMPLOYEE_COUNT_FIELD, BUSINESS_TYPE_FIELD, WORK_MODE_FIELD, TRAVEL_MILES_FIELD, ACCEPTING_NEW_CLIENTS_FIELD] as const;
export type ListingFields = typeof LISTING_FIELDS;

type PublicOf<F extends readonly ListingField[]> = Extract<F[number], { isPublic: true }>;

/** The ones a profile shows and My Profile edits. */
export function publicFieldsOf<const F extends readonly ListingField[]>(fields: F): PublicOf<F>[] {
  return fields.filter((field): field is PublicOf<F> => field.isPublic);
}
export const PUBLIC_LISTING_FIELDS = publicFieldsOf(LISTING_FIELDS);
export type PublicListingField = (typeof PUBLIC_LISTING_FIELDS)[number];

/** Each field's value: an enum's option or null (not given), a boolean. */
export type ListingFieldValues<F extends readonly Choice[] = ListingFields> = {
  [D in F[number] as D['name']]: D extends EnumChoice ? ChoiceValue<D> | null : ChoiceValue<D>;
};

/**
 * The public fields as a listing's answers carry them: as stored (the directory's rows are read
 * without checking them), so readers take them through readListingFields.
 */
export type StoredPublicListingFields = {
  [D in PublicListingField as D['name']]: D extends EnumChoice ? string | null : boolean;
};

/** The fields' values from `source` (a row, an input, an answer): a value that is not an option reads as none, a missing boolean as its default. */
export function readListingFields<const F extends readonly Choice[]>(source: object, fields: F): ListingFieldValues<F> {
  const record = source as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field.name, readChoice(field, record[field.name])])) as ListingFieldValues<F>;
}

function readChoice(field: Choice, value: unknown): string | boolean | null {
  if (field.kind === 'boolean') return typeof value === 'boolean' ? value : field.default;
  return field.options.some((option) => option.value === value) ? (value as string) : null;
}

export interface ListingFact {
  name: string;
  term: string;
  /** Null: nothing to say (no value given, or silenced). */
  text: string | null;
  /** Said nothing because of another field (`silentWhen`): what the owner's view says instead. */
  silencedNote?: string;
}

/** What a list of facts says for each of `fields` of `listing` (a row, an application, a profile), in their order. */
export function listingFacts(fields: readonly ListingField[], listing: object): ListingFact[] {
  const record = listing as Record<string, unknown>;
  return fields.map((field) =>
    field.silentWhen && record[field.silentWhen.name] === field.silentWhen.value
      ? { name: field.name, term: field.term, text: null, silencedNote: field.silentWhen.note }
      : { name: field.name, term: field.term, text: describeListingField(field, record[field.name]) },
  );
}

/** What a list of facts says for a field's value ('2-5', 'On site and remotely'), or null to say nothing. */
function describeListingField(field: ListingField, value: unknown): string | null {
  const read = readChoice(field, value);
  if (field.kind === 'boolean') {
    const texts: Partial<Record<'yes' | 'no', string | null>> = field.texts ?? {};
    return read ? (texts.yes === undefined ? 'Yes' : texts.yes) : texts.no === undefined ? 'No' : texts.no;
  }
  if (read === null) return null;
  const own = (field.texts as Partial<Record<string, string | null>> | undefined)?.[read as string];
  return own !== undefined ? own : (field.options.find((option) => option.value === read)?.label ?? null);
}

/** The rate's unit (product rule 16); not in LISTING_FIELDS: it goes with the rate. */
export const RATE_TYPE_FIELD = {
  kind: 'enum',
  name: 'rateType',
  label: 'Rate type',
  options: [
    { value: 'hourly', label: 'Per hour' },
    { value: 'daily', label: 'Per day' },
  ],
  message: 'Rate type is hourly or daily',
  default: 'hourly',
} as const satisfies EnumChoice<'rateType', 'hourly' | 'daily'>;
export type RateType = ChoiceValue<typeof RATE_TYPE_FIELD>;

/** Project based: no hourly or daily rate (spec section 5); not in LISTING_FIELDS: it clears the rate. */
export const PROJECT_BASED_FIELD = {
  kind: 'boolean',
  name: 'isProjectBased',
  label: 'Project based',
  hint: 'You quote per project, with no hourly or daily rate.',
  default: false,
} as const satisfies BooleanChoice<'isProjectBased'>;

// A professional's row as the directory index reads it, and the IndexedListing made from it
// (decision 0019): the public columns (professional-row.ts, for the listing's JSON), the columns
// the orders and filters need, and any column a filter of the table names (filters.ts
// `columns`), which is copied onto the listing under its field name as PostgreSQL gives it. So a
// new enum filter's column is read by naming it in its entry, with no change here.
import { createHash } from 'node:crypto';
import { PUBLIC_COORDINATE_DECIMALS, PUBLIC_PROFESSIONAL_FIELDS } from '../../../../core/directory';
import { Prisma } from '../../../../prisma/db';
import type { Lexicon } from './bound-text';
import { LISTED } from './directory-sql';
import type { DirectoryFilter } from './filters';
import { serviceMaskOf, type IndexedListing } from './indexed-listing';
import { LIST_ITEM_COLUMNS, toListItem, type ProfessionalRow } from './professional-row';

export interface IndexRow extends ProfessionalRow {
  hourlyRatePence: number | null;
  ratingTenths: number;
  vectorText: string;
  listed: boolean;
}

const PUBLIC_FIELDS: ReadonlySet<string> = new Set(PUBLIC_PROFESSIONAL_FIELDS);

/** The columns the filters of `filters` name (field → SQL), each once. */
function filterColumns(filters: readonly DirectoryFilter[]): [string, string][] {
  const columns = new Map<string, string>();
  for (const filter of filters) for (const [field, sql] of Object.entries(filter.columns ?? {})) columns.set(field, sql);
  return [...columns];
}

/** How the index reads rows: turns them into listings, with the SELECT list they come from. */
export class IndexRows {
  /** The SELECT list over `professionals p` (an IndexRow, and the filters' own columns). */
  readonly columns: Prisma.Sql;
  /** The filters' own fields, copied onto the listing. */
  private readonly fields: readonly string[];

  constructor(
    filters: readonly DirectoryFilter[],
    private readonly lexicon: Lexicon,
  ) {
    const own = filterColumns(filters);
    this.fields = own.map(([field]) => field);
    const extra = Prisma.raw(own.map(([field, sql]) => `, ${sql} AS "${field}"`).join(''));
    this.columns = Prisma.sql`${LIST_ITEM_COLUMNS}, p.hourly_rate_pence AS "hourlyRatePence",
      (p.rating * 10)::int AS "ratingTenths", p.search_vector::text AS "vectorText", (${LISTED}) AS "listed"${extra}`;
  }

  /** The listing for a row; `before` (the same professional's listing until now) lends its parsed text when the words are the same. */
  toListing(row: IndexRow, before: IndexedListing | undefined): IndexedListing {
    const { hourlyRatePence, ratingTenths, vectorText, listed: _listed, ...rest } = row;
    const own: Record<string, unknown> = {};
    for (const field of this.fields) {
      own[field] = (rest as Record<string, unknown>)[field];
      if (!PUBLIC_FIELDS.has(field)) delete (rest as Record<string, unknown>)[field];
    }
    const textDigest = createHash('sha1').update(vectorText).digest('base64');
    const listing: IndexedListing = {
      id: row.id,
      serviceMask: serviceMaskOf(row.services),
      region: row.region,
      lat: row.lat ?? NaN,
      lng: row.lng ?? NaN,
      ratingTenths,
      reviewCount: row.reviewCount,
      hourlyPence: hourlyRatePence ?? -1,
      projectBased: row.isProjectBased,
      createdMs: new Date(row.createdAt).getTime(),
      companyName: row.companyName,
      textDigest,
      text: before?.textDigest === textDigest ? before.text : this.lexicon.document(vectorText),
      json: JSON.stringify(toListItem(rest)),
      point: row.lat === null || row.lng === null ? null : mapPoint(row.id, row.lat, row.lng, row.companyName),
    };
    return this.fields.length === 0 ? listing : Object.assign(listing, own);
  }
}

const COORDINATE_FACTOR = 10 ** PUBLIC_COORDINATE_DECIMALS;

/** IndexedListing.point: mapPointsJson's point, plain and named, with coordinates rounded as it rounds them. */
function mapPoint(id: number, lat: number, lng: number, companyName: string): { plain: string; named: string } {
  const open = `[${id},${float8Text(rint(lat * COORDINATE_FACTOR) / COORDINATE_FACTOR)},${float8Text(rint(lng * COORDINATE_FACTOR) / COORDINATE_FACTOR)}`;
  return { plain: flat(`${open}]`), named: flat(`${open},${JSON.stringify(companyName)}]`) };
}

/**
 * The same text as one flat string: a template literal is a tree of pieces, which every join of a
 * map answer would walk again (a map of the whole UK joins every listing's point); flat once here,
 * a map answer joins plain strings (figures in decision 0032).
 */
function flat(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** PostgreSQL's round(float8): rint, halves to even. */
function rint(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** A float8 as PostgreSQL prints it in text concatenation (shortest form, and "-0"). */
function float8Text(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

// Where a page of a search sits in the search's order (decision 0026), for the answer cache: what
// a change of a listing the search includes must touch to alter the page, and what it does to the
// page when it does not (nothing, or the total alone). The orders over listings are the index's
// (listing-columns.ts; distance and relevance here), each ending on the id.
import type { Sort } from '../../../../core/directory';
import type { BoundText } from './bound-text';
import { distanceMiles, type Circle } from './circle';
import type { IndexedListing } from './indexed-listing';
import { bestRatedListing, cheapestListing, newestListing, type ListingCompare } from './listing-columns';
import { tsRank } from './text-search';

/**
 * Where a page of a search sits in the search's order: what a change of a listing the search
 * includes before and after must touch to alter the page (the answer cache keeps the page when
 * a new rating moves a listing around far below it, or above an offset page, say).
 */
export interface PagePlace {
  /** The listings on the page. */
  ids: ReadonlySet<number>;
  /** Its first and last listing; null for an empty page (an offset past every match). */
  ends: { first: IndexedListing; last: IndexedListing } | null;
  /** The search's order: < 0 when a comes first, > 0 when b does, 0 when it cannot tell for sure. */
  compare: ListingCompare;
  /** Whether it holds as many listings as it could (its limit): one arriving after its last is on a later page. */
  full: boolean;
}

/** The place of a page holding `listings` (in order) of a search in the order `compare`, asked for `limit` of them. */
export function placeOfPage(listings: readonly IndexedListing[], compare: ListingCompare, limit: number): PagePlace {
  return {
    ids: new Set(listings.map((listing) => listing.id)),
    ends: listings.length > 0 ? { first: listings[0]!, last: listings[listings.length - 1]! } : null,
    compare,
    full: listings.length === limit,
  };
}

/**
 * Whether a change of a listing that matches the search before and after (so the total stays)
 * alters the page: it is on it, or it moves across one of its ends.
 */
export function changesPage(place: PagePlace, before: IndexedListing, after: IndexedListing): boolean {
  if (place.ids.has(before.id)) return true;
  const ends = place.ends;
  if (!ends) return false;
  const side = (l: IndexedListing) => (place.compare(l, ends.first) < 0 ? -1 : place.compare(l, ends.last) > 0 ? 1 : 0);
  const was = side(before);
  return was === 0 || side(after) !== was;
}

/**
 * What a change of one listing does to a page of a search, given the listing as the search
 * matched it before (undefined: it did not) and after: nothing (0), the search's total alone (+1:
 * it arrives after the last of a full page; -1: it leaves from after the page's last), or the page
 * itself (null). A listing arriving or leaving after a page, in its order, leaves the page as it
 * was: the answer cache then counts it in the total it keeps instead of forgetting the page.
 */
export function pageChange(place: PagePlace, before: IndexedListing | undefined, after: IndexedListing | undefined): 0 | 1 | -1 | null {
  if (before && after) return changesPage(place, before, after) ? null : 0;
  const ends = place.ends;
  if (after) return ends && place.full && place.compare(after, ends.last) > 0 ? 1 : null;
  if (before) return ends && !place.ids.has(before.id) && place.compare(before, ends.last) > 0 ? -1 : null;
  return 0;
}

/** A text's relevance order over listings (ts_rank DESC, then best rated); 0 for equal ranks at float32 precision (RankedOrder keeps that). */
export function byRelevance(text: BoundText): ListingCompare {
  const rank = (l: IndexedListing) => Math.fround(tsRank(l.text, text.query, text.operandLexemes));
  return (a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return ra === rb ? 0 : rb - ra;
  };
}

/** Nearest first from the circle's centre, then id (the distance order); no position comes last (SQL's NULLS LAST). */
export function byDistanceFrom(near: Circle): ListingCompare {
  const miles = (l: IndexedListing) => {
    const d = distanceMiles(near.point, l.lat, l.lng);
    return Number.isNaN(d) ? Infinity : d;
  };
  // Infinity − Infinity is NaN, which || passes over to the id.
  return (a, b) => miles(a) - miles(b) || a.id - b.id;
}

/**
 * A search's order over listings (directory-sql.ts orderBySql's): relevance needs its text and
 * distance its circle, else best rated.
 */
export function searchOrder(sort: Sort, text: BoundText | null, near: Circle | null): ListingCompare {
  switch (sort) {
    case 'relevance':
      return text ? byRelevance(text) : bestRatedListing;
    case 'distance':
      return near ? byDistanceFrom(near) : bestRatedListing;
    case 'price':
      return cheapestListing;
    case 'newest':
      return newestListing;
    case 'rating':
      return bestRatedListing;
  }
}

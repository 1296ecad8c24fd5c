// schema.org objects the page heads carry besides a profile's own ProfessionalService
// (professional-json-ld.ts): a BreadcrumbList for where a page sits, and an ItemList of the
// businesses a service-and-place page lists. Each is a whole JSON-LD document (its own @context),
// written as its own <script type="application/ld+json"> block (page-meta.ts). What Google's rich
// results require of them (json-ld.test.ts checks it, with every type and property against
// schema.org): a BreadcrumbList's itemListElement each with position, name and item; an ItemList's
// each with position and url (or item). Pure: no I/O.
import type { ProfessionalListItem } from '../../../../core/directory';
import { profilePath } from './live-professional';

export type JsonLd = Record<string, unknown>;

export interface Crumb {
  name: string;
  /** Absolute URL of the page. */
  url: string;
}

/** Home → … → the page itself, in that order; positions count from 1. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
  };
}

/**
 * The businesses of a page, in the page's order: each a ListItem with its profile's url and the
 * business itself (name, url, and its rating only when it has published reviews: an empty rating
 * is an error to search engines).
 */
export function professionalItemListJsonLd({ origin, name, url, professionals }: { origin: string; name: string; url: string; professionals: readonly ProfessionalListItem[] }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    url,
    numberOfItems: professionals.length,
    itemListElement: professionals.map((p, i) => {
      const profileUrl = `${origin}${profilePath(p.slug)}`;
      return {
        '@type': 'ListItem',
        position: i + 1,
        url: profileUrl,
        item: {
          '@type': 'ProfessionalService',
          '@id': profileUrl,
          name: p.companyName,
          url: profileUrl,
          ...(p.reviewCount > 0
            ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: p.rating, reviewCount: p.reviewCount, bestRating: 5, worstRating: 1 } }
            : {}),
        },
      };
    }),
  };
}

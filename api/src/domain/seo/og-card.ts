// What a preview image (Open Graph, decision 0040) shows, as data: one card per live profile and
// per service-and-place page, made from the same answers the pages are. The card is exactly what
// is drawn, so its hash (with OG_DRAWING_VERSION) names the image: the page head links
// /og/…png?v=<hash>, and a new review, rating, logo or listing makes a new card, a new hash, a new
// URL that previews fetch afresh. Pure: no I/O, no drawing (og-image.ts draws).
import { createHash } from 'node:crypto';
import type { ProfessionalListItem } from '../../../../core/directory';
import { countOf } from '../../../../core/counts';
import { servicePlaceHeading, type ServicePlaceSummary } from '../../../../core/service-places';
import { SITE_NAME } from '../../../../core/pages';
import { profilePath } from './live-professional';

/** Change this whenever og-image.ts draws differently: every image gets a new address. */
export const OG_DRAWING_VERSION = 1;
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

export interface ProfileOgCard {
  kind: 'profile';
  name: string;
  /** Its place (core/locations), as the directory files it. */
  place: string;
  /** 0 to 5, one decimal; drawn only with reviews. */
  rating: number;
  reviewCount: number;
  /** The logo's media key (content-hashed, core/media.ts): a new logo is a new key. */
  logoKey: string | null;
}

export interface ServicePlaceOgCard {
  kind: 'servicePlace';
  /** 'Web Design in Leeds'. */
  heading: string;
  count: number;
  averageRating: number | null;
  reviewCount: number;
}

export type OgCard = ProfileOgCard | ServicePlaceOgCard;

export function profileOgCard(p: Pick<ProfessionalListItem, 'companyName' | 'region' | 'rating' | 'reviewCount' | 'media'>): ProfileOgCard {
  return { kind: 'profile', name: p.companyName, place: p.region, rating: p.rating, reviewCount: p.reviewCount, logoKey: p.media.logo?.key ?? null };
}

export function servicePlaceOgCard(s: Pick<ServicePlaceSummary, 'service' | 'place' | 'count' | 'averageRating' | 'reviewCount'>): ServicePlaceOgCard {
  return { kind: 'servicePlace', heading: servicePlaceHeading(s.service, s.place.name), count: s.count, averageRating: s.averageRating, reviewCount: s.reviewCount };
}

/** The image's version: 16 hex digits of the SHA-256 of the drawing's version and the card. */
export function ogCardVersion(card: OgCard): string {
  return createHash('sha256').update(JSON.stringify([OG_DRAWING_VERSION, card])).digest('hex').slice(0, 16);
}

/** '/og/professionals/acme-web.png': a stable address; the head adds ?v=. */
export function profileOgPath(slug: string): string {
  return `/og${profilePath(slug)}.png`;
}

/** '/og/web-design/leeds.png', from the page's own path. */
export function servicePlaceOgPath(pagePath: string): string {
  return `/og${pagePath}.png`;
}

/** '4.8 ★ from 23 reviews', '5.0 ★ from 1 review'; null without reviews. */
export function ratingLine(rating: number | null, reviewCount: number): string | null {
  if (reviewCount <= 0 || rating === null) return null;
  return `${rating.toFixed(1)} ★ from ${countOf(reviewCount, 'review', 'reviews')}`;
}

/** 'AW' for 'Acme Web Studio', 'T' for 'techfix': the tile drawn when there is no logo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => [...w.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '')
    .join('')
    .toUpperCase();
}

/** The image's alt text (og:image:alt): the card in one sentence. */
export function ogImageAlt(card: OgCard): string {
  if (card.kind === 'profile') {
    const rating = card.reviewCount > 0 ? `rated ${card.rating.toFixed(1)} out of 5 from ${countOf(card.reviewCount, 'review', 'reviews')}` : 'no reviews yet';
    return `${card.name}, IT services in ${card.place} on ${SITE_NAME}: ${rating}.`;
  }
  const rating =
    card.averageRating !== null && card.reviewCount > 0
      ? `rated ${card.averageRating.toFixed(1)} out of 5 on average from ${countOf(card.reviewCount, 'review', 'reviews')}`
      : 'no reviews yet';
  return `${card.heading}: ${countOf(card.count, 'IT professional', 'IT professionals')} on ${SITE_NAME}, ${rating}.`;
}

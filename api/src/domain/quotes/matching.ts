// Who receives a request for quotes (issue 32; product rule 40): up to five live professionals who
// offer the service and reach the buyer, ranked by fit and then rotated, so the same top-rated
// firms do not receive every request and a new listing gets its share. Nobody pays for position:
// nothing here reads a plan or a payment. Pure, so the rules and the spread are tested over
// generated requests (matching.test.ts); the candidates and their recent load come from the
// database (quote-candidates.ts).
//
// - Reach: on site when the buyer gave a postcode, the professional works on site, and the
//   buyer's point is within the distance they travel (their listing's `travelMiles`, default 25,
//   from their stored point); remotely, from anywhere, when the buyer says the work can be done
//   remotely and the professional works remotely. Both: on site, the closer fit.
// - Fit, 0–1: half how close they are within their own reach (a remote match counts as the edge of
//   it), half their Bayesian rating (core/rating.ts), where a listing without reviews counts as the
//   prior, 4 stars, so a new listing is not ranked last.
// - Rotation: each candidate's load is the requests sent to them in the last 30 days, scaled to a
//   whole window for a listing live for less; they are taken in order of (load + 1) ÷ (1 + fit).
//   With equal loads the best fit comes first; over many requests each receives in proportion to
//   1 + fit, so the best fit receives at most twice what the weakest fit does.
import { haversineMiles } from '../../../../core/geo/distance';
import { weightedRating } from '../../../../core/rating';
import { QUOTE_RECIPIENTS_MAX, type QuoteReach } from '../../../../core/quotes';
import type { WorkMode } from '../../../../core/work-mode';

export { QUOTE_RECIPIENTS_MAX };
/** The window of the load that rotation balances. */
export const LOAD_WINDOW_DAYS = 30;

export interface QuoteCandidate {
  id: number;
  services: readonly string[];
  /** null: not said, read as both. */
  workMode: WorkMode | null;
  lat: number | null;
  lng: number | null;
  travelMiles: number;
  rating: number;
  reviewCount: number;
  /** Requests for quotes sent to them in the last LOAD_WINDOW_DAYS days. */
  recentRequests: number;
  /** Days of the window the listing has been live (1 to LOAD_WINDOW_DAYS). */
  daysLiveInWindow: number;
}

export interface QuoteAsk {
  service: string;
  /** The centre of the buyer's postcode; null when they gave none (remote work only). */
  point: { lat: number; lng: number } | null;
  /** The buyer says the work can be done remotely. */
  remoteOk: boolean;
  /** Already chosen by the buyer (the profile they asked from): never matched again. */
  exclude?: readonly number[];
}

export type MatchReach = QuoteReach;

export interface QuoteMatch {
  id: number;
  reach: MatchReach;
  /** 0–1, as above. */
  fit: number;
}

const worksOnSite = (mode: WorkMode | null) => mode !== 'remote';
const worksRemotely = (mode: WorkMode | null) => mode !== 'on_site';

/** How a candidate reaches the buyer, or null when they do not (or do not offer the service). */
export function reachOf(ask: QuoteAsk, candidate: QuoteCandidate): MatchReach | null {
  if (!candidate.services.includes(ask.service)) return null;
  if (ask.point && worksOnSite(candidate.workMode) && candidate.lat !== null && candidate.lng !== null) {
    const distanceMiles = haversineMiles(ask.point.lat, ask.point.lng, candidate.lat, candidate.lng);
    if (distanceMiles <= candidate.travelMiles) return { kind: 'on_site', distanceMiles, travelMiles: candidate.travelMiles };
  }
  return ask.remoteOk && worksRemotely(candidate.workMode) ? { kind: 'remote' } : null;
}

/** 0–1: half closeness within their reach, half their Bayesian rating. */
export function fitOf(reach: MatchReach, candidate: Pick<QuoteCandidate, 'rating' | 'reviewCount'>): number {
  const closeness = reach.kind === 'on_site' && reach.travelMiles > 0 ? 1 - (0.5 * reach.distanceMiles) / reach.travelMiles : 0.5;
  const quality = Math.min(1, Math.max(0, (weightedRating(candidate.rating, candidate.reviewCount) - 1) / 4));
  return 0.5 * closeness + 0.5 * quality;
}

/** Requests in the window, as if the listing had been live for all of it. */
export function loadOf(candidate: Pick<QuoteCandidate, 'recentRequests' | 'daysLiveInWindow'>): number {
  const days = Math.min(LOAD_WINDOW_DAYS, Math.max(1, candidate.daysLiveInWindow));
  return (candidate.recentRequests * LOAD_WINDOW_DAYS) / days;
}

/** Up to `max` candidates who reach the buyer, best turn first (see above). */
export function matchQuoteRequest(ask: QuoteAsk, candidates: readonly QuoteCandidate[], max = QUOTE_RECIPIENTS_MAX): QuoteMatch[] {
  const excluded = new Set(ask.exclude ?? []);
  const turns: (QuoteMatch & { turn: number })[] = [];
  for (const candidate of candidates) {
    if (excluded.has(candidate.id)) continue;
    const reach = reachOf(ask, candidate);
    if (!reach) continue;
    const fit = fitOf(reach, candidate);
    turns.push({ id: candidate.id, reach, fit, turn: (loadOf(candidate) + 1) / (1 + fit) });
  }
  turns.sort((a, b) => a.turn - b.turn || b.fit - a.fit || a.id - b.id);
  return turns.slice(0, Math.max(0, max)).map(({ id, reach, fit }) => ({ id, reach, fit }));
}

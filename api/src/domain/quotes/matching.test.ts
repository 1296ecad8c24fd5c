// The matching rules and the spread over 1,000 generated requests (issue 32): a world of listings
// around six UK cities, each request matched as the API does, with each listing's load growing as
// it receives requests, and a new listing going live halfway.
import { describe, expect, it } from 'vitest';
import { haversineMiles } from '../../../../core/geo/distance';
import type { WorkMode } from '../../../../core/work-mode';
import { fitOf, LOAD_WINDOW_DAYS, matchQuoteRequest, QUOTE_RECIPIENTS_MAX, reachOf, type QuoteAsk, type QuoteCandidate } from './matching';

/** A small seeded generator (mulberry32), so a failure is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CITIES = [
  { lat: 53.8, lng: -1.55 }, // Leeds
  { lat: 53.48, lng: -2.24 }, // Manchester
  { lat: 51.45, lng: -2.59 }, // Bristol
  { lat: 51.51, lng: -0.13 }, // London
  { lat: 55.86, lng: -4.25 }, // Glasgow
  { lat: 51.48, lng: -3.18 }, // Cardiff
];
const SERVICES = ['Web Design', 'IT Consulting', 'Cybersecurity', 'Data Recovery'];
const MODES: WorkMode[] = ['on_site', 'remote', 'both'];

function world(seed: number, count: number): QuoteCandidate[] {
  const next = random(seed);
  const pick = <T,>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const city = pick(CITIES);
    const reviewCount = next() < 0.3 ? 0 : Math.floor(next() * 120);
    return {
      id: i + 1,
      services: SERVICES.filter(() => next() < 0.5).concat(next() < 0.5 ? [] : [pick(SERVICES)]).filter((s, j, all) => all.indexOf(s) === j),
      workMode: next() < 0.1 ? null : pick(MODES),
      lat: next() < 0.05 ? null : city.lat + (next() - 0.5) * 0.4,
      lng: city.lng + (next() - 0.5) * 0.6,
      travelMiles: pick([10, 25, 25, 50]),
      rating: reviewCount === 0 ? 0 : Math.round((2.5 + next() * 2.5) * 10) / 10,
      reviewCount,
      recentRequests: 0,
      daysLiveInWindow: LOAD_WINDOW_DAYS,
    };
  });
}

function requests(seed: number, count: number): QuoteAsk[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const city = CITIES[Math.floor(next() * CITIES.length)]!;
    const hasPoint = next() < 0.9;
    return {
      service: SERVICES[Math.floor(next() * SERVICES.length)]!,
      point: hasPoint ? { lat: city.lat + (next() - 0.5) * 0.5, lng: city.lng + (next() - 0.5) * 0.7 } : null,
      remoteOk: !hasPoint || next() < 0.4,
    };
  });
}

interface Tally {
  received: number;
  /** Requests they reached. */
  reached: number;
}

/** Every request matched in turn; loads grow as requests are sent. Checks the rules on each. */
function simulate(candidates: QuoteCandidate[], asks: QuoteAsk[], onRequest?: (index: number) => void): Map<number, Tally> {
  const tallies = new Map(candidates.map((c) => [c.id, { received: 0, reached: 0 }]));
  asks.forEach((ask, index) => {
    onRequest?.(index);
    for (const c of candidates) if (!tallies.has(c.id)) tallies.set(c.id, { received: 0, reached: 0 });
    const reaching = candidates.filter((c) => reachOf(ask, c) !== null && !(ask.exclude ?? []).includes(c.id));
    const matches = matchQuoteRequest(ask, candidates);
    // The rules: at most five, no one twice, everyone matched reaches the buyer as stated, and
    // when five or fewer reach the buyer, all of them are matched.
    expect(matches.length).toBe(Math.min(QUOTE_RECIPIENTS_MAX, reaching.length));
    expect(new Set(matches.map((m) => m.id)).size).toBe(matches.length);
    for (const match of matches) {
      const candidate = candidates.find((c) => c.id === match.id)!;
      expect(candidate.services).toContain(ask.service);
      if (match.reach.kind === 'on_site') {
        expect(ask.point).not.toBeNull();
        expect(candidate.workMode).not.toBe('remote');
        expect(haversineMiles(ask.point!.lat, ask.point!.lng, candidate.lat!, candidate.lng!)).toBeLessThanOrEqual(candidate.travelMiles);
      } else {
        expect(ask.remoteOk).toBe(true);
        expect(candidate.workMode).not.toBe('on_site');
      }
      expect(match.fit).toBe(fitOf(match.reach, candidate));
    }
    for (const c of reaching) tallies.get(c.id)!.reached += 1;
    for (const match of matches) {
      tallies.get(match.id)!.received += 1;
      candidates.find((c) => c.id === match.id)!.recentRequests += 1;
    }
  });
  return tallies;
}

describe('matching a request for quotes', () => {
  it('reaches on site within the professional’s own distance, and remotely only when the work allows', () => {
    const leeds = { lat: 53.8, lng: -1.55 };
    const base = { services: ['Web Design'], rating: 4.5, reviewCount: 10, recentRequests: 0, daysLiveInWindow: 30 };
    const near: QuoteCandidate = { ...base, id: 1, workMode: 'on_site', lat: 53.9, lng: -1.55, travelMiles: 10 }; // ~6.9 miles
    const far: QuoteCandidate = { ...base, id: 2, workMode: 'on_site', lat: 54.2, lng: -1.55, travelMiles: 25 }; // ~27.6 miles
    const remote: QuoteCandidate = { ...base, id: 3, workMode: 'remote', lat: 51.5, lng: -0.1, travelMiles: 25 };
    const both: QuoteCandidate = { ...base, id: 4, workMode: 'both', lat: 51.5, lng: -0.1, travelMiles: 25 };
    const otherService: QuoteCandidate = { ...near, id: 5, services: ['Data Recovery'] };
    const onSite = { service: 'Web Design', point: leeds, remoteOk: false };
    expect(matchQuoteRequest(onSite, [near, far, remote, both, otherService]).map((m) => m.id)).toEqual([1]);
    expect(matchQuoteRequest({ ...onSite, remoteOk: true }, [near, far, remote, both, otherService]).map((m) => m.id).sort()).toEqual([1, 3, 4]);
    expect(matchQuoteRequest({ service: 'Web Design', point: null, remoteOk: true }, [near, far, remote, both]).map((m) => m.id).sort()).toEqual([3, 4]);
    expect(matchQuoteRequest({ ...onSite, exclude: [1] }, [near, far])).toEqual([]);
    expect(reachOf(onSite, near)).toMatchObject({ kind: 'on_site', travelMiles: 10 });
  });

  it('puts the best fit first while loads are equal, and the least loaded first once they are not', () => {
    const base = { services: ['Web Design'], workMode: 'both' as const, lat: 53.8, lng: -1.55, travelMiles: 25, recentRequests: 0, daysLiveInWindow: 30 };
    const top: QuoteCandidate = { ...base, id: 1, rating: 4.9, reviewCount: 200 };
    const fresh: QuoteCandidate = { ...base, id: 2, rating: 0, reviewCount: 0 };
    const weak: QuoteCandidate = { ...base, id: 3, rating: 2.5, reviewCount: 40 };
    const ask = { service: 'Web Design', point: { lat: 53.8, lng: -1.55 }, remoteOk: false };
    expect(matchQuoteRequest(ask, [weak, fresh, top], 1)[0]!.id).toBe(1);
    expect(matchQuoteRequest(ask, [weak, fresh, { ...top, recentRequests: 3 }], 1)[0]!.id).toBe(2);
    // A listing live for 3 days with 3 requests is loaded as one with 30 in the whole window.
    expect(matchQuoteRequest(ask, [{ ...fresh, recentRequests: 3, daysLiveInWindow: 3 }, { ...weak, recentRequests: 20 }], 1)[0]!.id).toBe(3);
  });

  it('over 1,000 generated requests keeps the rules and spreads them fairly, a new listing included', () => {
    for (const seed of [1, 2, 3]) {
      const candidates = world(seed, 90);
      const asks = requests(seed + 100, 1000);
      const newcomer: QuoteCandidate = { id: 999, services: [...SERVICES], workMode: 'both', lat: 53.8, lng: -1.55, travelMiles: 25, rating: 0, reviewCount: 0, recentRequests: 0, daysLiveInWindow: 1 };
      const tallies = simulate(candidates, asks, (index) => {
        // 1,000 requests over the 30 days of the window; the newcomer goes live on day 15.
        const day = Math.floor((index * LOAD_WINDOW_DAYS) / asks.length);
        if (index === asks.length / 2) candidates.push(newcomer);
        newcomer.daysLiveInWindow = Math.max(1, day - LOAD_WINDOW_DAYS / 2 + 1);
      });
      // The spread: those who reach many requests receive about as many as each other, the best
      // fit at most twice the weakest (plus a request either way), so the top-rated firms do not
      // receive everything; those who reach few receive most of what they reach.
      const busy = [...tallies].filter(([id, t]) => id !== 999 && t.reached >= 100).map(([, t]) => t.received);
      expect(busy.length).toBeGreaterThan(50);
      expect(Math.max(...busy)).toBeLessThanOrEqual(2 * Math.min(...busy) + 2);
      const typical = [...busy].sort((a, b) => a - b)[Math.floor(busy.length / 2)]!;
      for (const [id, t] of tallies) {
        if (id === 999) continue;
        expect({ id, enough: t.received >= Math.min(t.reached, typical) * 0.5 }).toEqual({ id, enough: true });
      }
      // A new listing live for half the window receives about a typical half-window's share: at
      // least 3/4 of it, and no catching up to a whole window's (its load counts per day live).
      expect(tallies.get(999)!.received).toBeGreaterThanOrEqual(0.75 * typical * 0.5);
      expect(tallies.get(999)!.received).toBeLessThanOrEqual(1.5 * typical * 0.5);
    }
  });
});

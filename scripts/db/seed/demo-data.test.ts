import { describe, expect, it } from 'vitest';
import { findLocation } from '../../../core/locations';
import { isFullPostcode, outcodeOf } from '../../../core/postcode';
import { CATEGORY_TILES, isService } from '../../../core/services';
import { slugify } from '../../../core/slug';
import { buildDemoData, meanRating } from './demo-data';
import { parseOutcodesCsv } from '../../../core/geo/outcode-table';
import { distanceKm, loadOutcodes } from './places';

const outcodes = loadOutcodes();
const byOutcode = new Map(outcodes.map((o) => [o.outcode, o]));
const now = new Date('2026-11-22T12:00:00Z');
const data = buildDemoData({ outcodes, now });

describe('demo data', () => {
  it('is the same on every run for the same day', () => {
    const again = buildDemoData({ outcodes, now: new Date('2026-11-22T23:59:00Z') });
    expect(again.professionals.map((p) => [p.slug, p.postcode, p.rating])).toEqual(data.professionals.map((p) => [p.slug, p.postcode, p.rating]));
  });

  it('has about 60 professionals with unique slugs and e-mails on reserved domains', () => {
    expect(data.professionals.length).toBeGreaterThanOrEqual(55);
    expect(data.professionals.length).toBeLessThanOrEqual(65);
    expect(new Set(data.professionals.map((p) => p.slug)).size).toBe(data.professionals.length);
    expect(new Set(data.professionals.map((p) => p.email)).size).toBe(data.professionals.length);
    for (const p of data.professionals) {
      expect(p.slug).toBe(slugify(p.slug));
      expect(p.email).toMatch(/^[a-z0-9.-]+@[a-z0-9-]+\.example$/);
      if (p.website) expect(p.website).toMatch(/^https:\/\/www\.[a-z0-9-]+\.example$/);
    }
    for (const u of data.users) expect(u.email).toMatch(/@(example\.com|[a-z0-9-]+\.example)$/);
  });

  it('puts every professional in a UK_LOCATIONS place, at a real outcode inside that place', () => {
    for (const p of [...data.professionals, ...data.applications]) {
      const place = findLocation(p.region);
      expect(place, p.region).toBeDefined();
      expect(isFullPostcode(p.postcode), p.postcode).toBe(true);
      const outcode = byOutcode.get(outcodeOf(p.postcode)!);
      expect(outcode, p.postcode).toBeDefined();
      expect(distanceKm(place!, outcode!), `${p.postcode} in ${p.region}`).toBeLessThanOrEqual(place!.radiusKm);
    }
    expect(new Set(data.professionals.map((p) => p.region)).size).toBeGreaterThanOrEqual(25);
  });

  it('uses the nearest everyday outcode for a city’s first professional', () => {
    const london = data.professionals.find((p) => p.region === 'London')!;
    expect(outcodeOf(london.postcode)).toBe('WC2N');
    const manchester = data.professionals.find((p) => p.region === 'Manchester')!;
    expect(outcodeOf(manchester.postcode)).toBe('M2');
  });

  it('offers 1 to 5 real services each and fills every home-page category', () => {
    for (const p of data.professionals) {
      expect(p.services.length).toBeGreaterThanOrEqual(1);
      expect(p.services.length).toBeLessThanOrEqual(5);
      expect(new Set(p.services).size).toBe(p.services.length);
      for (const s of p.services) expect(isService(s), s).toBe(true);
    }
    for (const tile of CATEGORY_TILES) {
      expect(data.professionals.filter((p) => p.services.includes(tile.service)).length, tile.service).toBeGreaterThanOrEqual(2);
    }
  });

  it('has hourly, daily, project-based and unpriced professionals with consistent hourly equivalents', () => {
    const kinds = new Set(data.professionals.map((p) => (p.isProjectBased ? 'project' : (p.rateType ?? 'none'))));
    expect([...kinds].sort()).toEqual(['daily', 'hourly', 'none', 'project']);
    for (const p of data.professionals) {
      if (p.rateType === 'hourly') expect(p.hourlyRatePence).toBe(p.ratePence);
      else if (p.rateType === 'daily') expect(p.hourlyRatePence).toBe(Math.round(p.ratePence! / 8));
      else expect([p.ratePence, p.hourlyRatePence]).toEqual([null, null]);
    }
  });

  it('keeps rating, reviewCount and recommendCount equal to what the reviews say', () => {
    for (const p of data.professionals) {
      const reviews = data.reviews.filter((r) => r.professionalSlug === p.slug);
      expect(p.reviewCount).toBe(reviews.length);
      expect(p.recommendCount).toBe(reviews.filter((r) => r.wouldRecommend).length);
      expect(p.rating).toBe(meanRating(reviews.map((r) => r.rating)));
    }
    expect(data.professionals.filter((p) => p.reviewCount === 0).length).toBeGreaterThanOrEqual(3);
    const ratings = new Set(data.reviews.map((r) => r.rating));
    expect([...ratings].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('spreads reviews as a real directory does: long-tailed counts, J-shaped ratings, averages from 3 to 5', () => {
    const counts = data.professionals.map((p) => p.reviewCount);
    const reviewed = counts.filter((n) => n > 0);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThanOrEqual(6);
    expect(reviewed.filter((n) => n <= 4).length / reviewed.length).toBeGreaterThan(0.75);
    expect(counts.filter((n) => n >= 15 && n <= 40).length).toBeGreaterThanOrEqual(2);
    // The unreviewed ones are the newest listings.
    const newestReviewed = Math.max(...data.professionals.filter((p) => p.reviewCount > 0).map((p) => p.firstPaidAt.getTime()));
    for (const p of data.professionals.filter((x) => x.reviewCount === 0)) expect(p.firstPaidAt.getTime()).toBeGreaterThan(newestReviewed);

    const stars = [1, 2, 3, 4, 5].map((s) => data.reviews.filter((r) => r.rating === s).length / data.reviews.length);
    const [one, two, three, four, five] = stars as [number, number, number, number, number];
    expect(five).toBeGreaterThan(0.5);
    expect(four).toBeGreaterThan(three);
    expect(three).toBeGreaterThan(0.05);
    expect(one + two).toBeGreaterThan(0.02);
    expect(one + two).toBeLessThan(0.12);

    const averages = data.professionals.filter((p) => p.reviewCount > 0).map((p) => Number(p.rating));
    expect(Math.min(...averages)).toBeGreaterThanOrEqual(3);
    expect(Math.min(...averages)).toBeLessThanOrEqual(3.5);
    expect(new Set(averages).size).toBeGreaterThanOrEqual(10);
    // A perfect score from one or two reviews, which the Bayesian 'Highest rated' sort must not put first.
    expect(data.professionals.filter((p) => p.rating === '5.0' && p.reviewCount <= 2).length).toBeGreaterThanOrEqual(3);
  });

  it('has enough reviewers that most write only one or two reviews', () => {
    const perAuthor = new Map<string, number>();
    for (const r of data.reviews) perAuthor.set(r.userEmail, (perAuthor.get(r.userEmail) ?? 0) + 1);
    const authors = [...perAuthor.values()];
    expect(authors.filter((n) => n <= 2).length / authors.length).toBeGreaterThan(0.6);
  });

  it('has at most one review per customer and professional, by customers, after approval', () => {
    const pairs = data.reviews.map((r) => `${r.userEmail}|${r.professionalSlug}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    const users = new Map(data.users.map((u) => [u.email, u]));
    const professionals = new Map(data.professionals.map((p) => [p.slug, p]));
    for (const r of data.reviews) {
      const author = users.get(r.userEmail)!;
      expect(author.role).toBe('customer');
      expect(r.createdAt.getTime()).toBeGreaterThan(professionals.get(r.professionalSlug)!.approvedAt.getTime());
      expect(r.createdAt.getTime()).toBeGreaterThan(author.createdAt.getTime());
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(r.title.length).toBeGreaterThan(0);
      expect(r.comment).not.toMatch(/\{\w+\}/);
    }
  });

  it('has active subscriptions with payments matching the plan and a period that has not ended', () => {
    for (const p of data.professionals) {
      expect(p.currentPeriodEnd.getTime()).toBeGreaterThan(now.getTime() - 24 * 3600 * 1000);
      expect(p.approvedAt.getTime() - p.firstPaidAt.getTime()).toBeLessThanOrEqual(48 * 3600 * 1000);
      const payments = data.payments.filter((x) => x.professionalSlug === p.slug);
      expect(payments.length).toBeGreaterThanOrEqual(1);
      expect(payments[0]!.paidAt).toEqual(p.firstPaidAt);
      for (const x of payments) expect(x.amountPence).toBe(p.subscriptionType === 'monthly' ? 300 : 2800);
    }
    const plans = new Set(data.professionals.map((p) => p.subscriptionType));
    expect([...plans].sort()).toEqual(['monthly', 'yearly']);
  });

  it('has the three demo accounts, a provider linked to a reviewed listing, and two paid applicants', () => {
    expect(data.accounts.admin.role).toBe('admin');
    expect(data.accounts.customer.role).toBe('customer');
    expect(data.accounts.provider.role).toBe('provider');
    const listing = data.professionals.find((p) => p.slug === data.accounts.provider.professionalSlug)!;
    expect(listing.reviewCount).toBeGreaterThanOrEqual(3);
    expect(data.applications.map((a) => [a.region, a.plan])).toEqual([
      ['Bath', 'yearly'],
      ['Swindon', 'monthly'],
    ]);
    for (const application of data.applications) {
      // As a paid checkout leaves it: a provider account with its own unapproved listing and one payment.
      expect(data.users.filter((u) => u.email === application.userEmail)).toEqual([expect.objectContaining({ role: 'provider', professionalSlug: application.listingSlug })]);
      expect(data.professionals.some((p) => p.email === application.email || p.slug === application.listingSlug)).toBe(false);
      const payments = data.payments.filter((x) => x.professionalSlug === application.listingSlug);
      expect(payments).toEqual([expect.objectContaining({ amountPence: application.plan === 'monthly' ? 300 : 2800, paidAt: application.paidAt, periodEnd: application.currentPeriodEnd })]);
      // Inside the promised 48 hours of review.
      expect(now.getTime() - application.paidAt.getTime()).toBeLessThan(48 * 3600 * 1000);
    }
  });
});

describe('meanRating', () => {
  it('is the true mean rounded half up to one decimal', () => {
    expect(meanRating([])).toBe('0.0');
    expect(meanRating([5, 4, 4])).toBe('4.3');
    expect(meanRating([4, 5])).toBe('4.5');
    expect(meanRating([1, 2])).toBe('1.5');
    // 87 / 20 = 4.35 exactly, which PostgreSQL's round(avg(rating), 1) makes 4.4.
    expect(meanRating([...Array<number>(7).fill(5), ...Array<number>(13).fill(4)])).toBe('4.4');
    expect(meanRating([...Array<number>(5).fill(5), ...Array<number>(15).fill(4)])).toBe('4.3');
  });
});

describe('the outcode table the seed reads (core/geo)', () => {
  it('reads quoted town names with commas', () => {
    const rows = [...parseOutcodesCsv('outcode,lat,lng,town,region\nBH1,50.7222,-1.8650,"Bournemouth, Christchurch and Poole",South West\n').values()];
    expect(rows).toEqual([{ outcode: 'BH1', lat: 50.7222, lng: -1.865, town: 'Bournemouth, Christchurch and Poole', region: 'South West' }]);
  });
});

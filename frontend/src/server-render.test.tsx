import { describe, expect, it } from 'vitest';
import type { FirstScreenAnswer } from '../../core/first-screen';
import type { ReviewItem } from '../../core/directory';
import type { ReviewSummary } from '../../core/reviews';
import type { ServicePlaceSummary } from '../../core/service-places';
import { renderFirstScreen } from './server-render';
import { makeProfessional } from './testing/professional';

const professional = makeProfessional({
  slug: 'irwell-web-studio',
  companyName: 'Irwell Web Studio',
  services: ['Web Design'],
  location: 'Manchester',
  reviewCount: 1,
});
const review: ReviewItem = {
  id: 3,
  professionalId: 7,
  rating: 5,
  title: 'A site that sells',
  comment: 'Quick and clear.',
  createdAt: '2025-02-01T00:00:00Z',
  projectType: null,
  wouldRecommend: true,
  isVerified: true,
  foundThroughQuote: false,
  authorName: 'Sam T.',
  editedAt: null,
  reply: null,
  repliedAt: null,
};
const summary: ReviewSummary = {
  professionalId: 7,
  reviewCount: 1,
  averageRating: 5,
  breakdown: [5, 4, 3, 2, 1].map((stars) => ({ stars: stars as 1 | 2 | 3 | 4 | 5, count: stars === 5 ? 1 : 0 })),
  recommendCount: 1,
};

/** The API as the entry sees it: answers by path, and which paths were asked for. */
function fakeApi(answers: Record<string, FirstScreenAnswer | null>) {
  const asked: string[] = [];
  const load = (path: string) => {
    asked.push(path);
    if (!(path in answers)) return Promise.reject(new Error(`unexpected ${path}`));
    return Promise.resolve(answers[path] ?? null);
  };
  return { asked, load };
}

const DIRECTORY_KEY = '/api/professionals?service=Web+Design&location=Manchester&sort=rating&limit=24&offset=0';

// The API renders these pages in Node per request: their first render must not touch browser-only
// APIs, must show the data it was given, and must hand back exactly the SWR entries it used.
describe('renderFirstScreen', () => {
  it('renders the filtered directory with its first page, under the keys the data hook reads', async () => {
    const { asked, load } = fakeApi({ [DIRECTORY_KEY]: { body: [professional], total: 1 } });
    const screen = await renderFirstScreen({ pathname: '/professionals', search: '?service=Web%20Design&location=Manchester', load });
    expect(asked).toEqual([DIRECTORY_KEY]);
    expect(screen?.html).toContain('Irwell Web Studio');
    expect(screen?.html).toContain('1 professional');
    expect(screen?.html).not.toContain('Loading professionals');
    expect(screen?.data).toEqual({ [`$inf$${DIRECTORY_KEY}`]: [{ items: [professional], total: 1 }], [DIRECTORY_KEY]: { items: [professional], total: 1 } });
  });

  it("renders a directory searched by one service with that service's places", async () => {
    const key = '/api/professionals?service=Web+Design&sort=rating&limit=24&offset=0';
    const placesKey = '/api/service-places/web-design';
    const places = { service: 'Web Design', places: [{ name: 'Manchester', path: '/web-design/manchester', count: 1 }] };
    const { asked, load } = fakeApi({ [key]: { body: [professional], total: 1 }, [placesKey]: { body: places } });
    const screen = await renderFirstScreen({ pathname: '/professionals', search: '?service=Web%20Design', load });
    expect(asked.sort()).toEqual([key, placesKey].sort());
    expect(screen?.html).toMatch(/Web Design(<!-- -->)? by place<\/h2>/);
    expect(screen?.html).toContain('href="/web-design/manchester"');
    expect(screen?.data[placesKey]).toEqual(places);
  });

  it('renders a profile with its reviews and rating breakdown', async () => {
    const reviewsKey = '/api/reviews?professionalId=7&sort=newest&limit=20&offset=0';
    const { load } = fakeApi({
      '/api/professionals/slug/irwell-web-studio': { body: professional },
      [reviewsKey]: { body: [review], total: 1 },
      '/api/reviews/summary?professionalId=7': { body: summary },
    });
    const screen = await renderFirstScreen({ pathname: '/professionals/irwell-web-studio', search: '', load });
    expect(screen?.html).toContain('<h1');
    expect(screen?.html).toContain('Irwell Web Studio');
    expect(screen?.html).toContain('A site that sells');
    expect(Object.keys(screen?.data ?? {}).sort()).toEqual(
      ['/api/professionals/slug/irwell-web-studio', `$inf$${reviewsKey}`, reviewsKey, '/api/reviews/summary?professionalId=7'].sort(),
    );
  });

  it('renders a visitor without a session as signed out, with that answer among its data', async () => {
    const reviewsKey = '/api/reviews?professionalId=7&sort=newest&limit=20&offset=0';
    const answers = {
      '/api/professionals/slug/irwell-web-studio': { body: professional },
      [reviewsKey]: { body: [review], total: 1 },
      '/api/reviews/summary?professionalId=7': { body: summary },
    };
    const unknown = await renderFirstScreen({ pathname: '/professionals/irwell-web-studio', search: '', load: fakeApi(answers).load });
    expect(unknown?.html).toContain('Loading…');
    expect(unknown?.data).not.toHaveProperty(['/api/auth/me']);
    const signedOut = await renderFirstScreen({ pathname: '/professionals/irwell-web-studio', search: '', load: fakeApi(answers).load, isSignedOut: true });
    expect(signedOut?.html).not.toContain('Loading…');
    expect(signedOut?.html).toContain('Create one for free');
    expect(signedOut?.data['/api/auth/me']).toBeNull();
  });

  it('renders a service-and-place page with its facts and the listings of its search', async () => {
    const summaryKey = '/api/service-places/web-design/manchester';
    const facts: ServicePlaceSummary = {
      service: 'Web Design',
      place: { name: 'Manchester', kind: 'city' },
      path: '/web-design/manchester',
      count: 1,
      averageRating: 5,
      reviewCount: 1,
      hourlyRange: null,
      projectBased: 1,
      nearby: [{ name: 'Salford', path: '/web-design/salford', count: 2 }],
      related: [],
      indexable: false,
      checks: [{ filter: 'insured', count: 1 }],
    };
    const { asked, load } = fakeApi({ [summaryKey]: { body: facts }, [DIRECTORY_KEY]: { body: [professional], total: 1 } });
    const screen = await renderFirstScreen({ pathname: '/web-design/manchester', search: '', load });
    expect(asked).toEqual([summaryKey, DIRECTORY_KEY]);
    expect(screen?.html).toContain('Web Design in Manchester</h1>');
    expect(screen?.html).toContain('Irwell Web Studio');
    expect(screen?.html).toContain('href="/web-design/salford"');
    // Issue 34: a counted link to the directory filtered that way.
    expect(screen?.html).toMatch(/href="\/professionals\?service=Web(%20|\+)Design&amp;location=Manchester&amp;insured=true"/);
    expect(screen?.html).not.toContain('Loading professionals');
    expect(Object.keys(screen?.data ?? {}).sort()).toEqual([`$inf$${DIRECTORY_KEY}`, DIRECTORY_KEY, summaryKey].sort());
  });

  it('leaves other pages, id addresses, unknown professionals and empty service-and-places to the SPA', async () => {
    const { asked, load } = fakeApi({ '/api/professionals/slug/gone': null, '/api/service-places/web-design/leeds': null });
    expect(await renderFirstScreen({ pathname: '/about', search: '', load })).toBeNull();
    expect(await renderFirstScreen({ pathname: '/professionals/42', search: '', load })).toBeNull();
    expect(await renderFirstScreen({ pathname: '/professionals/gone', search: '', load })).toBeNull();
    expect(await renderFirstScreen({ pathname: '/web-design/leeds', search: '', load })).toBeNull();
    expect(await renderFirstScreen({ pathname: '/plumbing/leeds', search: '', load })).toBeNull();
    expect(asked).toEqual(['/api/professionals/slug/gone', '/api/service-places/web-design/leeds']);
  });
});

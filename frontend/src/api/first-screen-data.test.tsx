// A server-rendered page's answers land in the cache SWR's hooks read: under the app's SwrProvider
// given them, a plain and an infinite hook show them without fetching, and they are in SWR's
// global cache, the one the global `mutate` (sign-out, api/auth.ts) acts on.
import { renderToStaticMarkup } from 'react-dom/server';
import useSWR from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID } from '../../../core/first-screen';
import { globalSwrCache } from '../testing/swr-cache';
import { readFirstScreenData } from './first-screen-data';
import { SwrProvider } from './swr-provider';

/** A profile's key and its reviews' pages (each test its own professional: SWR's global cache stays). */
const profileKey = (id: number) => `/api/professionals/slug/first-screen-${id}`;
const reviewsPageKey = (id: number) => (index: number) => `/api/reviews?professionalId=${id}&sort=newest&limit=10&offset=${index * 10}`;

function Seeded({ id, fetched }: { id: number; fetched: string[] }) {
  const fetcher = (key: string) => {
    fetched.push(key);
    return new Promise<never>(() => undefined);
  };
  const profile = useSWR<{ name: string }>(profileKey(id), fetcher);
  const reviews = useSWRInfinite<{ items: string[] }>(reviewsPageKey(id), fetcher);
  return (
    <p>
      {profile.data?.name ?? 'no profile'} / {reviews.data?.[0]?.items.join(', ') ?? 'no reviews'}
    </p>
  );
}

function render(id: number, firstScreenData: Record<string, unknown>): { html: string; fetched: string[] } {
  const fetched: string[] = [];
  const html = renderToStaticMarkup(
    <SwrProvider firstScreenData={firstScreenData}>
      <Seeded id={id} fetched={fetched} />
    </SwrProvider>,
  );
  return { html, fetched };
}

describe("SwrProvider given a page's first-screen answers", () => {
  it('puts them where the hooks read them, so they render without a request, in the global cache', () => {
    const { html, fetched } = render(41, { [profileKey(41)]: { name: 'Acme IT' }, [unstable_serialize(reviewsPageKey(41))]: [{ items: ['Quick fix', 'Friendly'] }] });
    expect(html).toBe('<p>Acme IT / Quick fix, Friendly</p>');
    expect(fetched).toEqual([]);
    expect(globalSwrCache().get(profileKey(41))?.data).toEqual({ name: 'Acme IT' });
  });

  it('leaves an answer the cache holds already', () => {
    globalSwrCache().set(profileKey(42), { data: { name: 'Byte Fixers (renamed)' } });
    expect(render(42, { [profileKey(42)]: { name: 'Byte Fixers' } }).html).toBe('<p>Byte Fixers (renamed) / no reviews</p>');
  });
});

describe('readFirstScreenData', () => {
  it("reads the page's data element, and nothing from a page without one or with broken JSON", () => {
    const page = (text: string | null) => ({ getElementById: (id: string) => (id === FIRST_SCREEN_DATA_ID && text !== null ? { textContent: text } : null) }) as unknown as Document;
    expect(readFirstScreenData(page('{"/api/home":{"a":1}}'))).toEqual({ '/api/home': { a: 1 } });
    expect(readFirstScreenData(page(null))).toEqual({});
    expect(readFirstScreenData(page('{not json'))).toEqual({});
    expect(readFirstScreenData(page('[1]'))).toEqual({});
  });
});

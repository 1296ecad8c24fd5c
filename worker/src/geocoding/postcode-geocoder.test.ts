// The external geocoder is replaced by a fake fetch here; the integration tests use a fake HTTP
// Nominatim server instead. Everything of ours runs for real.
import { describe, expect, it } from 'vitest';
import { WorkerEnv } from '../../../core/env-schema';
import { createNominatimGeocoder, TransientGeocoderError } from './nominatim';
import { loadOutcodeIndex } from '../../../core/geo/outcodes.server';
import { createPostcodeGeocoder } from './postcode-geocoder';

const USER_AGENT = 'ITConnect tests (contact: tests@itconnect.local)';

type Answer = { status: number; body: unknown } | Error;

function fakeFetch(...answers: Answer[]) {
  const calls: { url: URL; headers: Headers }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: new URL(String(input)), headers: new Headers(init?.headers) });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer instanceof Error) throw answer;
    return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), {
      status: answer.status,
    });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

const manchesterHit = [{ lat: '53.4794', lon: '-2.2453', display_name: 'M1 1AE, Manchester', address: { postcode: 'M1 1AE' } }];

describe('createNominatimGeocoder', () => {
  it('asks /search for the postcode in GB with one result and a real user-agent', async () => {
    const { fetchImpl, calls } = fakeFetch({ status: 200, body: manchesterHit });
    const geocoder = createNominatimGeocoder({ url: 'http://127.0.0.1:9/', userAgent: USER_AGENT, fetch: fetchImpl });
    await expect(geocoder.geocodePostcode('M1 1AE')).resolves.toEqual({ lat: 53.4794, lng: -2.2453 });
    expect(calls).toHaveLength(1);
    const { url, headers } = calls[0]!;
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:9/search');
    expect(url.searchParams.get('q')).toBe('M1 1AE');
    expect(url.searchParams.get('countrycodes')).toBe('gb');
    expect(url.searchParams.get('limit')).toBe('1');
    expect(url.searchParams.get('format')).toBe('json');
    expect(headers.get('user-agent')).toBe(USER_AGENT);
  });

  it('keeps each instance on its own server (osmServer is set on the shared prototype)', async () => {
    const a = fakeFetch({ status: 200, body: manchesterHit });
    const b = fakeFetch({ status: 200, body: manchesterHit });
    const first = createNominatimGeocoder({ url: 'http://127.0.0.1:1001', userAgent: USER_AGENT, fetch: a.fetchImpl });
    const second = createNominatimGeocoder({ url: 'http://127.0.0.1:1002', userAgent: USER_AGENT, fetch: b.fetchImpl });
    await first.geocodePostcode('M1 1AE');
    await second.geocodePostcode('M1 1AE');
    expect(a.calls[0]!.url.port).toBe('1001');
    expect(b.calls[0]!.url.port).toBe('1002');
  });

  it.each([
    ['a 503', { status: 503, body: 'Service Unavailable' }],
    ['a 503 with a JSON body', { status: 503, body: [] }],
    ['a 429', { status: 429, body: 'Too Many Requests' }],
    ['a 500', { status: 500, body: { error: 'boom' } }],
    ['a network error', new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })],
    ['an HTML page with 200', { status: 200, body: '<html>proxy error</html>' }],
  ] as const)('throws TransientGeocoderError on %s', async (_label, answer) => {
    const { fetchImpl } = fakeFetch(answer as Answer);
    const geocoder = createNominatimGeocoder({ userAgent: USER_AGENT, fetch: fetchImpl });
    await expect(geocoder.geocodePostcode('M1 1AE')).rejects.toBeInstanceOf(TransientGeocoderError);
  });

  it('returns null (and warns) when the server rejects the request with a 4xx', async () => {
    const warnings: string[] = [];
    const { fetchImpl } = fakeFetch({ status: 403, body: 'blocked' });
    const geocoder = createNominatimGeocoder({ userAgent: USER_AGENT, fetch: fetchImpl, onWarning: (m) => warnings.push(m) });
    await expect(geocoder.geocodePostcode('M1 1AE')).resolves.toBeNull();
    expect(warnings).toHaveLength(1);
  });

  it('returns null for no result and for a result outside the UK', async () => {
    const none = createNominatimGeocoder({ userAgent: USER_AGENT, fetch: fakeFetch({ status: 200, body: [] }).fetchImpl });
    await expect(none.geocodePostcode('ZZ99 9ZZ')).resolves.toBeNull();
    const abroad = createNominatimGeocoder({
      userAgent: USER_AGENT,
      fetch: fakeFetch({ status: 200, body: [{ lat: '48.8566', lon: '2.3522' }] }).fetchImpl,
    });
    await expect(abroad.geocodePostcode('M1 1AE')).resolves.toBeNull();
  });
});

describe('createPostcodeGeocoder', () => {
  const outcodes = loadOutcodeIndex();
  const env = (geocoder: 'offline' | 'openstreetmap') =>
    WorkerEnv.parse({
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/unused',
      REDIS_URL: 'redis://127.0.0.1:6379',
      GEOCODER: geocoder,
      GEOCODER_URL: 'http://127.0.0.1:9',
      GEOCODER_USER_AGENT: USER_AGENT,
    });

  it('offline: answers with the outcode centroid, null for an unknown district', async () => {
    const geocoder = createPostcodeGeocoder({ env: env('offline'), outcodes });
    await expect(geocoder.geocode('M1 1AE')).resolves.toEqual({ lat: 53.4775, lng: -2.2362, source: 'outcode' });
    await expect(geocoder.geocode('ZZ99 9ZZ')).resolves.toBeNull();
  });

  it('openstreetmap: prefers the full postcode, falls back to the centroid, null when neither knows it', async () => {
    const hit = createPostcodeGeocoder({ env: env('openstreetmap'), outcodes, fetch: fakeFetch({ status: 200, body: manchesterHit }).fetchImpl });
    await expect(hit.geocode('m11ae')).resolves.toEqual({ lat: 53.4794, lng: -2.2453, source: 'postcode' });

    const miss = fakeFetch({ status: 200, body: [] });
    const fallback = createPostcodeGeocoder({ env: env('openstreetmap'), outcodes, fetch: miss.fetchImpl });
    await expect(fallback.geocode('M1 1AE')).resolves.toEqual({ lat: 53.4775, lng: -2.2362, source: 'outcode' });
    await expect(fallback.geocode('ZZ99 9ZZ')).resolves.toBeNull();
    // An outcode alone goes straight to the table.
    await expect(fallback.geocode('SW1A')).resolves.toMatchObject({ source: 'outcode' });
    expect(miss.calls).toHaveLength(2);
  });

  it('openstreetmap: a transient failure is thrown, not hidden behind the centroid', async () => {
    const geocoder = createPostcodeGeocoder({
      env: env('openstreetmap'),
      outcodes,
      fetch: fakeFetch({ status: 503, body: 'busy' }).fetchImpl,
    });
    await expect(geocoder.geocode('M1 1AE')).rejects.toBeInstanceOf(TransientGeocoderError);
  });
});

// Full-postcode lookups against a Nominatim server (openstreetmap.org or a self-hosted / fake one)
// through node-geocoder's openstreetmap provider. Two node-geocoder behaviours are worked around
// here and must stay worked around:
// - its fetch adapter sends a fake Firefox user-agent and never looks at the HTTP status (a 503
//   with a JSON body would read as "no results"). Our own fetch sets the real user-agent that
//   Nominatim's usage policy asks for and turns the status into a typed outcome;
// - `osmServer` is written onto the provider's *prototype*, so the last geocoder built in the
//   process would decide the server for all of them. We pin the endpoint on our instance.
import NodeGeocoder from 'node-geocoder';

export const DEFAULT_NOMINATIM_URL = 'https://nominatim.openstreetmap.org';

/** The geocoder could not answer now (network error, timeout, 5xx, 429): retry the job later. */
export class TransientGeocoderError extends Error {
  override name = 'TransientGeocoderError';
}

// node-geocoder re-wraps whatever our fetch throws into its HttpError, copying only `message` and
// `code` (and only when the error has no `cause`), so the outcome travels in `code`.
const TRANSIENT = 'ITC_GEOCODER_TRANSIENT';
const REJECTED = 'ITC_GEOCODER_REJECTED';

function codedError(code: typeof TRANSIENT | typeof REJECTED, message: string): Error {
  return Object.assign(new Error(message), { code });
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}

export interface LatLng {
  lat: number;
  lng: number;
}

export interface NominatimOptions {
  /** Server root, e.g. https://nominatim.openstreetmap.org or http://127.0.0.1:8080 (no /search). */
  url?: string;
  /** Sent on every request; Nominatim blocks generic or faked user-agents. */
  userAgent: string;
  timeoutMs?: number;
  /** The HTTP client (default: the global fetch). */
  fetch?: typeof fetch;
  /** Told about answers we could use but chose to ignore (4xx, results outside the UK). */
  onWarning?: (message: string, details: Record<string, unknown>) => void;
}

export interface NominatimGeocoder {
  /** The point for a full postcode; null when the server knows no such postcode in GB. */
  geocodePostcode(postcode: string): Promise<LatLng | null>;
}

// Generous box around the UK (Scilly to Shetland, Northern Ireland to Lowestoft).
function isInUk({ lat, lng }: LatLng): boolean {
  return lat >= 49.8 && lat <= 61 && lng >= -8.7 && lng <= 2;
}

export function createNominatimGeocoder(options: NominatimOptions): NominatimGeocoder {
  const server = (options.url ?? DEFAULT_NOMINATIM_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fetchImpl = options.fetch ?? fetch;
  const warn = options.onWarning ?? (() => {});

  const politeFetch = async (url: string | URL): Promise<Response> => {
    let response: Response;
    try {
      response = await fetchImpl(String(url), {
        headers: { 'user-agent': options.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw codedError(TRANSIENT, `geocoder unreachable: ${describe(err)}`);
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw codedError(TRANSIENT, `geocoder answered HTTP ${response.status}`);
    }
    if (!response.ok) {
      const body = (await response.text()).slice(0, 200);
      throw codedError(REJECTED, `geocoder answered HTTP ${response.status}: ${body}`);
    }
    return response;
  };

  const geocoder = NodeGeocoder({
    provider: 'openstreetmap',
    osmServer: server,
    // node-geocoder's types want node-fetch's signature; the adapter only calls fetch(url, init)
    // and reads res.text(), which the WHATWG Response provides.
    fetch: politeFetch as unknown as NonNullable<NodeGeocoder.Options['fetch']>,
  });
  const provider = (geocoder as unknown as { _geocoder: Record<string, unknown> })._geocoder;
  provider._endpoint = `${server}/search`;
  provider._endpoint_reverse = `${server}/reverse`;

  return {
    async geocodePostcode(postcode) {
      let entries: NodeGeocoder.Entry[];
      try {
        // The openstreetmap provider sends an object's keys as Nominatim query parameters (and adds
        // format=json); the typings only know the generic keys.
        const query = { q: postcode, countrycodes: 'gb', limit: 1 } as NodeGeocoder.Query;
        entries = await geocoder.geocode(query);
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if (code === REJECTED) {
          // A 4xx other than 429 will not change on retry (bad request, blocked user-agent):
          // let the caller fall back to the outcode centroid, but say so loudly.
          warn('geocoder rejected the request; falling back', { postcode, error: describe(err) });
          return null;
        }
        // Everything else (our TRANSIENT code, an HTML error page, a Nominatim {error} body) is
        // worth another attempt; BullMQ's backoff spaces them out and keeps the job if all fail.
        throw new TransientGeocoderError(describe(err));
      }
      const first = entries[0];
      if (!first || typeof first.latitude !== 'number' || typeof first.longitude !== 'number') return null;
      const point = { lat: first.latitude, lng: first.longitude };
      if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng) || !isInUk(point)) {
        warn('geocoder result outside the UK ignored', { postcode, ...point });
        return null;
      }
      return point;
    },
  };
}

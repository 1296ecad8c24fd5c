// The geocoding seam: configuration picks the implementation here and nowhere else.
// - GEOCODER=offline (default): the outcode centroid from the offline table. Instant, no network.
// - GEOCODER=openstreetmap: Nominatim for the full postcode first (more precise), the outcode
//   centroid when Nominatim has no answer. Transient Nominatim failures throw
//   TransientGeocoderError so the job is retried; they never silently degrade to the centroid.
import { isFullPostcode, normalisePostcode } from '../../../core/postcode';
import type { WorkerEnv } from '../../../core/env-schema';
import { createNominatimGeocoder, type NominatimGeocoder } from './nominatim';
import { loadOutcodeIndex, type OutcodeIndex } from '../../../core/geo/outcodes.server';

export { TransientGeocoderError } from './nominatim';

export interface GeocodeResult {
  lat: number;
  lng: number;
  /** 'postcode': the full postcode's point from Nominatim; 'outcode': the district centroid. */
  source: 'postcode' | 'outcode';
}

export interface PostcodeGeocoder {
  readonly kind: WorkerEnv['GEOCODER'];
  /** Coordinates for a UK postcode or outcode; null when nothing knows it (a permanent outcome). */
  geocode(postcode: string): Promise<GeocodeResult | null>;
}

export interface PostcodeGeocoderOptions {
  env: Pick<WorkerEnv, 'GEOCODER' | 'GEOCODER_URL' | 'GEOCODER_USER_AGENT'>;
  /** Defaults to the table found from the repository root. */
  outcodes?: OutcodeIndex;
  fetch?: typeof fetch;
  onWarning?: (message: string, details: Record<string, unknown>) => void;
}

export function createPostcodeGeocoder(options: PostcodeGeocoderOptions): PostcodeGeocoder {
  const outcodes = options.outcodes ?? loadOutcodeIndex();
  const fromOutcode = (postcode: string): GeocodeResult | null => {
    const entry = outcodes.lookup(postcode);
    return entry ? { lat: entry.lat, lng: entry.lng, source: 'outcode' } : null;
  };

  if (options.env.GEOCODER === 'offline') {
    return { kind: 'offline', geocode: async (postcode) => fromOutcode(postcode) };
  }

  const nominatim: NominatimGeocoder = createNominatimGeocoder({
    url: options.env.GEOCODER_URL,
    userAgent: options.env.GEOCODER_USER_AGENT,
    fetch: options.fetch,
    onWarning: options.onWarning,
  });
  return {
    kind: 'openstreetmap',
    async geocode(postcode) {
      const normalised = normalisePostcode(postcode);
      if (!normalised) return null;
      // An outcode alone ('M1') gains nothing from Nominatim: its centroid is the answer.
      if (isFullPostcode(normalised)) {
        const point = await nominatim.geocodePostcode(normalised);
        if (point) return { ...point, source: 'postcode' };
      }
      return fromOutcode(normalised);
    },
  };
}

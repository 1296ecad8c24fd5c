// geocode-professional: turns a professional's postcode into the stored lat/lng the directory and
// the map read. Idempotent, so duplicates, retries and stale jobs are harmless:
// - the professional is gone → nothing to do;
// - its postcode has changed since the job was enqueued → a newer job (another job id) owns it;
// - lat/lng were already computed from this postcode → nothing to do;
// - otherwise geocode and write, on the condition that the postcode is still the one we read.
//
// An unknown postcode (not in the outcode table, not found by Nominatim) is a permanent outcome,
// not a failure: the job COMPLETES with `{ outcome: 'unknown-postcode' }` (visible in Bull Board
// as its return value), logs a warning and clears any coordinates of an older postcode. We do not
// use UnrecoverableError for it: a failed job means "an operator should look", and a user's
// mistyped postcode is not that. A transient geocoder failure throws, so BullMQ retries it with
// the contract's exponential backoff and keeps the job as failed if every attempt fails.
import { JOBS } from '../../../core/jobs';
import { normalisePostcode } from '../../../core/postcode';
import { defineJobHandler, type JobContext } from './job-handler';
import { DEFAULT_NOMINATIM_URL } from '../geocoding/nominatim';

export type GeocodeProfessionalResult =
  | { outcome: 'geocoded'; source: 'postcode' | 'outcode'; lat: number; lng: number }
  | { outcome: 'unknown-postcode'; postcode: string }
  | { outcome: 'skipped'; reason: 'professional-gone' | 'postcode-changed' | 'already-geocoded' };

/** The form postcodes are compared and stored in ('M1 1AE'); a malformed one keeps its letters. */
function postcodeKey(postcode: string): string {
  return normalisePostcode(postcode) ?? postcode.toUpperCase().replace(/\s+/g, '');
}

export async function geocodeProfessional(
  { professionalId, postcode }: { professionalId: number; postcode: string },
  { prisma, geocoder, logger }: Pick<JobContext, 'prisma' | 'geocoder' | 'logger'>,
): Promise<GeocodeProfessionalResult> {
  const wanted = postcodeKey(postcode);
  const professional = await prisma.professional.findUnique({
    where: { id: professionalId },
    select: { postcode: true, lat: true, lng: true, geocodedPostcode: true },
  });
  if (!professional) return { outcome: 'skipped', reason: 'professional-gone' };
  if (postcodeKey(professional.postcode) !== wanted) return { outcome: 'skipped', reason: 'postcode-changed' };
  if (professional.geocodedPostcode === wanted && professional.lat !== null && professional.lng !== null) {
    return { outcome: 'skipped', reason: 'already-geocoded' };
  }

  const point = await geocoder.geocode(wanted);
  // Only write if the postcode is still the one we geocoded: a concurrent edit wins, and its own
  // job will write its coordinates.
  const { count } = await prisma.professional.updateMany({
    where: { id: professionalId, postcode: professional.postcode },
    data: {
      lat: point?.lat ?? null,
      lng: point?.lng ?? null,
      // With null coordinates this records "looked up at geocodedAt, found nothing"; the skip
      // check above needs coordinates, so a later job for the same postcode tries again.
      geocodedPostcode: wanted,
      geocodedAt: new Date(),
    },
  });
  if (count === 0) return { outcome: 'skipped', reason: 'postcode-changed' };
  if (!point) {
    logger.warn({ professionalId, postcode: wanted }, 'unknown postcode: coordinates left empty');
    return { outcome: 'unknown-postcode', postcode: wanted };
  }
  return { outcome: 'geocoded', source: point.source, lat: point.lat, lng: point.lng };
}

export const geocodeProfessionalHandler = defineJobHandler(JOBS.geocodeProfessional, geocodeProfessional, {
  // Nominatim's public server allows one request per second per application. The limiter is
  // global to the queue (kept in Redis), so it holds however many worker processes run. A
  // self-hosted server (GEOCODER_URL) and the offline table need no limit.
  workerOptions: (env) =>
    env.GEOCODER === 'openstreetmap' && (!env.GEOCODER_URL || env.GEOCODER_URL.startsWith(DEFAULT_NOMINATIM_URL))
      ? { limiter: { max: 1, duration: 1100 } }
      : {},
});

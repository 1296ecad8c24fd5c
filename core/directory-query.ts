// GET /api/professionals (and /api/professionals/map): the query string as the API parses it, with
// the limits of core/directory.ts. Defaults ('All Services', 'All UK', empty values) mean "no
// filter"; an unknown service, place or sort is refused.
import { z } from 'zod';
import { MAX_PAGE_SIZE, MAX_RADIUS_MILES, SORTS } from './directory';
import { ALL_UK, findLocation } from './locations';
import { ALL_SERVICES, SERVICES, type Service } from './services';
import { optionalQueryNumber } from './query-number';
import { text } from './text';

const serviceByLowerName = new Map(SERVICES.map((s) => [s.toLowerCase(), s]));

const optionalNumber = (label: string, min: number, max: number, { isInteger = false } = {}) =>
  optionalQueryNumber(label, { min, max, isInteger });

export const DirectoryQuery = z
  .object({
    service: text()
      .trim()
      .optional()
      .transform((v, ctx): Service | undefined => {
        if (!v || v === ALL_SERVICES) return undefined;
        const service = serviceByLowerName.get(v.toLowerCase());
        if (!service) {
          ctx.addIssue({ code: 'custom', message: `Unknown service "${v}"` });
          return z.NEVER;
        }
        return service;
      }),
    location: text()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v || v === ALL_UK) return undefined;
        const place = findLocation(v);
        if (!place) {
          ctx.addIssue({ code: 'custom', message: `Unknown location "${v}"` });
          return z.NEVER;
        }
        return place.name;
      }),
    minRating: optionalNumber('minRating', 0, 5),
    /** Pounds per hour; a daily rate counts as rate ÷ 8 (product rule 16). */
    minHourlyRate: optionalNumber('minHourlyRate', 0, 100_000),
    maxHourlyRate: optionalNumber('maxHourlyRate', 0, 100_000),
    /** Free text over company name, description, services and location (product rule 17). */
    search: text()
      .trim()
      .max(200, 'search must be at most 200 characters')
      .optional()
      .transform((v) => v || undefined),
    /** A UK postcode, outcode or place name to measure distance from. */
    near: text()
      .trim()
      .max(100)
      .optional()
      .transform((v) => v || undefined),
    radiusMiles: optionalNumber('radiusMiles', 0.1, MAX_RADIUS_MILES),
    sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).optional(),
    limit: optionalNumber('limit', 1, MAX_PAGE_SIZE, { isInteger: true }),
    offset: optionalNumber('offset', 0, 1_000_000, { isInteger: true }),
  })
  .refine((q) => q.minHourlyRate === undefined || q.maxHourlyRate === undefined || q.minHourlyRate <= q.maxHourlyRate, {
    message: 'minHourlyRate must not be above maxHourlyRate',
    path: ['minHourlyRate'],
  })
  .refine((q) => q.sort !== 'distance' || q.near !== undefined, {
    message: 'sort=distance needs near (a postcode or place)',
    path: ['sort'],
  });
export type DirectoryQuery = z.output<typeof DirectoryQuery>;

// One professional for the profile page. The URL's parameter is a slug, or an all-digit id
// (product rule 4: old links, map popups), which the page then replaces with the slug URL.
// `near` (a postcode or place from a distance search) asks the API for distanceMiles.
// A 404 resolves to null ("Professional Not Found"); other failures are errors. A `near` the API
// cannot place (400) is dropped: the profile shows without a distance rather than failing.
import useSWR from 'swr';
import type { ProfessionalListItem } from '../../../core/directory';
import { ApiRequestError, getJson } from './client';

/** True for '42': such a parameter is an id, not a slug. */
export function isProfessionalId(param: string): boolean {
  return /^\d+$/.test(param);
}

export function professionalKey(param: string, near?: string | null): string {
  const base = isProfessionalId(param)
    ? `/api/professionals/${param}`
    : `/api/professionals/slug/${encodeURIComponent(param)}`;
  const trimmed = near?.trim();
  return trimmed ? `${base}?near=${encodeURIComponent(trimmed)}` : base;
}

export async function fetchProfessional(path: string): Promise<ProfessionalListItem | null> {
  try {
    return await getJson<ProfessionalListItem>(path, { nullOnStatus: [404] });
  } catch (error) {
    const withoutNear = path.replace(/\?near=.*$/, '');
    if (error instanceof ApiRequestError && error.status === 400 && withoutNear !== path) {
      return getJson<ProfessionalListItem>(withoutNear, { nullOnStatus: [404] });
    }
    throw error;
  }
}

export function useProfessional(
  param: string | undefined,
  near?: string | null,
): { professional: ProfessionalListItem | null | undefined; error: unknown; isLoading: boolean } {
  const key = param ? professionalKey(param, near) : null;
  const { data, error, isLoading } = useSWR(key, fetchProfessional);
  return { professional: data, error: error as unknown, isLoading };
}

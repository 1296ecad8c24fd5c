// The signed-in provider's own professional profile (GET/PATCH /api/professionals/my-profile).
import useSWR from 'swr';
import { getJson, patchJson } from './client';

export const MY_PROFILE_KEY = '/api/professionals/my-profile';

export type RateType = 'hourly' | 'daily';

/** The provider's own professional as the API returns it (only the fields My Profile uses). */
export interface MyProfessional {
  id: number;
  slug: string;
  companyName: string;
  contactName: string;
  email: string;
  phone: string | null;
  website: string | null;
  description: string;
  services: string[];
  location: string;
  region: string;
  postcode: string;
  hourlyRate: string | null;
  rateType?: RateType | null;
  isProjectBased?: boolean;
  linkedin?: string | null;
  github?: string | null;
  facebook?: string | null;
  instagram?: string | null;
  twitter?: string | null;
  trustpilot?: string | null;
  isApproved?: boolean;
  subscriptionStatus?: string;
}

/** What My Profile sends when saving. */
export interface MyProfessionalUpdate {
  companyName: string;
  contactName: string;
  phone: string;
  website: string;
  description: string;
  services: string[];
  location: string;
  region: string;
  postcode: string;
  hourlyRate: string;
  rateType: RateType | null;
  isProjectBased: boolean;
  linkedin: string;
  github: string;
  facebook: string;
  instagram: string;
  twitter: string;
  trustpilot: string;
}

export function useMyProfile(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<MyProfessional | null>(enabled ? MY_PROFILE_KEY : null, (path: string) =>
    getJson<MyProfessional>(path),
  );
  return { profile: data ?? null, error: error as unknown, isLoading, mutate };
}

export async function updateMyProfile(update: MyProfessionalUpdate): Promise<MyProfessional | null> {
  return patchJson<MyProfessional>(MY_PROFILE_KEY, update);
}

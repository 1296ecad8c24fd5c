// The signed-in provider's own professional profile (GET/PATCH /api/professionals/my-profile). Both
// shapes are core's: the answer (MyProfile) and what the PATCH schema accepts (MyProfileUpdateInput).
import useSWR from 'swr';
import type { MyProfile, MyProfileUpdateInput } from '../../../core/my-profile';
import { getJson, patchJson } from './client';

export const MY_PROFILE_KEY = '/api/professionals/my-profile';

export function useMyProfile(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<MyProfile | null>(enabled ? MY_PROFILE_KEY : null, (path: string) =>
    getJson<MyProfile>(path),
  );
  return { profile: data ?? null, error: error as unknown, isLoading, mutate };
}

export async function updateMyProfile(update: MyProfileUpdateInput): Promise<MyProfile | null> {
  return patchJson<MyProfile>(MY_PROFILE_KEY, update);
}

// A professional's public reviews, newest first (GET /api/reviews?professionalId=).
import useSWR from 'swr';
import type { ReviewItem } from '../../../core/directory';
import { getJson } from './client';

export function reviewsKey(professionalId: number): string {
  return `/api/reviews?professionalId=${professionalId}`;
}

export function useReviews(professionalId: number | undefined): {
  reviews: ReviewItem[] | undefined;
  error: unknown;
  isLoading: boolean;
} {
  const key = professionalId === undefined ? null : reviewsKey(professionalId);
  const { data, error, isLoading } = useSWR(key, (path: string) => getJson<ReviewItem[]>(path));
  return { reviews: data ?? undefined, error: error as unknown, isLoading };
}

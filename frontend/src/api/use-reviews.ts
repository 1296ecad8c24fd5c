// A professional's reviews for the profile page (product rules 7 and 26): the visible reviews a
// page at a time in the chosen order (GET /api/reviews), the rating breakdown (/summary), the
// signed-in user's own review and whether they may write one (/mine), and the review commands.
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { ReviewItem } from '../../../core/directory';
import { REVIEWS_PAGE_SIZE, type MyReviewStatus, type ReviewSort, type ReviewSummary, type ReviewWriteResult } from '../../../core/reviews';
import type { ReviewFields } from '../../../core/review-inputs';
import { deleteJson, getJson, patchJson, postJson, putJson } from './client';
import { fetchListPage, type ListPage } from './list-fetch';

export function reviewsKey(professionalId: number, sort: ReviewSort = 'newest', offset = 0): string {
  return `/api/reviews?professionalId=${professionalId}&sort=${sort}&limit=${REVIEWS_PAGE_SIZE}&offset=${offset}`;
}

/** A page of reviews as plain data (no header reader), so the server can hand it to the browser. */
export type ReviewsPage = Pick<ListPage<ReviewItem>, 'items' | 'total'>;

/** The SWR keys of the pages of a professional's reviews (also what the server renders the first page with). */
export function reviewsPageKey(professionalId: number, sort: ReviewSort) {
  return (index: number, previous: ReviewsPage | null): string | null => {
    if (previous && index * REVIEWS_PAGE_SIZE >= previous.total) return null;
    return reviewsKey(professionalId, sort, index * REVIEWS_PAGE_SIZE);
  };
}

async function fetchReviewsPage(path: string): Promise<ReviewsPage> {
  const { items, total } = await fetchListPage<ReviewItem>(path);
  return { items, total };
}

export function useReviews(professionalId: number, sort: ReviewSort) {
  const getKey = reviewsPageKey(professionalId, sort);
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite(getKey, fetchReviewsPage, {
    revalidateFirstPage: false,
  });
  const pages = data ?? [];
  const reviews = pages.flatMap((page) => page.items);
  const total = pages[0]?.total;
  return {
    reviews: data ? reviews : undefined,
    total,
    error: error as unknown,
    isLoading,
    isLoadingMore: !error && data !== undefined && size > data.length,
    hasMore: total !== undefined && reviews.length < total,
    loadMore: () => void setSize(size + 1),
    /** Loads every page shown so far again (after a change). */
    reload: () => mutate(),
  };
}

export function reviewSummaryKey(professionalId: number): string {
  return `/api/reviews/summary?professionalId=${professionalId}`;
}

export function useReviewSummary(professionalId: number) {
  const { data, error, isLoading, mutate } = useSWR(reviewSummaryKey(professionalId), (path: string) => getJson<ReviewSummary>(path));
  return { summary: data ?? undefined, error: error as unknown, isLoading, reload: () => mutate() };
}

/** The signed-in user's side; null key (nothing fetched) for anonymous visitors. */
export function useMyReviewStatus(professionalId: number, isSignedIn: boolean) {
  const key = isSignedIn ? `/api/reviews/mine?professionalId=${professionalId}` : null;
  const { data, error, isLoading, mutate } = useSWR(key, (path: string) => getJson<MyReviewStatus>(path));
  return { status: data ?? undefined, error: error as unknown, isLoading: isSignedIn && isLoading, reload: () => mutate() };
}

export function createReview(professionalId: number, fields: ReviewFields) {
  return postJson<ReviewWriteResult>('/api/reviews', { ...fields, professionalId });
}

export function updateReview(reviewId: number, fields: ReviewFields) {
  return patchJson<ReviewWriteResult>(`/api/reviews/${reviewId}`, fields);
}

export function deleteReview(reviewId: number) {
  return deleteJson<{ ok: true; message: string }>(`/api/reviews/${reviewId}`);
}

export function saveReviewReply(reviewId: number, reply: string) {
  return putJson<Pick<ReviewItem, 'id' | 'reply' | 'repliedAt'>>(`/api/reviews/${reviewId}/reply`, { reply });
}

export function deleteReviewReply(reviewId: number) {
  return deleteJson<Pick<ReviewItem, 'id' | 'reply' | 'repliedAt'>>(`/api/reviews/${reviewId}/reply`);
}

export function reportReview(reviewId: number, reason: string) {
  return postJson<{ ok: true; message: string }>(`/api/reviews/${reviewId}/report`, { reason });
}

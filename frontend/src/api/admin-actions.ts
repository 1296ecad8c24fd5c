// What an admin does from the dashboard (spec section 7 and core/admin.ts). Each call throws
// ApiRequestError on failure; the dashboard turns that into the spec's toasts. After a change the
// admin's cached answers are read again (data never goes stale by itself, swr-options.ts).
import { mutate } from 'swr';
import type { AdminDecision, MaintenanceStatus, QuoteReportReviewInput } from '../../../core/admin';
import type { QuoteSpamVerdict } from '../../../core/quotes';
import { postJson } from './client';

export const ADMIN_KEY_PREFIX = '/api/admin/';

/**
 * Forgets every cached admin answer (stats, every page of every list, audit log, queues): those on
 * screen are read again at once (showing the old answer meanwhile, keepPreviousData), the others
 * when next shown.
 */
export async function refreshAdminData(): Promise<void> {
  await mutate((key) => typeof key === 'string' && key.startsWith(ADMIN_KEY_PREFIX), undefined, { revalidate: true });
}

export function approveApplication(applicationId: number) {
  return postJson<AdminDecision>(`/api/admin/applications/${applicationId}/approve`);
}

export function rejectApplication(applicationId: number, reason: string) {
  return postJson<AdminDecision>(`/api/admin/applications/${applicationId}/reject`, { reason });
}

export function toggleMaintenance(enabled: boolean) {
  return postJson<MaintenanceStatus>('/api/admin/maintenance/toggle', { enabled });
}

export function setAccessCode(code: string) {
  return postJson<MaintenanceStatus>('/api/admin/maintenance/access-code', { code });
}

export function markContactMessageHandled(messageId: number) {
  return postJson<unknown>(`/api/admin/contact-messages/${messageId}/handled`);
}

export function reviewQuoteReport(requestId: number, verdict: QuoteSpamVerdict) {
  return postJson<unknown>(`/api/admin/quote-reports/${requestId}/review`, { verdict } satisfies QuoteReportReviewInput);
}

export function moderateReview(reviewId: number, action: 'hide' | 'restore', reason: string) {
  return postJson<unknown>(`/api/admin/reviews/${reviewId}/${action}`, { reason });
}

/** For someone who lost their phone and recovery codes, once the team has checked it is them (product rule 35). */
export function turnOffTwoStep(userId: number, reason: string) {
  return postJson<{ message: string }>(`/api/admin/users/${userId}/two-step/turn-off`, { reason });
}

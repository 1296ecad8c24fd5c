// What the approve and reject confirmations say will happen (product rule 26), chosen from what the
// applications list gives: the application's status (pending_payment: not paid) and whether the
// listing it names is already approved (an update of a provider's listing). The sentences
// themselves are core/admin.ts's DECISION_TEXTS; the failures' texts are the spec's.
import { ADMIN_MESSAGES, DECISION_TEXTS, type AdminApplication } from '../../../../core/admin';
import { ApiRequestError } from '../../api/client';

export type Decision = 'approve' | 'reject';

/**
 * The cases decide-application.ts and settle-rejected-application.ts tell apart:
 *   paid          a new applicant who has paid (pending): approving puts it live, rejecting refunds.
 *   unpaid        a new applicant who has not paid (pending_payment).
 *   update        a provider's change to their approved listing, needing no payment (pending).
 *   unpaid-update a change to an approved listing whose subscription has ended, so it is to be
 *                 paid for again (pending_payment).
 */
export type DecisionCase = 'paid' | 'unpaid' | 'update' | 'unpaid-update';

type DecisionFacts = Pick<AdminApplication, 'status' | 'professional'>;

export function decisionCase(application: DecisionFacts): DecisionCase {
  // The worker keeps an approved listing as it is on rejection and never refunds it: an update.
  const isUpdate = application.professional?.isApproved === true;
  const isUnpaid = application.status === 'pending_payment';
  if (isUpdate) return isUnpaid ? 'unpaid-update' : 'update';
  return isUnpaid ? 'unpaid' : 'paid';
}

/** What happens next, one sentence each, in the order it happens. */
export function decisionEffects(application: DecisionFacts & Pick<AdminApplication, 'email'>, decision: Decision): string[] {
  const t = DECISION_TEXTS;
  const { email } = application;
  const kind = decisionCase(application);
  if (decision === 'approve') {
    switch (kind) {
      case 'paid':
        return [t.goesLiveNow, t.approvedEmail(email)];
      case 'unpaid':
        return [t.approvedNotLive, t.approvedPayLinkEmail(email), t.unpaidCheckoutClosedOnApproval];
      case 'update':
        return [t.liveListingUpdated, t.approvedEmail(email)];
      case 'unpaid-update':
        return [t.listingUpdatedNotLive, t.approvedPayLinkEmail(email), t.unpaidCheckoutClosedOnApproval];
    }
  }
  switch (kind) {
    case 'paid':
      return [t.reasonEmail(email), t.refundedInFull, t.mayApplyAgain];
    case 'unpaid':
      return [t.reasonEmail(email), t.unpaidCheckoutClosedOnRejection];
    case 'update':
      return [t.reasonEmail(email), t.listingKept];
    case 'unpaid-update':
      return [t.reasonEmail(email), t.listingKept, t.unpaidCheckoutClosedOnRejection];
  }
}

export interface DecisionFailure {
  /** Someone decided it first (409 from the API): nothing is left to confirm. */
  isDecided: boolean;
  title: string;
  text: string;
}

/**
 * A failed decision in the spec's words ('Approval Failed': 'Failed to approve application.'),
 * followed by the API's own message when it sent one (the listing's e-mail address is taken, the
 * service is unavailable), so the admin knows whether trying again can help.
 */
export function decisionFailure(error: unknown, decision: Decision): DecisionFailure {
  const apiMessage = error instanceof ApiRequestError ? error.apiMessage : undefined;
  if (error instanceof ApiRequestError && error.status === 409 && (apiMessage === undefined || apiMessage === ADMIN_MESSAGES.applicationDecided)) {
    return { isDecided: true, title: decision === 'approve' ? ADMIN_MESSAGES.approveFailedTitle : ADMIN_MESSAGES.rejectFailedTitle, text: ADMIN_MESSAGES.applicationDecided };
  }
  const [title, failed] =
    decision === 'approve' ? [ADMIN_MESSAGES.approveFailedTitle, ADMIN_MESSAGES.approveFailed] : [ADMIN_MESSAGES.rejectFailedTitle, ADMIN_MESSAGES.rejectFailed];
  return { isDecided: false, title, text: apiMessage ? `${failed} ${apiMessage}` : failed };
}

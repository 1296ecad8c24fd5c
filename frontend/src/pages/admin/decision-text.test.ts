// What the approve and reject confirmations promise, case by case (product rule 26), and how a
// failed decision reads.
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, DECISION_TEXTS as T, type AdminApplication } from '../../../../core/admin';
import { ApiRequestError } from '../../api/client';
import { decisionCase, decisionEffects, decisionFailure } from './decision-text';

const EMAIL = 'ann@kennet.example';

type Facts = Pick<AdminApplication, 'status' | 'professional' | 'email'>;

/** A new applicant who paid: the checkout's reconciliation made an unapproved listing. */
const PAID: Facts = { status: 'pending', professional: { id: 70, slug: 'kennet-web-studio', isApproved: false }, email: EMAIL };
/** A visitor who applied and has not paid: no listing yet. */
const UNPAID: Facts = { status: 'pending_payment', professional: null, email: EMAIL };
/** A live provider's change to their listing, which needs no payment. */
const UPDATE: Facts = { status: 'pending', professional: { id: 12, slug: 'acme-it', isApproved: true }, email: EMAIL };
/** A change to an approved listing whose subscription ended: to be paid for again. */
const UNPAID_UPDATE: Facts = { status: 'pending_payment', professional: { id: 12, slug: 'acme-it', isApproved: true }, email: EMAIL };

describe('decisionCase', () => {
  it('tells a paid new application, an unpaid one and updates of an approved listing apart', () => {
    expect(decisionCase(PAID)).toBe('paid');
    expect(decisionCase(UNPAID)).toBe('unpaid');
    expect(decisionCase(UPDATE)).toBe('update');
    expect(decisionCase(UNPAID_UPDATE)).toBe('unpaid-update');
  });

  it('counts a listing that was never approved (an applicant rejected before, applying again) as new', () => {
    expect(decisionCase({ ...UNPAID, professional: { id: 70, slug: 'kennet-web-studio', isApproved: false } })).toBe('unpaid');
  });
});

describe('approving says what happens next', () => {
  it('a paid application: the listing goes live now and the professional is e-mailed', () => {
    expect(decisionEffects(PAID, 'approve')).toEqual([T.goesLiveNow, T.approvedEmail(EMAIL)]);
    expect(T.approvedEmail(EMAIL)).toBe('The professional is e-mailed at ann@kennet.example that it has been approved.');
  });

  it('an unpaid one: approved but not live until paid, a link to pay by e-mail, its checkout closed', () => {
    const effects = decisionEffects(UNPAID, 'approve');
    expect(effects).toEqual([T.approvedNotLive, T.approvedPayLinkEmail(EMAIL), T.unpaidCheckoutClosedOnApproval]);
    expect(effects.join(' ')).not.toContain('goes live in the directory now');
  });

  it('an update: the live listing takes the new details', () => {
    expect(decisionEffects(UPDATE, 'approve')).toEqual([T.liveListingUpdated, T.approvedEmail(EMAIL)]);
  });

  it('an update still to be paid for: new details, live once paid', () => {
    expect(decisionEffects(UNPAID_UPDATE, 'approve')).toEqual([T.listingUpdatedNotLive, T.approvedPayLinkEmail(EMAIL), T.unpaidCheckoutClosedOnApproval]);
  });
});

describe('rejecting says what happens next', () => {
  it('always e-mails the reason first', () => {
    for (const facts of [PAID, UNPAID, UPDATE, UNPAID_UPDATE]) {
      expect(decisionEffects(facts, 'reject')[0]).toBe(`The applicant is e-mailed your reason at ${EMAIL}.`);
    }
  });

  it('a paid application: the subscription is cancelled and everything paid refunded in full', () => {
    expect(decisionEffects(PAID, 'reject')).toEqual([T.reasonEmail(EMAIL), T.refundedInFull, T.mayApplyAgain]);
  });

  it('an unpaid one: its checkout is closed and there is nothing to refund', () => {
    expect(decisionEffects(UNPAID, 'reject')).toEqual([T.reasonEmail(EMAIL), T.unpaidCheckoutClosedOnRejection]);
  });

  it('an update: the listing and its subscription stay as they were, and nothing is refunded', () => {
    const effects = decisionEffects(UPDATE, 'reject');
    expect(effects).toEqual([T.reasonEmail(EMAIL), T.listingKept]);
    expect(effects.join(' ')).not.toMatch(/refund/i);
    expect(decisionEffects(UNPAID_UPDATE, 'reject')).toEqual([T.reasonEmail(EMAIL), T.listingKept, T.unpaidCheckoutClosedOnRejection]);
  });
});

describe('decisionFailure', () => {
  const conflict = (message: string) => new ApiRequestError(409, 'Conflict', JSON.stringify({ error: { code: 'conflict', message } }));

  it('a decision someone took first (409): says so, and that nothing is left to confirm', () => {
    expect(decisionFailure(conflict(ADMIN_MESSAGES.applicationDecided), 'approve')).toEqual({
      isDecided: true,
      title: ADMIN_MESSAGES.approveFailedTitle,
      text: ADMIN_MESSAGES.applicationDecided,
    });
    expect(decisionFailure(new ApiRequestError(409, 'Conflict', ''), 'reject')).toMatchObject({ isDecided: true, title: ADMIN_MESSAGES.rejectFailedTitle });
  });

  it("any other failure: the spec's text, then the API's message when it sent one; still to decide", () => {
    const taken = 'Another listing or account already uses this application’s e-mail address.';
    expect(decisionFailure(conflict(taken), 'approve')).toEqual({ isDecided: false, title: ADMIN_MESSAGES.approveFailedTitle, text: `${ADMIN_MESSAGES.approveFailed} ${taken}` });
    const unavailable = new ApiRequestError(503, 'Service Unavailable', JSON.stringify({ error: { code: 'unavailable', message: 'Please try again shortly.' } }));
    expect(decisionFailure(unavailable, 'reject').text).toBe(`${ADMIN_MESSAGES.rejectFailed} Please try again shortly.`);
    expect(decisionFailure(new ApiRequestError(500, 'Internal Server Error', ''), 'approve')).toEqual({
      isDecided: false,
      title: ADMIN_MESSAGES.approveFailedTitle,
      text: ADMIN_MESSAGES.approveFailed,
    });
    expect(decisionFailure(new TypeError('Failed to fetch'), 'reject')).toEqual({ isDecided: false, title: ADMIN_MESSAGES.rejectFailedTitle, text: ADMIN_MESSAGES.rejectFailed });
  });
});

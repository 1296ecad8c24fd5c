import { describe, expect, it } from 'vitest';
import type { SubscriptionSummary } from '../../../../core/billing';
import {
  canCancel,
  cancellationEffects,
  cancelledToastDescription,
  endingMessage,
  pastDueMessage,
  periodEndRow,
  planLabel,
  refundStatement,
} from './subscription-text';

const summary: SubscriptionSummary = {
  status: 'active',
  plan: 'yearly',
  currentPeriodEnd: '2026-03-03T10:00:00Z',
  cancelAt: null,
  paidUntil: '2026-03-03T10:00:00Z',
  firstPaidAt: '2025-03-03T10:00:00Z',
  isRefundDue: false,
  refundPence: 0,
  hasBilling: true,
};

describe('the subscription panel', () => {
  it('names the plan and its price', () => {
    expect(planLabel(summary)).toBe('Pay Annually (£28/year)');
    expect(planLabel({ plan: 'monthly' })).toBe('Pay Monthly (£3/month)');
  });

  it('says when a plan cancelled in Stripe at the end of its period ends, that the listing stays until then, and that nothing is refunded', () => {
    const ending = { ...summary, cancelAt: '2026-03-03T10:00:00Z' };
    expect(periodEndRow(ending)).toEqual({ label: 'Ends on', value: '3 March 2026' });
    expect(endingMessage(ending)).toBe(
      'Your plan has been cancelled and ends on 3 March 2026. Your listing stays in the directory until then; no further payments will be taken, and as the plan runs the time you paid for, nothing is refunded. To keep it, choose "Don\'t cancel" in Manage billing.',
    );
    expect(endingMessage(summary)).toBeNull();
    // Once it has ended the date is no longer a future one.
    expect(endingMessage({ ...ending, status: 'cancelled' })).toBeNull();
  });

  it('says when a running plan renews, and until when another was paid', () => {
    expect(periodEndRow(summary)).toEqual({ label: 'Renews on', value: '3 March 2026' });
    expect(periodEndRow({ ...summary, status: 'cancelled' })).toEqual({ label: 'Paid until', value: '3 March 2026' });
    expect(periodEndRow({ ...summary, currentPeriodEnd: null })).toBeNull();
    // UK time: just before midnight UTC in summer is already the next day in London.
    expect(periodEndRow({ ...summary, currentPeriodEnd: '2025-06-30T23:30:00Z' })).toEqual({ label: 'Renews on', value: '1 July 2025' });
  });

  it('says what is true of a past-due plan: the renewal that failed (not the unpaid period as paid), and to update the card', () => {
    // Stripe's current period is the one the failed renewal was for: it is not paid.
    const pastDue = { ...summary, status: 'past_due' as const, currentPeriodEnd: '2027-03-03T10:00:00Z', paidUntil: '2026-03-03T10:00:00Z' };
    expect(periodEndRow(pastDue)).toEqual({ label: 'Renewal failed on', value: '3 March 2026' });
    expect(JSON.stringify(periodEndRow(pastDue))).not.toMatch(/Paid until|2027/);
    expect(pastDueMessage(pastDue)).toBe(
      'Your renewal payment due on 3 March 2026 did not go through, so your listing is hidden from the directory. Please update your card in Manage billing: your listing is shown again as soon as the payment is taken.',
    );
    expect(periodEndRow({ ...pastDue, paidUntil: null })).toBeNull();
    expect(pastDueMessage({ paidUntil: null })).toMatch(/^Your last renewal payment did not go through/);
  });

  it('offers cancelling only a running or overdue plan', () => {
    expect(canCancel({ status: 'active' })).toBe(true);
    expect(canCancel({ status: 'past_due' })).toBe(true);
    expect(canCancel({ status: 'inactive' })).toBe(false);
    expect(canCancel({ status: 'cancelled' })).toBe(false);
  });
});

describe('the cancellation dialog (product rules 2 and 13)', () => {
  it('says exactly what cancelling does', () => {
    expect(cancellationEffects(summary)).toEqual([
      'Your Pay Annually plan ends at once: no further payments will be taken.',
      'Your listing is removed from the ITConnect directory.',
      'Your account is closed (archived) and you will be signed out.',
    ]);
  });

  it('promises the refund within the 30 days', () => {
    expect(refundStatement({ ...summary, isRefundDue: true, refundPence: 2800 })).toBe(
      'Your first payment of £28 will be refunded in full under our 30-day money-back guarantee. Refunds usually reach your card within 5 to 10 working days.',
    );
  });

  it('says no refund is due after them, or before any payment', () => {
    expect(refundStatement(summary)).toBe('No refund is due: the 30-day money-back period has passed.');
    expect(refundStatement({ ...summary, firstPaidAt: null })).toBe('No refund is due: no payment has been taken.');
  });

  it('mentions the refund in the toast when one was made', () => {
    expect(cancelledToastDescription(300)).toBe(
      'Your listing has been removed and your account closed. £3 will be refunded to your card, usually within 5 to 10 working days.',
    );
    expect(cancelledToastDescription(0)).toBe('Your listing has been removed and your account closed.');
  });
});

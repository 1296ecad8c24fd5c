// What My Profile says about a provider's subscription, as pure functions (product rules 2 and 13):
// the plan, its state and date, and the cancellation dialog's refund sentence.
import type { SubscriptionSummary } from '../../../../core/billing';
import { formatPounds, MONEY_BACK_DAYS, PLANS } from '../../../../core/plans';
import { formatUkDate } from '../../../../core/uk-date';

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionSummary['status'], string> = {
  active: 'Active',
  past_due: 'Payment overdue',
  inactive: 'Not active',
  cancelled: 'Cancelled',
};

/** 'Pay Monthly (£3/month)'. */
export function planLabel(summary: Pick<SubscriptionSummary, 'plan'>): string {
  const plan = PLANS[summary.plan];
  return `${plan.name} (${plan.shortPrice})`;
}


/**
 * The date row: 'Renews on' for a running plan; for a past-due one, the day its renewal was due and
 * failed (the end of the last period paid for: Stripe's current period is the unpaid one); 'Paid
 * until' otherwise; null without a date.
 */
export function periodEndRow(summary: Pick<SubscriptionSummary, 'status' | 'currentPeriodEnd' | 'paidUntil' | 'cancelAt'>): { label: string; value: string } | null {
  const endsOn = summary.status === 'active' ? formatUkDate(summary.cancelAt) : null;
  if (endsOn) return { label: 'Ends on', value: endsOn };
  if (summary.status === 'past_due') {
    const failedOn = formatUkDate(summary.paidUntil);
    return failedOn ? { label: 'Renewal failed on', value: failedOn } : null;
  }
  const value = formatUkDate(summary.currentPeriodEnd);
  if (!value) return null;
  return { label: summary.status === 'active' ? 'Renews on' : 'Paid until', value };
}

/** What a past-due plan means and what to do (the listing is hidden until a payment is taken). */
export function pastDueMessage(summary: Pick<SubscriptionSummary, 'paidUntil'>): string {
  const failedOn = formatUkDate(summary.paidUntil);
  return `${failedOn ? `Your renewal payment due on ${failedOn} did not go through` : 'Your last renewal payment did not go through'}, so your listing is hidden from the directory. Please update your card in Manage billing: your listing is shown again as soon as the payment is taken.`;
}

/**
 * A plan set to end at the close of its period in Stripe's billing page (product rule 13): what
 * happens then, and how to keep it; null for a plan that renews.
 */
export function endingMessage(summary: Pick<SubscriptionSummary, 'status' | 'cancelAt'>): string | null {
  const endsOn = summary.status === 'active' ? formatUkDate(summary.cancelAt) : null;
  if (!endsOn) return null;
  return `Your plan has been cancelled and ends on ${endsOn}. Your listing stays in the directory until then; no further payments will be taken, and as the plan runs the time you paid for, nothing is refunded. To keep it, choose "Don't cancel" in Manage billing.`;
}

/** Whether there is a plan to cancel (it is running, or its renewal payment is overdue). */
export function canCancel(summary: Pick<SubscriptionSummary, 'status'>): boolean {
  return summary.status === 'active' || summary.status === 'past_due';
}

/** The refund sentence of the cancellation dialog (product rule 2). */
export function refundStatement(summary: Pick<SubscriptionSummary, 'isRefundDue' | 'refundPence' | 'firstPaidAt'>): string {
  if (summary.isRefundDue) {
    return `Your first payment of ${formatPounds(summary.refundPence)} will be refunded in full under our ${MONEY_BACK_DAYS}-day money-back guarantee. Refunds usually reach your card within 5 to 10 working days.`;
  }
  if (!summary.firstPaidAt) return 'No refund is due: no payment has been taken.';
  return `No refund is due: the ${MONEY_BACK_DAYS}-day money-back period has passed.`;
}

/** What cancelling does, in the order it happens (product rule 13). */
export function cancellationEffects(summary: Pick<SubscriptionSummary, 'plan'>): string[] {
  return [
    `Your ${PLANS[summary.plan].name} plan ends at once: no further payments will be taken.`,
    'Your listing is removed from the ITConnect directory.',
    'Your account is closed (archived) and you will be signed out.',
  ];
}

/** The 'Subscription cancelled' toast's description, with the refund when there is one. */
export function cancelledToastDescription(refundedPence: number): string {
  const done = 'Your listing has been removed and your account closed.';
  return refundedPence > 0
    ? `${done} ${formatPounds(refundedPence)} will be refunded to your card, usually within 5 to 10 working days.`
    : done;
}

import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../../core/plans';
import { APPLY_MESSAGES } from '../../../../core/billing';
import { parseSubscribeQuery, PAYING_BUTTON_TEXT, planCardText, subscribeButtonText, subscribeFailure, SUBSCRIBE_FEATURES } from './subscribe-logic';

describe('parseSubscribeQuery', () => {
  it('reads the professional and the plan, monthly by default', () => {
    expect(parseSubscribeQuery('?professionalId=12&type=yearly')).toEqual({ professionalId: 12, plan: 'yearly' });
    expect(parseSubscribeQuery('?professionalId=12&type=monthly')).toEqual({ professionalId: 12, plan: 'monthly' });
    expect(parseSubscribeQuery('?professionalId=12')).toEqual({ professionalId: 12, plan: 'monthly' });
    expect(parseSubscribeQuery('?professionalId=12&type=weekly')).toEqual({ professionalId: 12, plan: 'monthly' });
  });

  it('has no answer without a usable professionalId (the page goes to /)', () => {
    for (const search of ['', '?type=yearly', '?professionalId=', '?professionalId=0', '?professionalId=-3', '?professionalId=1.5', '?professionalId=abc', '?professionalId=99999999999999999999']) {
      expect(parseSubscribeQuery(search), search).toBeNull();
    }
  });
});

describe('the pay button', () => {
  it('says what is charged, from core/plans (never the spec’s £1/£10)', () => {
    expect(subscribeButtonText('monthly')).toBe('Subscribe £3/month');
    expect(subscribeButtonText('yearly')).toBe('Subscribe £28/year');
    expect(subscribeButtonText('monthly')).toBe(`Subscribe ${PLANS.monthly.shortPrice}`);
    for (const plan of ['monthly', 'yearly'] as const) expect(subscribeButtonText(plan)).not.toMatch(/£1\/|£10\//);
    expect(PAYING_BUTTON_TEXT).toBe('Processing...');
  });
});

describe('the plan card', () => {
  it("reads as the spec's", () => {
    expect(planCardText('yearly')).toEqual({ title: 'Annual Plan', badge: 'Save 22%', price: '£28 per year - Best value!' });
    expect(planCardText('monthly')).toEqual({ title: 'Monthly Plan', badge: null, price: '£3 per month - Pay as you go' });
    expect(SUBSCRIBE_FEATURES).toHaveLength(5);
  });
});

describe('when no subscription can be started', () => {
  it('sends a past-due listing to My Profile (Manage billing) with the reason, not to a retry', () => {
    expect(subscribeFailure({ status: 409, apiMessage: APPLY_MESSAGES.pastDue })).toEqual({ message: APPLY_MESSAGES.pastDue, detail: null, next: 'profile' });
    expect(APPLY_MESSAGES.pastDue).toMatch(/Manage billing/);
  });

  it("otherwise says the spec's 'Unable to create subscription' and offers a retry", () => {
    expect(subscribeFailure({ status: 503, apiMessage: 'Stripe is down' })).toEqual({ message: APPLY_MESSAGES.subscriptionFailed, detail: 'Stripe is down', next: 'retry' });
    expect(subscribeFailure(null)).toEqual({ message: APPLY_MESSAGES.subscriptionFailed, detail: null, next: 'retry' });
  });
});

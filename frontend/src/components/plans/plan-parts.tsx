// The parts every plan card shows the same way, wherever a plan is offered (home pricing, /apply):
// the "Best value" badge, the yearly saving and the feature list, all from core/plans (product rule 1),
// and the money-back promise with its link to the terms (product rule 2).
import { Link } from 'react-router-dom';
import { MONEY_BACK_DAYS, YEARLY_SAVING_PERCENT, type Plan } from '../../../../core/plans';
import { CheckList } from '../check-list';
import { linkClass } from '../styles';

export function PlanBadge({ plan }: { plan: Plan }) {
  if (!plan.badge) return null;
  return (
    <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-blue-700 px-3 py-1 text-xs font-semibold text-white">
      {plan.badge}
    </p>
  );
}

export function PlanSaving({ plan }: { plan: Plan }) {
  if (plan.id !== 'yearly') return null;
  return (
    <p className="mt-2 text-sm font-medium text-green-800">
      <span className="rounded bg-green-100 px-2 py-0.5">Save {YEARLY_SAVING_PERCENT}%</span> {plan.savingText}
    </p>
  );
}

export function PlanFeatures({ features, className }: { features: readonly string[]; className: string }) {
  return <CheckList items={features} className={`flex-1 text-sm text-gray-800 ${className}`} />;
}

export function MoneyBackPromise({ className }: { className: string }) {
  return (
    <p className={className}>
      {MONEY_BACK_DAYS}-day money-back guarantee: cancel within {MONEY_BACK_DAYS} days of your first payment and we
      refund it in full. See our{' '}
      <Link to="/terms-of-service" className={linkClass}>
        Terms of Service
      </Link>
      .
    </p>
  );
}

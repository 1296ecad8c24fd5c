// Both plans from core/plans (product rule 1); buttons go to /apply?plan=… and the review promise is
// the home page's 24-48 hours (product rule 3); the 30-day money-back guarantee is advertised here
// (spec, product rule 2).
import { Link } from 'react-router-dom';
import { PLANS, formatPounds, type Plan } from '../../../../core/plans';
import { MoneyBackPromise, PlanBadge, PlanFeatures, PlanSaving } from '../../components/plans/plan-parts';
import { displayHeadingClass, pageWidthClass, sectionHeadingClass } from '../../components/styles';

function PlanCard({ plan }: { plan: Plan }) {
  const isYearly = plan.id === 'yearly';
  const headingId = `plan-${plan.id}-heading`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-xl border bg-white p-8 shadow-sm ${isYearly ? 'border-blue-700 ring-2 ring-blue-700' : 'border-gray-200'}`}
    >
      <PlanBadge plan={plan} />
      <h3 id={headingId} className={sectionHeadingClass}>
        {plan.name}
      </h3>
      <p className="mt-4">
        <span className="text-4xl font-bold text-gray-900">{formatPounds(plan.pricePence)}</span>
        <span className="text-gray-700">/{plan.interval}</span>
      </p>
      <PlanSaving plan={plan} />
      <PlanFeatures features={plan.features} className="mt-6 space-y-2" />
      <Link
        to={`/apply?plan=${plan.id}`}
        aria-label={`Get started with ${plan.name}, ${plan.shortPrice}`}
        className={`mt-8 rounded-md px-5 py-3 text-center text-sm font-semibold ${isYearly ? 'bg-blue-700 text-white hover:bg-blue-800' : 'border border-blue-700 text-blue-800 hover:bg-blue-50'}`}
      >
        Get Started
      </Link>
    </article>
  );
}

export function PricingSection() {
  return (
    <section aria-labelledby="home-pricing-heading" className="bg-gray-50">
      <div className={`${pageWidthClass} py-16`}>
        <h2 id="home-pricing-heading" className={`${displayHeadingClass} text-center`}>
          Simple, transparent pricing
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-gray-700">
          List your IT business for one flat fee, with no commission on the work you win. Every listing is reviewed
          within 24-48 hours.
        </p>
        <div className="mx-auto mt-12 grid max-w-4xl gap-8 md:grid-cols-2">
          <PlanCard plan={PLANS.monthly} />
          <PlanCard plan={PLANS.yearly} />
        </div>
        <MoneyBackPromise className="mx-auto mt-8 max-w-2xl text-center text-sm text-gray-700" />
      </div>
    </section>
  );
}

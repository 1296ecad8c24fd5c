// Step 1 of /apply: the two plans from core/plans (product rule 1). Choosing one enables the form
// below; once chosen, the step shows the plan with 'Change Plan', which clears the choice.
import type { Ref } from 'react';
import { formatPounds, PLANS, YEARLY_SAVING_PERCENT, type Plan, type PlanId } from '../../../../core/plans';
import { PlanBadge, PlanFeatures, PlanSaving } from '../../components/plans/plan-parts';
import { panelClass, primaryButtonClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';

/** '£3 per month', '£28 per year'. */
export function planPriceText(plan: Plan): string {
  return `${formatPounds(plan.pricePence)} per ${plan.interval}`;
}

interface PlanStepProps {
  plan: PlanId | null;
  onChoose: (plan: PlanId) => void;
  onChange: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

export function PlanStep({ plan, onChoose, onChange, headingRef }: PlanStepProps) {
  return (
    <section aria-labelledby="apply-step-plan" className="space-y-4">
      <h2 id="apply-step-plan" ref={headingRef} tabIndex={-1} className={`${sectionHeadingClass} focus:outline-none`}>
        Step 1: Choose your plan
      </h2>
      {plan ? (
        <div className={`${panelClass} flex flex-wrap items-center justify-between gap-4`}>
          <p className="text-gray-900">
            Your plan: <strong>{PLANS[plan].name}</strong>, {planPriceText(PLANS[plan])}
            {plan === 'yearly' ? ` (save ${YEARLY_SAVING_PERCENT}%)` : null}.
          </p>
          <button type="button" onClick={onChange} className={secondaryButtonClass}>
            Change Plan
          </button>
        </div>
      ) : (
        <>
          <p className="text-gray-700">Choose how you would like to pay. You can cancel at any time.</p>
          <div className="grid gap-6 md:grid-cols-2">
            <PlanOption plan={PLANS.monthly} onChoose={onChoose} />
            <PlanOption plan={PLANS.yearly} onChoose={onChoose} />
          </div>
        </>
      )}
    </section>
  );
}

function PlanOption({ plan, onChoose }: { plan: Plan; onChoose: (plan: PlanId) => void }) {
  const isYearly = plan.id === 'yearly';
  const headingId = `apply-plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-lg border bg-white p-6 shadow-sm ${isYearly ? 'border-blue-700 ring-2 ring-blue-700' : 'border-gray-200'}`}
    >
      <PlanBadge plan={plan} />
      <h3 id={headingId} className="text-lg font-semibold text-gray-900">
        {plan.name}
      </h3>
      <p className="mt-3 text-2xl font-bold text-gray-900">{planPriceText(plan)}</p>
      <PlanSaving plan={plan} />
      <PlanFeatures features={plan.features} className="mt-4 space-y-1.5" />
      <button type="button" onClick={() => onChoose(plan.id)} className={`${primaryButtonClass} mt-6 w-full`}>
        Choose {plan.name}
      </button>
    </article>
  );
}

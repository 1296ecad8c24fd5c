import { createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PlanId } from '../../../../core/plans';
import { stripTags, textOf } from '../../testing/render-page';
import { emptyApplication } from './application-form';
import { ApplicationForm } from './application-form-view';
import { PlanStep } from './plan-step';

function renderPlanStep(plan: PlanId | null): string {
  return renderToStaticMarkup(<PlanStep plan={plan} onChoose={() => {}} onChange={() => {}} headingRef={createRef()} />);
}

function renderForm(plan: PlanId | null, isSignedIn: boolean): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ApplicationForm plan={plan} isSignedIn={isSignedIn} initialValues={emptyApplication(isSignedIn ? 'ann@example.com' : '')} />
    </MemoryRouter>,
  );
}

describe('step 1: the plans', () => {
  it('offers both plans with their prices from core/plans', () => {
    const text = stripTags(renderPlanStep(null));
    expect(textOf(renderPlanStep(null), 'h3')).toEqual(['Pay Monthly', 'Pay Annually']);
    expect(text).toContain('£3 per month');
    expect(text).toContain('£28 per year');
    expect(text).toContain('Save 22%');
    expect(text).toContain('Best Value');
    expect(text).toContain('Choose Pay Monthly');
    expect(text).toContain('Choose Pay Annually');
    expect(text).not.toContain('Change Plan');
  });

  it("shows the chosen plan with 'Change Plan'", () => {
    const text = stripTags(renderPlanStep('yearly'));
    expect(text).toContain('Your plan: Pay Annually, £28 per year (save 22%).');
    expect(text).toContain('Change Plan');
    expect(text).not.toContain('Choose Pay Monthly');
  });
});

describe('step 2: the form', () => {
  it('is disabled until a plan is chosen, but Continue to Payment still answers (with the spec\'s plan message)', () => {
    const withoutPlan = renderForm(null, false);
    expect(withoutPlan).toMatch(/<fieldset disabled=""/);
    expect(renderForm('monthly', false)).not.toMatch(/<fieldset disabled=""/);
    // The button sits outside the disabled fieldset, enabled, so the message can be reached.
    expect(withoutPlan.indexOf('Continue to Payment')).toBeGreaterThan(withoutPlan.lastIndexOf('</fieldset>'));
    expect(withoutPlan).toMatch(/<button type="submit"(?![^>]*\sdisabled="")[^>]*>Continue to Payment<\/button>/);
  });

  it('asks a visitor for a password and a signed-in user for none', () => {
    const visitor = renderForm('monthly', false);
    expect(visitor).toContain('name="password"');
    expect(visitor).toContain('name="confirmPassword"');
    const member = renderForm('monthly', true);
    expect(member).not.toContain('name="password"');
    const email = /<input[^>]*name="email"[^>]*>/.exec(member)?.[0] ?? '';
    expect(email).toContain('readOnly=""');
    expect(email).toContain('value="ann@example.com"');
    expect(/<input[^>]*name="email"[^>]*>/.exec(visitor)?.[0]).not.toContain('readOnly');
  });

  it('labels every control and has the spec’s button', () => {
    const html = renderForm('monthly', false);
    const text = stripTags(html);
    for (const label of ['Company name', 'Contact name', 'Email', 'Description', 'Service area', 'Region', 'Postcode', 'Rate type', 'Project based', 'Number of employees (optional)', 'Business type (optional)', 'Link 1: platform', 'Link 1: address']) {
      expect(text, label).toContain(label);
    }
    expect(text).toContain('0 of 10 selected');
    expect(html).toMatch(/<button type="submit"[^>]*>Continue to Payment<\/button>/);
    // Every input, select and textarea has an id that a label points at (checkboxes sit inside theirs).
    const ids = [...html.matchAll(/<(?:input|select|textarea)(?![^>]*type="checkbox")[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(html, id).toContain(`for="${id}"`);
  });
});

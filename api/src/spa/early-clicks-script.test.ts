import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EARLY_CLICKS_GLOBAL, type EarlyClicks } from '../../../core/early-clicks';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../../core/site-config';
import { CONSENT_CHOICE_ATTRIBUTE } from './consent-choice-script';
import { EARLY_CLICKS_SCRIPT, EARLY_CLICKS_SCRIPT_CSP, withEarlyClicksScript } from './early-clicks-script';

interface FakeElement {
  closest: (selector: string) => FakeElement | null;
  getAttribute: (name: string) => string | null;
}

/** An element that `closest` finds for the selectors it matches (by its attributes), as the DOM would. */
function element(attributes: Record<string, string>, { inPendingBanner = false } = {}): FakeElement {
  const self: FakeElement = {
    getAttribute: (name) => attributes[name] ?? null,
    closest: (selector) => {
      if (selector.startsWith('[data-cookie-banner="pending"]')) return inPendingBanner && 'data-consent' in attributes ? self : null;
      const name = /^\[([a-z-]+)\]$/.exec(selector)?.[1];
      return name !== undefined && name in attributes ? self : null;
    },
  };
  return self;
}

/** Runs the script in a page of its own; returns a click function and what the page holds. */
function page({ storageThrows = false } = {}) {
  let listener: ((event: { target: unknown; preventDefault: () => void }) => void) | undefined;
  const assigned: string[] = [];
  let prevented = 0;
  let capture: unknown;
  const stored = new Map<string, string>();
  const htmlAttributes = new Set<string>();
  const window: Record<string, unknown> = {};
  const context = {
    window,
    JSON,
    Date,
    location: { assign: (href: string) => assigned.push(href) },
    localStorage: {
      setItem: (key: string, value: string) => {
        if (storageThrows) throw new Error('storage disabled');
        stored.set(key, value);
      },
    },
    document: {
      documentElement: { setAttribute: (name: string) => htmlAttributes.add(name) },
      addEventListener: (type: string, fn: typeof listener, options: unknown) => {
        if (type === 'click') [listener, capture] = [fn, options];
      },
    },
  };
  runInNewContext(EARLY_CLICKS_SCRIPT, context);
  return {
    click: (target: unknown) => listener!({ target, preventDefault: () => (prevented += 1) }),
    assigned,
    prevented: () => prevented,
    capture,
    stored,
    htmlAttributes,
    state: () => window[EARLY_CLICKS_GLOBAL] as EarlyClicks,
  };
}

describe('the early-clicks script', () => {
  it("stores the cookie banner's choice as saveConsent does and hides the banner", () => {
    const p = page();
    expect(p.capture).toBe(true); // before any handler of the page's own
    const before = Date.now();
    p.click(element({ 'data-consent': 'declined' }, { inPendingBanner: true }));
    const record = JSON.parse(p.stored.get(COOKIE_CONSENT_STORAGE_KEY)!) as { choice: string; at: number };
    expect(record.choice).toBe('declined');
    expect(record.at).toBeGreaterThanOrEqual(before);
    expect(p.htmlAttributes.has(CONSENT_CHOICE_ATTRIBUTE)).toBe(true);
  });

  it('hides the banner for this page even where storage fails', () => {
    const p = page({ storageThrows: true });
    p.click(element({ 'data-consent': 'accepted' }, { inPendingBanner: true }));
    expect(p.htmlAttributes.has(CONSENT_CHOICE_ATTRIBUTE)).toBe(true);
  });

  it('leaves a hydrated banner to React', () => {
    const p = page();
    p.click(element({ 'data-consent': 'accepted' }, { inPendingBanner: false }));
    expect(p.stored.size).toBe(0);
    expect(p.htmlAttributes.size).toBe(0);
  });

  it('notes clicks on a marked control, and nothing else', () => {
    const p = page();
    p.click(element({ 'data-replay-click': 'open-menu' }));
    p.click(element({ class: 'something else' }));
    p.click(null);
    expect(p.state().clicks).toEqual(['open-menu']);
    expect(p.assigned).toEqual([]);
  });

  it('goes to the address of a button that only navigates', () => {
    const p = page();
    p.click(element({ 'data-early-href': '/professionals?service=Web%20Design' }));
    expect(p.assigned).toEqual(['/professionals?service=Web%20Design']);
    expect(p.prevented()).toBe(1);
  });

  it('does nothing once React is attached', () => {
    const p = page();
    p.state().isReactAttached = true;
    p.click(element({ 'data-replay-click': 'open-menu' }));
    p.click(element({ 'data-early-href': '/professionals' }));
    p.click(element({ 'data-consent': 'accepted' }, { inPendingBanner: true }));
    expect(p.state().clicks).toEqual([]);
    expect(p.assigned).toEqual([]);
    expect(p.stored.size).toBe(0);
  });

  it('is allowed by its hash and goes at the end of the head', () => {
    expect(EARLY_CLICKS_SCRIPT_CSP).toBe(`'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}'`);
    expect(EARLY_CLICKS_SCRIPT).not.toMatch(/<\//);
    expect(withEarlyClicksScript('<head></head><body></body>')).toBe(`<head><script>${EARLY_CLICKS_SCRIPT}</script></head><body></body>`);
  });
});

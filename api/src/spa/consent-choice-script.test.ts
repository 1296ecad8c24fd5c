import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../../core/site-config';
import { CONSENT_CHOICE_ATTRIBUTE, CONSENT_CHOICE_SCRIPT, CONSENT_CHOICE_SCRIPT_CSP, withConsentChoiceScript } from './consent-choice-script';
import { EARLY_CLICKS_SCRIPT } from './early-clicks-script';
import { withRootMarkup } from './page-preloads';

/** Runs the script against a stored value (undefined: storage that throws); returns whether <html> was marked. */
function marks(stored: string | null | undefined): boolean {
  const attributes = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => {
      if (stored === undefined) throw new Error('storage disabled');
      return key === COOKIE_CONSENT_STORAGE_KEY ? stored : null;
    },
  };
  const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  runInNewContext(CONSENT_CHOICE_SCRIPT, { localStorage, document, JSON, isFinite });
  return attributes.has(CONSENT_CHOICE_ATTRIBUTE);
}

describe('the consent-choice script', () => {
  it('marks <html> for a stored choice, as parseConsent reads one', () => {
    expect(marks(JSON.stringify({ choice: 'accepted', at: 1 }))).toBe(true);
    expect(marks(JSON.stringify({ choice: 'declined', at: Date.now() }))).toBe(true);
  });

  it('leaves the banner shown for no choice, an invalid one or storage that throws', () => {
    for (const stored of [null, '', 'not json', 'null', '"accepted"', '{"choice":"maybe","at":1}', '{"choice":"accepted"}', '{"choice":"accepted","at":"1"}', undefined]) {
      expect(marks(stored), String(stored)).toBe(false);
    }
  });

  it('is allowed by its hash and cannot end its element early', () => {
    expect(CONSENT_CHOICE_SCRIPT_CSP).toBe(`'sha256-${createHash('sha256').update(CONSENT_CHOICE_SCRIPT).digest('base64')}'`);
    expect(CONSENT_CHOICE_SCRIPT).not.toMatch(/<\//);
  });

  it('runs in the head, before the body, of every page with markup in its root', () => {
    const html = withRootMarkup('<head><title>t</title></head><body><div id="root"></div></body>', { markup: '<main>Hi</main>', entryStyles: [] });
    expect(html).toBe(`<head><title>t</title><script>${CONSENT_CHOICE_SCRIPT}</script><script>${EARLY_CLICKS_SCRIPT}</script></head><body><div id="root"><main>Hi</main></div></body>`);
    expect(withConsentChoiceScript('<p>no head</p>')).toBe('<p>no head</p>');
  });
});

// The two-step verification notice (product rule 35): one template, three changes, each saying what
// happened and what to do if it was not them; data that does not fit is refused, not sent.
import { describe, expect, it } from 'vitest';
import { renderTemplate } from './templates';

const resetUrl = 'https://itconnect.example/forgot-password';

describe('two-step-changed', () => {
  it('says what changed and how to react, with the reset link', () => {
    const cases = [
      ['on', 'Two-step verification is on for your ITConnect account', 'now on'],
      ['off', 'Two-step verification is off for your ITConnect account', 'now off'],
      ['off-by-team', 'Two-step verification is off for your ITConnect account', 'Our team turned off two-step verification'],
    ] as const;
    for (const [change, subject, sentence] of cases) {
      const result = renderTemplate('two-step-changed', { name: 'Ada', change, resetUrl });
      if (!result.ok) throw new Error(result.problems.join('; '));
      expect(result.email.subject).toBe(subject);
      expect(result.email.text).toContain('Hello Ada,');
      expect(result.email.text).toContain(sentence);
      expect(result.email.text).toContain('If this was not you, reset your password now');
      expect(result.email.html).toContain(`href="${resetUrl}"`);
    }
  });

  it('refuses data that does not fit', () => {
    const result = renderTemplate('two-step-changed', { name: 'Ada', change: 'sideways', resetUrl });
    expect(result.ok).toBe(false);
  });
});

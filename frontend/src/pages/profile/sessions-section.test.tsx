// 'Signed-in devices' as the server-side renderer draws it from given answers (SWR's fallback
// data): this device flagged and without a button, each other device with a labelled button, UK
// times, and the loading state (the server renderer makes no request, so the failure state is not drawn here).
import { renderToStaticMarkup } from 'react-dom/server';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { AccountSessions } from '../../../../core/sessions';
import { ACCOUNT_SESSIONS_KEY } from '../../api/sessions';
import { formatSessionTime, SessionsSection } from './sessions-section';

function render(answer: AccountSessions | Error | undefined): string {
  const fallback = answer instanceof Error || answer === undefined ? {} : { [ACCOUNT_SESSIONS_KEY]: answer };
  const fetcher = answer instanceof Error ? () => Promise.reject(answer) : () => new Promise(() => undefined);
  return renderToStaticMarkup(
    <SWRConfig value={{ provider: () => new Map(), fallback, fetcher }}>
      <SessionsSection />
    </SWRConfig>,
  );
}

describe('SessionsSection', () => {
  it('lists this device first with no button, and a labelled Sign out for each other device', () => {
    const html = render({
      sessions: [
        { handle: 'a'.repeat(22), device: 'Chrome on Windows', signedInAt: '2026-07-01T08:30:00Z', lastActiveAt: '2026-07-02T13:05:00Z', isCurrent: true },
        { handle: 'b'.repeat(22), device: 'Safari on iPhone', signedInAt: null, lastActiveAt: null, isCurrent: false },
      ],
    });
    expect(html).toContain('Signed-in devices');
    expect(html).toContain('This device');
    // Summer: London is an hour ahead of UTC.
    expect(html).toContain('Signed in 1 Jul 2026, 09:30 · Last active 2 Jul 2026, 14:05');
    expect(html).toContain('Signed in Unknown · Last active Unknown');
    expect(html).toContain('aria-label="Sign out Safari on iPhone"');
    expect(html).not.toContain('aria-label="Sign out Chrome on Windows"');
    expect(html).toContain('Sign out all other devices');
  });

  it('says when no other device is signed in, and offers no button for the others', () => {
    const html = render({
      sessions: [{ handle: 'a'.repeat(22), device: 'Unknown device', signedInAt: null, lastActiveAt: null, isCurrent: true }],
    });
    expect(html).toContain('You are not signed in on any other device.');
    expect(html).not.toContain('Sign out all other devices');
  });

  it('shows a loading state until the answer comes', () => {
    expect(render(undefined)).toContain('Loading signed-in devices…');
  });
});

describe('formatSessionTime', () => {
  it('writes UK time in British style, and Unknown without a time', () => {
    expect(formatSessionTime('2026-01-15T17:45:00Z')).toBe('15 Jan 2026, 17:45');
    expect(formatSessionTime('2026-07-15T17:45:00Z')).toBe('15 Jul 2026, 18:45');
    expect(formatSessionTime(null)).toBe('Unknown');
    expect(formatSessionTime('not a date')).toBe('Unknown');
  });
});

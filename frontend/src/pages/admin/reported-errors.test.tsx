// The dashboard's 'Reported errors' as the server-side renderer draws it from a given answer: the
// groups as a captioned table, the most recent first, and the empty state.
import { renderToStaticMarkup } from 'react-dom/server';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_TEXTS, type ClientErrorGroup } from '../../../../core/client-errors';
import { CLIENT_ERRORS_KEY } from '../../api/use-admin';
import { stripTags, textOf } from '../../testing/render-page';
import { ReportedErrorsPanel } from './reported-errors';

function render(groups: ClientErrorGroup[]): string {
  return renderToStaticMarkup(
    <SWRConfig value={{ fallback: { [CLIENT_ERRORS_KEY]: groups }, provider: () => new Map() }}>
      <ReportedErrorsPanel />
    </SWRConfig>,
  );
}

const GROUP: ClientErrorGroup = {
  id: 7,
  message: "TypeError: Cannot read properties of undefined (reading 'map')",
  source: 'unhandled-rejection',
  release: 'abc1234',
  count: 1234,
  firstSeen: '2026-11-27T09:00:00Z',
  lastSeen: '2026-11-27T10:30:00Z',
  lastPage: '/professionals/acme-it',
};

describe('Reported errors', () => {
  it('lists each group in a captioned table: message, where, release, times, first and last seen, last page', () => {
    const html = render([GROUP]);
    expect(textOf(html, 'h2')).toEqual([CLIENT_ERROR_TEXTS.sectionTitle]);
    expect(html).toContain('<caption class="sr-only">');
    expect(textOf(html, 'th')).toEqual(['Message', 'Where', 'Release', 'Times', 'First seen', 'Last seen', 'Last page', GROUP.message]);
    const text = stripTags(html);
    for (const part of ['Rejected promise', 'abc1234', '1,234', '/professionals/acme-it']) expect(text).toContain(part);
    expect(text).not.toContain(CLIENT_ERROR_TEXTS.empty);
  });

  it(`says '${CLIENT_ERROR_TEXTS.empty}' when there are none`, () => {
    const html = render([]);
    expect(stripTags(html)).toContain(CLIENT_ERROR_TEXTS.empty);
    expect(html).not.toContain('<table');
  });
});

// 'Checks and credentials' on /profile as the server renderer draws it from a given answer (SWR's
// fallback data): each status in words, the expiry, the evidence links, Withdraw only where it
// applies, the empty and loading states, and the form to ask for a check.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { MyCredential } from '../../../../core/credentials';
import { MY_CREDENTIALS_KEY } from '../../api/use-credentials';
import { stripTags } from '../../testing/render-page';
import { CredentialsSection } from './credentials-section';

function render(answer: MyCredential[] | undefined): string {
  const fallback = answer === undefined ? {} : { [MY_CREDENTIALS_KEY]: answer };
  return renderToStaticMarkup(
    <MemoryRouter>
      <SWRConfig value={{ provider: () => new Map(), fallback, fetcher: () => new Promise(() => undefined) }}>
        <CredentialsSection />
      </SWRConfig>
    </MemoryRouter>,
  );
}

const base = { submittedAt: '2026-11-01T10:00:00Z', reviewedAt: null, rejectionReason: null, endedAt: null, evidence: [] };

describe('CredentialsSection', () => {
  it('lists each credential with its status, expiry and evidence, and Withdraw where it applies', () => {
    const html = render([
      {
        ...base,
        id: 1,
        kind: 'professional_indemnity',
        status: 'approved',
        details: { insurer: 'Hiscox', coverPounds: 2_000_000 },
        expiresOn: '2027-03-31',
        reviewedAt: '2026-11-12T10:00:00Z',
        evidence: [{ name: 'f'.repeat(32), originalName: 'schedule.pdf', contentType: 'application/pdf', size: 1000 }],
      },
      { ...base, id: 2, kind: 'ico_registration', status: 'rejected', details: { registrationNumber: 'ZA123456' }, expiresOn: '2027-01-01', rejectionReason: 'Not in your name' },
      { ...base, id: 3, kind: 'companies_house', status: 'pending', details: { companyNumber: '01234567', registeredName: 'Acme Ltd' }, expiresOn: null },
    ]);
    const text = stripTags(html);
    expect(text).toContain('Checks and credentials');
    expect(text).toContain('Hiscox, £2,000,000 cover');
    expect(text).toContain('Approved, checked 12 Nov 2026');
    expect(text).toContain('Expires 31 Mar 2027');
    expect(html).toContain(`href="/api/evidence/${'f'.repeat(32)}"`);
    expect(text).toContain('schedule.pdf');
    expect(text).toContain('Not approved: Not in your name');
    expect(text).toContain('Waiting for review');
    expect(text).toContain('Withdraw Professional indemnity insurance');
    expect(text).toContain('Withdraw Companies House registration');
    expect(text).not.toContain('Withdraw ICO registration');
    expect(text).toContain('Ask for a check');
  });

  it('says when there are none yet, and shows loading until the answer comes', () => {
    expect(stripTags(render([]))).toContain('You have not asked for any checks yet.');
    expect(render(undefined)).toContain('Loading your checks…');
  });
});

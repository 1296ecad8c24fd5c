// The evidence queue's cards as the server renderer draws them, and the dashboard's count of the
// credentials waiting (issue 34, product rule 45).
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AdminStats } from '../../../../core/admin';
import type { AdminCredential } from '../../../../core/credentials';
import { stripTags } from '../../testing/render-page';
import { CredentialCard } from './credentials-dialog';
import { statCards } from './stats-panels';

function render(credential: AdminCredential): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <CredentialCard credential={credential} />
    </MemoryRouter>,
  );
}

const base = {
  submittedAt: '2026-11-20T10:00:00Z',
  reviewedAt: null,
  rejectionReason: null,
  endedAt: null,
  evidence: [],
  reviewedBy: null,
  professional: { id: 9, slug: 'acme-it', companyName: 'Acme IT', isLive: true },
};

describe('the evidence queue', () => {
  it('shows a company’s registered name beside the listing’s, whether they match, the register, and Approve and Reject', () => {
    const html = render({
      ...base,
      id: 1,
      kind: 'companies_house',
      status: 'pending',
      details: { companyNumber: '01234567', registeredName: 'Acme Information Technology Limited' },
      expiresOn: null,
      namesMatch: false,
    });
    const text = stripTags(html);
    expect(text).toContain('Companies House registration: Acme IT');
    expect(html).toContain('href="/professionals/acme-it"');
    expect(text).toContain('Acme Information Technology Limited');
    expect(text).toContain('Names differ');
    expect(html).toContain('https://find-and-update.company-information.service.gov.uk/company/01234567');
    expect(text).toContain('Does not expire');
    expect(text).toContain('Approve');
    expect(text).toContain('Reject');
  });

  it('links each evidence file, and offers no decision on one already decided', () => {
    const html = render({
      ...base,
      id: 2,
      kind: 'public_liability',
      status: 'rejected',
      details: { insurer: 'Hiscox', coverPounds: 5_000_000 },
      expiresOn: '2027-06-30',
      namesMatch: null,
      reviewedAt: '2026-11-21T10:00:00Z',
      reviewedBy: 'Demo Admin',
      rejectionReason: 'The schedule names another business',
      evidence: [{ name: 'c'.repeat(32), originalName: 'schedule.pdf', contentType: 'application/pdf', size: 2048 }],
    });
    const text = stripTags(html);
    expect(text).toContain('£5,000,000');
    expect(text).toContain('30 Jun 2027');
    expect(html).toContain(`href="/api/evidence/${'c'.repeat(32)}"`);
    expect(text).toContain('The schedule names another business');
    expect(text).not.toContain('Names');
    expect(html).not.toContain('>Approve<');
  });

  it('counts the credentials waiting on the dashboard, a card that opens the queue', () => {
    const stats = {
      totalProfessionals: 0,
      activeProfessionals: 0,
      totalCustomers: 0,
      pendingApplications: 0,
      pendingCredentials: 1234,
      archivedUsers: 0,
      totalRevenue: 0,
      monthlyRevenue: 0,
      yearlyRevenue: 0,
      subscriptionBreakdown: { monthly: 0, yearly: 0, activeSubscriptions: 0, cancelledSubscriptions: 0, pastDueSubscriptions: 0 },
      months: [],
      topRated: [],
      quotes: { requestsSent: 0, deliveries: 0, answered: 0, reportedAsSpam: 0, spamAwaitingReview: 0 },
    } satisfies AdminStats;
    const card = statCards(stats).find((c) => c.id === 'pending-credentials');
    expect(card?.value).toBe('1,234');
    expect(card?.dialog?.id).toBe('credentials');
  });
});

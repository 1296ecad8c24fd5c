// The dashboard as the server-side renderer draws it from given answers (SWR's fallback data):
// who may see it, every statistic with its formatting, the chart's table, the maintenance switch,
// the queues, and the texts of the failure states.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  DECISION_TEXTS,
  type AdminApplication,
  type AdminQuoteReport,
  type AdminStats,
  type AuditEntry,
  type MaintenanceStatus,
  type QueueSummary,
} from '../../../../core/admin';
import type { CurrentUser } from '../../../../core/auth';
import { LISTING_FIELDS, readListingFields } from '../../../../core/listing-fields';
import { listKey } from '../../api/admin-lists';
import { ADMIN_STATS_KEY, MAINTENANCE_STATUS_KEY, QUEUES_KEY } from '../../api/use-admin';
import { CURRENT_USER_KEY } from '../../api/use-current-user';
import { SITE_CONFIG_KEY } from '../../api/use-site-config';
import type { SiteConfig } from '../../../../core/site-config';
import { TWO_STEP_MESSAGES } from '../../../../core/two-step';
import { stripTags, textOf } from '../../testing/render-page';
import { DashboardError } from './admin-dashboard';
import { AdminPage, NOT_ALLOWED } from './admin-page';
import { ApplicationCard } from './applications-dialog';
import { AUDIT_LOG_PATH } from './audit-log';
import { professionalState } from './people-dialogs';
import { QuoteReportCard } from './quote-reports-dialog';

/** The text as read aloud: a space between elements (stripTags joins them). */
function readable(html: string): string {
  return stripTags(html.replace(/></g, '> <'));
}

function user(role: CurrentUser['role']): CurrentUser {
  return { id: 1, email: `${role}@example.com`, name: `Demo ${role}`, role, professionalId: null, professionalSlug: null, createdAt: '2026-01-01T00:00:00Z' } as CurrentUser;
}

const months = Array.from({ length: 12 }, (_, index) => {
  const date = new Date(Date.UTC(2025, 11 + index, 1));
  return { month: date.toISOString().slice(0, 7), revenue: index * 10.5, activeSubscriptions: 40 + index };
});

const STATS: AdminStats = {
  totalProfessionals: 1234,
  activeProfessionals: 57,
  totalCustomers: 4321,
  pendingApplications: 2,
  pendingCredentials: 5,
  archivedUsers: 3,
  totalRevenue: 2611.5,
  monthlyRevenue: 1491,
  yearlyRevenue: 1120.5,
  subscriptionBreakdown: { monthly: 31, yearly: 26, activeSubscriptions: 57, cancelledSubscriptions: 1, pastDueSubscriptions: 4 },
  months,
  topRated: Array.from({ length: 6 }, (_, index) => ({ id: index + 1, slug: `firm-${index + 1}`, companyName: `Firm ${index + 1}`, rating: 5 - index / 10, reviewCount: index + 1 })),
  quotes: { requestsSent: 12, deliveries: 40, answered: 30, reportedAsSpam: 3, spamAwaitingReview: 2 },
};

const QUEUES: QueueSummary[] = [
  { name: 'email', waiting: 3, active: 1, delayed: 0, failed: 2, completed: 40 },
  { name: 'geocode', waiting: 0, active: 0, delayed: 0, failed: 0, completed: 62 },
];

const AUDIT: AuditEntry[] = [
  { id: 1, actor: 'Demo Admin', action: 'application.approve', targetType: 'application', targetId: '1', summary: 'Approved Acme IT (application 1)', createdAt: '2026-11-23T10:00:00Z' },
  { id: 2, actor: null, action: 'retention.anonymise', targetType: 'user', targetId: null, summary: 'Anonymised 2 archived accounts', createdAt: '2026-11-23T03:00:00Z' },
];

function renderAdmin(
  currentUser: CurrentUser | null,
  maintenance: MaintenanceStatus = { enabled: false, accessCodeSource: null },
  siteConfig: Partial<SiteConfig> = {},
): string {
  const fallback = {
    [CURRENT_USER_KEY]: currentUser,
    [SITE_CONFIG_KEY]: { adminTwoStepRequired: false, ...siteConfig },
    [ADMIN_STATS_KEY]: STATS,
    [MAINTENANCE_STATUS_KEY]: maintenance,
    [QUEUES_KEY]: QUEUES,
    [listKey(AUDIT_LOG_PATH, { offset: 0 }, 8)]: { items: AUDIT, total: AUDIT.length },
  };
  return renderToStaticMarkup(
    <SWRConfig value={{ fallback, provider: () => new Map() }}>
      <MemoryRouter initialEntries={['/admin']}>
        <AdminPage />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('/admin', () => {
  it('tells a signed-in customer or provider it is for administrators only', () => {
    for (const role of ['customer', 'provider'] as const) {
      const html = renderAdmin(user(role));
      expect(textOf(html, 'h1')).toEqual([NOT_ALLOWED.heading]);
      expect(readable(html)).toContain(NOT_ALLOWED.message);
      expect(html).not.toContain('Total professionals');
    }
  });

  it('sends an admin without two-step verification to turn it on where it is required, and only there', () => {
    const withoutTwoStep = { ...user('admin'), twoStepEnabled: false };
    const html = renderAdmin(withoutTwoStep, undefined, { adminTwoStepRequired: true });
    expect(textOf(html, 'h1')).toEqual(['Turn on two-step verification']);
    expect(readable(html)).toContain(TWO_STEP_MESSAGES.adminRequired);
    expect(html).toContain('href="/profile"');
    expect(html).not.toContain('Total professionals');
    expect(textOf(renderAdmin({ ...withoutTwoStep, twoStepEnabled: true }, undefined, { adminTwoStepRequired: true }), 'h1')).toEqual(['Admin dashboard']);
    expect(textOf(renderAdmin(withoutTwoStep), 'h1')).toEqual(['Admin dashboard']);
  });

  it('shows an admin every statistic: counts grouped, money in pounds with pence', () => {
    const html = renderAdmin(user('admin'));
    const text = readable(html);
    expect(textOf(html, 'h1')).toEqual(['Admin dashboard']);
    for (const [label, value] of [
      ['Total professionals', '1,234'],
      ['Active professionals', '57'],
      ['Total customers', '4,321'],
      ['Pending applications', '2'],
      ['Archived users', '3'],
      ['Total revenue', '£2,611.50'],
      ['Monthly plan revenue', '£1,491.00'],
      ['Yearly plan revenue', '£1,120.50'],
    ]) {
      expect(text).toContain(`${label} ${value}`);
    }
  });

  it('counts requests for quotes, their reply rate and the spam reports awaiting review, with a way to review them', () => {
    const html = renderAdmin(user('admin'));
    const text = readable(html);
    expect(text).toContain('Requests for quotes 12 Sent to 40 professionals in all');
    expect(text).toContain('Quote reply rate 75% 30 answered');
    expect(text).toContain('Requests reported as spam 3 By the professionals who received them; 2 awaiting review');
    // The card's button ('Review' on a phone; its name is always the whole label) and the Manage list's.
    expect(textOf(html, 'button').filter((b) => b.endsWith('Review reported requests'))).toHaveLength(1);
    expect(textOf(html, 'button')).toContain('Reported requests');
  });

  it('breaks subscriptions down, and lists the five top rated with links to their profiles', () => {
    const text = readable(renderAdmin(user('admin')));
    for (const row of ['Active subscriptions 57', 'Pay Monthly 31', 'Pay Annually 26', 'Payment overdue 4', 'Cancelled 1']) expect(text).toContain(row);
    const html = renderAdmin(user('admin'));
    const topRated = html.slice(html.indexOf('Top Rated'));
    expect(topRated).toContain('href="/professionals/firm-1"');
    expect(topRated).toContain('href="/professionals/firm-5"');
    expect(topRated).not.toContain('firm-6');
    expect(readable(topRated)).toContain('Firm 1 ★ 5.0 out of 5 (1 review)');
  });

  it('has the chart’s figures as a table: one row per month', () => {
    const html = renderAdmin(user('admin'));
    const table = html.slice(html.indexOf('Revenue and active subscriptions per month'));
    expect(textOf(table, 'th').slice(0, 3)).toEqual(['Month', 'Revenue', 'Active subscriptions']);
    expect(readable(table)).toContain('December 2025 £0.00 40');
    expect(readable(table)).toContain('November 2026 £115.50 51');
    expect(html).toContain('aria-pressed="false"');
  });

  it('has the maintenance switch, stating whether the site is closed', () => {
    const off = renderAdmin(user('admin'));
    expect(off).toMatch(/<button[^>]*role="switch"[^>]*aria-checked="false"/);
    expect(readable(off)).toContain('Off: the site is open to everyone.');
    expect(readable(off)).toContain('No access code is set: only administrators can use the site during maintenance.');
    const on = renderAdmin(user('admin'), { enabled: true, accessCodeSource: 'admin' });
    expect(on).toMatch(/<button[^>]*role="switch"[^>]*aria-checked="true"/);
    expect(readable(on)).toContain('The access code in force is set on this dashboard.');
  });

  it('sums up the queues with a link to Bull Board, and shows the latest audit entries', () => {
    const html = renderAdmin(user('admin'));
    const text = readable(html);
    expect(text).toContain('email 3 1 0 2');
    expect(text).toContain('2 failed jobs need a look');
    expect(html).toContain('href="/admin/queues"');
    expect(text).toContain('Approved Acme IT (application 1) Demo Admin · 23 Nov 2026, 10:00');
    expect(text).toContain('Anonymised 2 archived accounts System');
  });
});

describe('failures', () => {
  it("reads 'Error loading dashboard' / the spec's text, with a retry", () => {
    const html = renderToStaticMarkup(<DashboardError onRetry={() => {}} />);
    expect(html).toContain('role="alert"');
    expect(readable(html)).toBe(`${ADMIN_MESSAGES.dashboardErrorTitle} ${ADMIN_MESSAGES.statsFailed} Try again`);
  });

});

const APPLICATION: AdminApplication = {
  id: 7,
  companyName: 'Kennet Web Studio',
  contactName: 'Ann Kennet',
  email: 'ann@kennet.example',
  phone: '01225 000000',
  website: 'https://kennet.example',
  description: 'Websites for Bath businesses.',
  services: ['Web Design', 'Web Development', 'SEO & SEM', 'Hosting & Domains'],
  location: 'Bath and Bristol',
  region: 'Bath',
  postcode: 'BA1 1AA',
  rate: 'From £45/hour',
  ...readListingFields({ employeeCount: '2-5', businessType: 'Limited company' }, LISTING_FIELDS),
  plan: 'yearly',
  status: 'pending',
  paidAt: '2026-11-22T15:00:00Z',
  professional: { id: 70, slug: 'kennet-web-studio', isApproved: false },
  rejectionReason: null,
  reviewedBy: null,
  reviewedAt: null,
  createdAt: '2026-11-22T14:55:00Z',
};

function renderCard(application: AdminApplication): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ApplicationCard application={application} />
    </MemoryRouter>,
  );
}

describe('an application', () => {
  it("shows its first 2 services and '+N', its details, and Approve and Reject while it waits", () => {
    const html = renderCard(APPLICATION).replace(/<dialog[\s\S]*?<\/dialog>/g, '');
    expect(textOf(html, 'li')).toEqual(['Web Design', 'Web Development', '+2 more: SEO & SEM, Hosting & Domains']);
    const text = readable(html);
    expect(text).toContain('Pending review');
    expect(text).toContain('Plan: Pay Annually');
    expect(text).toContain('Paid: 22 Nov 2026, 15:00');
    expect(text).toContain('Rate: From £45/hour');
    expect(text).toContain('Team size: 2 to 5 people');
    expect(text).toContain('Business type: Limited company');
    expect(textOf(html, 'button')).toEqual(['Approve', 'Reject']);
  });

  it('leaves out the listing fields the applicant did not give', () => {
    const text = readable(renderCard({ ...APPLICATION, employeeCount: null, businessType: null }));
    expect(text).not.toContain('Team size:');
    expect(text).not.toContain('Business type:');
    expect(text).toContain('Rate: From £45/hour');
  });

  it('asks before deciding: a dialog for each, naming the company and saying what happens next', () => {
    const html = renderCard(APPLICATION);
    const dialogs = [...html.matchAll(/<dialog[\s\S]*?<\/dialog>/g)].map((match) => match[0]);
    expect(dialogs).toHaveLength(2);
    const [approve, reject] = dialogs as [string, string];
    expect(textOf(approve, 'h2')).toEqual([DECISION_TEXTS.approveTitle('Kennet Web Studio')]);
    expect(readable(approve)).toContain(`${DECISION_TEXTS.whatHappens} ${DECISION_TEXTS.goesLiveNow} ${DECISION_TEXTS.approvedEmail('ann@kennet.example')}`);
    expect(textOf(approve, 'button')).toEqual(['Cancel', DECISION_TEXTS.approveButton]);
    expect(approve).not.toContain('<textarea');
    expect(textOf(reject, 'h2')).toEqual([DECISION_TEXTS.rejectTitle('Kennet Web Studio')]);
    expect(readable(reject)).toContain(DECISION_TEXTS.refundedInFull);
    expect(textOf(reject, 'label')).toEqual([DECISION_TEXTS.reasonLabel]);
    expect(textOf(reject, 'button')).toEqual(['Cancel', DECISION_TEXTS.rejectButton]);
    // Labelled by their titles and described by what happens; the reason is not part of the description.
    for (const dialog of dialogs) {
      const labelledBy = /aria-labelledby="([^"]+)"/.exec(dialog)?.[1];
      const describedBy = /aria-describedby="([^"]+)"/.exec(dialog)?.[1];
      expect(dialog).toContain(`<h2 id="${labelledBy}"`);
      expect(readable(dialog.slice(dialog.indexOf(`id="${describedBy}"`)).split('</ul>')[0] ?? '')).not.toContain(DECISION_TEXTS.reasonLabel);
    }
  });

  it('offers no decision once decided, and shows who rejected it and why', () => {
    const html = renderCard({ ...APPLICATION, status: 'rejected', rejectionReason: 'The website does not work.', reviewedBy: 'Demo Admin', reviewedAt: '2026-11-23T09:30:00Z' });
    expect(textOf(html, 'button')).toEqual([]);
    expect(readable(html)).toContain('Rejected by Demo Admin on 23 Nov 2026, 09:30: “The website does not work.”');
    const approved = renderCard({ ...APPLICATION, status: 'approved', professional: { id: 70, slug: 'kennet-web-studio', isApproved: true }, reviewedBy: 'Demo Admin', reviewedAt: '2026-11-23T09:30:00Z' });
    expect(approved).toContain('href="/professionals/kennet-web-studio"');
  });

  it("says 'Not paid yet' for an application waiting for its payment", () => {
    expect(readable(renderCard({ ...APPLICATION, status: 'pending_payment', paidAt: null }))).toContain('Awaiting payment');
    expect(readable(renderCard({ ...APPLICATION, status: 'pending_payment', paidAt: null }))).toContain('Paid: Not paid yet');
  });
});

describe('professionalState', () => {
  it('names a listing’s state from its approval and subscription', () => {
    expect(professionalState({ isApproved: true, subscriptionStatus: 'active' }).label).toBe('Live');
    expect(professionalState({ isApproved: false, subscriptionStatus: 'active' }).label).toBe('Awaiting approval');
    expect(professionalState({ isApproved: true, subscriptionStatus: 'past_due' }).label).toBe('Payment overdue');
    expect(professionalState({ isApproved: true, subscriptionStatus: 'cancelled' }).label).toBe('Cancelled');
    expect(professionalState({ isApproved: true, subscriptionStatus: 'inactive' }).label).toBe('No subscription');
  });
});

const QUOTE_REPORT: AdminQuoteReport = {
  id: 42,
  status: 'open',
  service: 'Web Design',
  postcodeDistrict: 'LS1',
  remoteOk: true,
  details: 'Cheap followers and links, visit my site.',
  budget: '250_1000',
  timescale: 'urgent',
  closesAt: '2026-12-28T09:00:00.000Z',
  buyerName: 'Sam Spammer',
  buyerEmail: 'sam@spam.example',
  anonymisedAt: null,
  createdAt: '2026-11-20T09:00:00Z',
  sentAt: '2026-11-20T09:05:00Z',
  recipients: 4,
  reports: [
    { professionalId: 3, companyName: 'Leeds Web Co', flaggedAt: '2026-11-21T10:00:00Z' },
    { professionalId: 8, companyName: 'Aire Digital', flaggedAt: '2026-11-22T11:30:00Z' },
  ],
  spamVerdict: null,
  spamReviewedAt: null,
};

describe('a request reported as spam', () => {
  it('shows the whole request, the buyer, who reported it, and the two verdicts named with the request', () => {
    const html = renderToStaticMarkup(<QuoteReportCard report={QUOTE_REPORT} />);
    const text = readable(html);
    expect(textOf(html, 'h3')).toEqual(['Request 42: Web Design']);
    expect(text).toContain('LS1, on site or remotely · Sent 20 Nov 2026, 09:05 · Open');
    expect(text).toContain('Not reviewed');
    expect(text).toContain('Budget £250 to £1,000');
    expect(text).toContain('Timescale As soon as possible');
    expect(text).toContain('Buyer Sam Spammer · sam@spam.example');
    expect(html).toContain('href="mailto:sam@spam.example"');
    expect(text).toContain('Received by 4 professionals');
    expect(text).toContain('Cheap followers and links, visit my site.');
    expect(textOf(html, 'li')).toEqual(['Leeds Web Co, 21 Nov 2026, 10:00', 'Aire Digital, 22 Nov 2026, 11:30']);
    expect(textOf(html, 'button')).toEqual(['Spam: close the request (request 42)', 'Not spam (request 42)']);
  });

  it('shows the verdict and its date once reviewed, and offers no more', () => {
    const spam = renderToStaticMarkup(<QuoteReportCard report={{ ...QUOTE_REPORT, status: 'closed', spamVerdict: 'spam', spamReviewedAt: '2026-11-23T09:30:00Z' }} />);
    expect(textOf(spam, 'button')).toEqual([]);
    expect(textOf(spam, 'span')).toContain('Spam');
    expect(readable(spam)).toContain('Marked as spam on 23 Nov 2026, 09:30: the request is closed.');
    const notSpam = renderToStaticMarkup(<QuoteReportCard report={{ ...QUOTE_REPORT, spamVerdict: 'not_spam', spamReviewedAt: '2026-11-23T09:30:00Z' }} />);
    expect(textOf(notSpam, 'button')).toEqual([]);
    expect(textOf(notSpam, 'span')).toContain('Not spam');
    expect(readable(notSpam)).toContain('Marked as not spam on 23 Nov 2026, 09:30.');
  });

  it('says when retention removed the buyer, and does not offer to close a closed request', () => {
    const html = renderToStaticMarkup(
      <QuoteReportCard
        report={{ ...QUOTE_REPORT, status: 'closed', buyerName: 'Deleted user', buyerEmail: 'deleted-quote-request-42@deleted.invalid', details: '', anonymisedAt: '2027-03-01T03:00:00Z' }}
      />,
    );
    const text = readable(html);
    expect(text).toContain('Buyer Removed on 1 Mar 2027, 03:00 (data retention)');
    expect(text).toContain('The description was removed with the buyer’s details.');
    expect(html).not.toContain('deleted.invalid');
    expect(textOf(html, 'button')).toEqual(['Spam (request 42)', 'Not spam (request 42)']);
  });
});

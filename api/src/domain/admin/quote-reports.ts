// Requests for quotes a professional flagged as spam (issue 32; flagged through POST
// /api/quotes/:id/spam, received-quotes.ts), for an admin to review each one: listed open
// (no verdict yet) or reviewed, newest report first. The verdict is given once: 'spam' closes the
// request (every recipient's inbox then shows it closed and it takes no more replies), 'not_spam'
// leaves it as it was. Giving the same verdict again changes nothing; a different one is refused.
import { AUDIT_ACTIONS, QUOTE_REPORT_TEXTS, type AdminQuoteReport } from '../../../../core/admin';
import type { CurrentUser } from '../../../../core/auth';
import type { QuoteSpamVerdict } from '../../../../core/quotes';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { requestFactsOf } from '../quotes/received-quotes';
import { recordAudit } from './audit-log';

export type QuoteReportFilter = 'open' | 'reviewed' | 'all';

const notFound = () => new AppError('not_found', QUOTE_REPORT_TEXTS.notFound);

const VERDICT_SQL: Record<QuoteReportFilter, Prisma.Sql> = {
  open: Prisma.sql`q.spam_verdict IS NULL`,
  reviewed: Prisma.sql`q.spam_verdict IS NOT NULL`,
  all: Prisma.sql`TRUE`,
};

const VERDICT_WHERE: Record<QuoteReportFilter, Prisma.QuoteRequestWhereInput> = {
  open: { spamVerdict: null },
  reviewed: { spamVerdict: { not: null } },
  all: {},
};

/** A request is reported while at least one of its recipients flagged it. */
const REPORTED: Prisma.QuoteRequestWhereInput = { recipients: { some: { flaggedSpamAt: { not: null } } } };

const reportInclude = {
  recipients: {
    where: { flaggedSpamAt: { not: null } },
    orderBy: [{ flaggedSpamAt: 'asc' }, { professionalId: 'asc' }],
    select: { professionalId: true, flaggedSpamAt: true, professional: { select: { companyName: true } } },
  },
  _count: { select: { recipients: true } },
} satisfies Prisma.QuoteRequestInclude;

type ReportRow = Prisma.QuoteRequestGetPayload<{ include: typeof reportInclude }>;

function toAdminQuoteReport(row: ReportRow): AdminQuoteReport {
  return {
    ...requestFactsOf(row),
    // Admins see the buyer to judge the request; after retention these are the blanked values.
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.confirmedAt?.toISOString() ?? null,
    recipients: row._count.recipients,
    reports: row.recipients.map((r) => ({ professionalId: r.professionalId, companyName: r.professional.companyName, flaggedAt: r.flaggedSpamAt!.toISOString() })),
    spamVerdict: row.spamVerdict as QuoteSpamVerdict | null,
    spamReviewedAt: row.spamReviewedAt?.toISOString() ?? null,
  };
}

async function loadReports(prisma: Pick<PrismaClient, 'quoteRequest'>, ids: number[]): Promise<AdminQuoteReport[]> {
  if (ids.length === 0) return [];
  const rows = await prisma.quoteRequest.findMany({ where: { id: { in: ids } }, include: reportInclude });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toAdminQuoteReport(row)] : [];
  });
}

/** GET /api/admin/quote-reports: reported requests, the most recently reported first (by each one's first report). */
export async function listQuoteReports({
  prisma,
  query,
}: {
  prisma: PrismaClient;
  query: { reviewed: QuoteReportFilter; limit: number; offset: number };
}): Promise<{ items: AdminQuoteReport[]; total: number }> {
  const [page, total] = await Promise.all([
    prisma.$queryRaw<{ id: number }[]>`
      WITH reported AS (
        SELECT request_id, min(flagged_spam_at) AS first_flagged_at
          FROM quote_recipients WHERE flagged_spam_at IS NOT NULL GROUP BY request_id
      )
      SELECT q.id FROM reported r JOIN quote_requests q ON q.id = r.request_id
       WHERE ${VERDICT_SQL[query.reviewed]}
       ORDER BY r.first_flagged_at DESC, q.id DESC
       LIMIT ${query.limit} OFFSET ${query.offset}`,
    prisma.quoteRequest.count({ where: { ...REPORTED, ...VERDICT_WHERE[query.reviewed] } }),
  ]);
  return { items: await loadReports(prisma, page.map((r) => r.id)), total };
}

/**
 * POST /api/admin/quote-reports/:id/review. The request's row is locked, so two admins (or a
 * double click) give one verdict and write one audit row; the buyer picking at the same time waits.
 */
export async function reviewQuoteReport({
  prisma,
  queues,
  admin,
  requestId,
  verdict,
  now = new Date(),
}: {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  admin: CurrentUser;
  requestId: number;
  verdict: QuoteSpamVerdict;
  now?: Date;
}): Promise<AdminQuoteReport> {
  await prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number; status: string; service: string; spam_verdict: string | null; reported: boolean }[]>`
      SELECT q.id, q.status, q.service, q.spam_verdict,
             EXISTS (SELECT 1 FROM quote_recipients r WHERE r.request_id = q.id AND r.flagged_spam_at IS NOT NULL) AS reported
        FROM quote_requests q WHERE q.id = ${requestId} FOR UPDATE OF q`;
    if (!locked || !locked.reported) throw notFound();
    if (locked.spam_verdict !== null) {
      if (locked.spam_verdict === verdict) return;
      throw new AppError('conflict', QUOTE_REPORT_TEXTS.alreadyReviewed);
    }
    const closes = verdict === 'spam' && locked.status !== 'closed';
    await tx.quoteRequest.update({
      where: { id: locked.id },
      data: { spamVerdict: verdict, spamReviewedAt: now, ...(closes ? { status: 'closed', closedAt: now } : {}) },
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: verdict === 'spam' ? AUDIT_ACTIONS.quoteSpamConfirmed : AUDIT_ACTIONS.quoteSpamDismissed,
      targetType: 'quote-request',
      targetId: locked.id,
      details:
        verdict === 'spam'
          ? { summary: `Marked the request for ${locked.service} quotes (request ${locked.id}) as spam${closes ? ' and closed it' : ''}`, closed: closes }
          : { summary: `Marked the request for ${locked.service} quotes (request ${locked.id}) as not spam` },
    });
  });
  // A request judged spam no longer counts in its recipients' reply rates (asked again on a repeat: idempotent).
  if (verdict === 'spam') {
    const recipients = await prisma.quoteRecipient.findMany({ where: { requestId }, select: { professionalId: true } });
    for (const { professionalId } of recipients) await queues.enqueue('recalculateQuoteReplyRate', { professionalId });
  }
  const [report] = await loadReports(prisma, [requestId]);
  if (!report) throw notFound();
  return report;
}

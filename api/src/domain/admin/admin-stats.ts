// GET /api/admin/stats (spec section 3's admin stats, core/admin.ts AdminStats). Revenue is money
// actually received, less what was refunded of it (product rule 20): payments, never counts of
// plans. Months are calendar months in Europe/London. A month's revenue is what was received that
// month less what of it has been refunded since (payments carry their refunded total, not refund
// dates); its active subscriptions are the listings with a paid period running at the month's end
// (or now, for the current month), not fully refunded, and not cancelled through the site by then
// (a payment made after a cancellation is a new subscription, and counts).
import type { AdminMonth, AdminStats, AdminTopRated } from '../../../../core/admin';
import type { PrismaClient } from '../../../../prisma/db';
import { LISTED } from '../directory/directory-sql';

export const STATS_TIME_ZONE = 'Europe/London';
export const STATS_MONTHS = 12;

/** Pence → pounds, exact to the penny (pence are integers). */
export function poundsOf(pence: number | bigint): number {
  return Number(pence) / 100;
}

interface CountsRow {
  total_professionals: number;
  active_professionals: number;
  total_customers: number;
  pending_applications: number;
  pending_credentials: number;
  archived_users: number;
  active_monthly: number;
  active_yearly: number;
  active_subscriptions: number;
  cancelled_subscriptions: number;
  past_due_subscriptions: number;
  quote_requests_sent: number;
  quote_deliveries: number;
  quote_answered: number;
  quote_reported: number;
  quote_spam_awaiting_review: number;
}

async function counts(prisma: PrismaClient): Promise<CountsRow> {
  const [row] = await prisma.$queryRaw<CountsRow[]>`
    SELECT
      (SELECT count(*)::int FROM professionals) AS total_professionals,
      (SELECT count(*)::int FROM professionals p WHERE ${LISTED}) AS active_professionals,
      (SELECT count(*)::int FROM users WHERE role = 'customer' AND NOT is_archived) AS total_customers,
      (SELECT count(*)::int FROM applications WHERE status = 'pending') AS pending_applications,
      (SELECT count(*)::int FROM credentials WHERE status = 'pending') AS pending_credentials,
      (SELECT count(*)::int FROM users WHERE is_archived) AS archived_users,
      (SELECT count(*)::int FROM quote_requests WHERE confirmed_at IS NOT NULL) AS quote_requests_sent,
      (SELECT count(*)::int FROM quote_recipients) AS quote_deliveries,
      (SELECT count(*)::int FROM quote_recipients WHERE reply_kind IS NOT NULL) AS quote_answered,
      (SELECT count(DISTINCT request_id)::int FROM quote_recipients WHERE flagged_spam_at IS NOT NULL) AS quote_reported,
      (SELECT count(*)::int FROM quote_requests q WHERE q.spam_verdict IS NULL
          AND EXISTS (SELECT 1 FROM quote_recipients r WHERE r.request_id = q.id AND r.flagged_spam_at IS NOT NULL)) AS quote_spam_awaiting_review,
      count(*) FILTER (WHERE subscription_status = 'active' AND subscription_type = 'monthly')::int AS active_monthly,
      count(*) FILTER (WHERE subscription_status = 'active' AND subscription_type = 'yearly')::int AS active_yearly,
      count(*) FILTER (WHERE subscription_status = 'active')::int AS active_subscriptions,
      count(*) FILTER (WHERE subscription_status = 'cancelled')::int AS cancelled_subscriptions,
      count(*) FILTER (WHERE subscription_status = 'past_due')::int AS past_due_subscriptions
    FROM professionals`;
  return row!;
}

interface RevenueRow {
  total: bigint;
  monthly: bigint;
  yearly: bigint;
}

async function revenue(prisma: PrismaClient): Promise<RevenueRow> {
  const [row] = await prisma.$queryRaw<RevenueRow[]>`
    SELECT coalesce(sum(amount_pence - refunded_pence), 0)::bigint AS total,
           coalesce(sum(amount_pence - refunded_pence) FILTER (WHERE plan = 'monthly'), 0)::bigint AS monthly,
           coalesce(sum(amount_pence - refunded_pence) FILTER (WHERE plan = 'yearly'), 0)::bigint AS yearly
      FROM payments`;
  return row!;
}

interface MonthRow {
  month: string;
  revenue_pence: bigint;
  active: number;
}

/** The last `STATS_MONTHS` calendar months up to the one holding `now`, oldest first. */
async function months(prisma: PrismaClient, now: Date): Promise<AdminMonth[]> {
  const rows = await prisma.$queryRaw<MonthRow[]>`
    WITH bounds AS (
      SELECT m AS month_start_local,
             (m AT TIME ZONE ${STATS_TIME_ZONE}) AS starts,
             least((m + interval '1 month') AT TIME ZONE ${STATS_TIME_ZONE}, ${now}::timestamptz) AS ends
        FROM generate_series(
               date_trunc('month', ${now}::timestamptz AT TIME ZONE ${STATS_TIME_ZONE}) - ${`${STATS_MONTHS - 1} months`}::interval,
               date_trunc('month', ${now}::timestamptz AT TIME ZONE ${STATS_TIME_ZONE}),
               interval '1 month') AS m
    )
    SELECT to_char(b.month_start_local, 'YYYY-MM') AS month,
           (SELECT coalesce(sum(pay.amount_pence - pay.refunded_pence), 0)::bigint
              FROM payments pay WHERE pay.paid_at >= b.starts AND pay.paid_at < b.ends) AS revenue_pence,
           (SELECT count(DISTINCT pay.professional_id)::int
              FROM payments pay JOIN professionals p ON p.id = pay.professional_id
             WHERE pay.period_start <= b.ends AND pay.period_end > b.ends
               AND pay.refunded_pence < pay.amount_pence
               AND (p.cancelled_at IS NULL OR p.cancelled_at >= b.ends OR pay.paid_at > p.cancelled_at)) AS active
      FROM bounds b
     ORDER BY b.month_start_local`;
  return rows.map((r) => ({ month: r.month, revenue: poundsOf(r.revenue_pence), activeSubscriptions: r.active }));
}

/** Spec section 9: five approved professionals with a rating above 0, highest first. */
async function topRated(prisma: PrismaClient): Promise<AdminTopRated[]> {
  const rows = await prisma.professional.findMany({
    where: { isApproved: true, rating: { gt: 0 } },
    orderBy: [{ rating: 'desc' }, { reviewCount: 'desc' }, { id: 'asc' }],
    take: 5,
    select: { id: true, slug: true, companyName: true, rating: true, reviewCount: true },
  });
  return rows.map((r) => ({ ...r, rating: Number(r.rating) }));
}

export async function getAdminStats({ prisma, now = new Date() }: { prisma: PrismaClient; now?: Date }): Promise<AdminStats> {
  const [c, r, m, top] = await Promise.all([counts(prisma), revenue(prisma), months(prisma, now), topRated(prisma)]);
  return {
    totalProfessionals: c.total_professionals,
    activeProfessionals: c.active_professionals,
    totalCustomers: c.total_customers,
    pendingApplications: c.pending_applications,
    pendingCredentials: c.pending_credentials,
    archivedUsers: c.archived_users,
    totalRevenue: poundsOf(r.total),
    monthlyRevenue: poundsOf(r.monthly),
    yearlyRevenue: poundsOf(r.yearly),
    subscriptionBreakdown: {
      monthly: c.active_monthly,
      yearly: c.active_yearly,
      activeSubscriptions: c.active_subscriptions,
      cancelledSubscriptions: c.cancelled_subscriptions,
      pastDueSubscriptions: c.past_due_subscriptions,
    },
    months: m,
    topRated: top,
    quotes: {
      requestsSent: c.quote_requests_sent,
      deliveries: c.quote_deliveries,
      answered: c.quote_answered,
      reportedAsSpam: c.quote_reported,
      spamAwaitingReview: c.quote_spam_awaiting_review,
    },
  };
}

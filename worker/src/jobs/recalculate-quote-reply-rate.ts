// recalculate-quote-reply-rate (product rule 42): how many of the requests for quotes a
// professional received have settled, and how many of those they answered. A request settles once
// they answer it (a quote, a message or 'not for us') or it closes unanswered; one still open and
// unanswered counts neither way yet. Requests they reported as spam, and those an admin judged
// spam, are left out. Run after each answer or decision (one professional) and by the daily run
// (every professional, since requests close with time). One statement; idempotent; deduplicated
// per professional like recalculate-rating.
import { JOBS } from '../../../core/jobs';
import { Prisma, type PrismaClient } from '../../../prisma/db';
import { defineJobHandler } from './job-handler';

/** Recomputes the counts of one professional, or of all (null); returns how many rows changed. */
export async function recalculateQuoteReplyRates(prisma: Pick<PrismaClient, '$executeRaw'>, professionalId: number | null): Promise<number> {
  const only = professionalId === null ? Prisma.sql`TRUE` : Prisma.sql`p.id = ${professionalId}::int`;
  return prisma.$executeRaw`
    WITH settled AS (
      SELECT r.professional_id, (r.reply_kind IS NOT NULL) AS answered
      FROM quote_recipients r JOIN quote_requests q ON q.id = r.request_id
      WHERE (r.reply_kind IS NOT NULL OR q.status = 'closed')
        AND r.flagged_spam_at IS NULL AND q.spam_verdict IS DISTINCT FROM 'spam'
    ), s AS (
      SELECT p.id, count(x.professional_id)::int AS settled, count(*) FILTER (WHERE x.answered)::int AS answered
      FROM professionals p LEFT JOIN settled x ON x.professional_id = p.id
      WHERE ${only}
      GROUP BY p.id
    )
    UPDATE professionals p
    SET quote_requests_settled = s.settled, quote_requests_answered = s.answered
    FROM s
    WHERE p.id = s.id AND (p.quote_requests_settled, p.quote_requests_answered) IS DISTINCT FROM (s.settled, s.answered)`;
}

export const recalculateQuoteReplyRateHandler = defineJobHandler(JOBS.recalculateQuoteReplyRate, async ({ professionalId }, { prisma }) => ({
  professionalId,
  changed: (await recalculateQuoteReplyRates(prisma, professionalId)) > 0,
}));

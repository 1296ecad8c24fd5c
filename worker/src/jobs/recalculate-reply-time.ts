// recalculate-reply-time (product rule 28): how quickly a professional usually answers, computed
// here after each of their replies rather than on every page view. A thread is answered once the
// professional side has written in it; its first-reply time runs from the thread's first message
// to that first answer. answeredThreadCount counts answered threads; replyTimeMinutes is their
// median in whole minutes, set only from REPLY_TIME_MIN_THREADS answered threads (null before,
// so the profile shows nothing rather than a figure from one or two threads). One statement;
// idempotent; deduplicated per professional like recalculate-rating.
import { JOBS } from '../../../core/jobs';
import { REPLY_TIME_MIN_THREADS } from '../../../core/messages';
import type { PrismaClient } from '../../../prisma/db';
import { defineJobHandler } from './job-handler';

export async function recalculateReplyTime({ prisma }: { prisma: PrismaClient }, { professionalId }: { professionalId: number }) {
  const changed = await prisma.$executeRaw`
    WITH answered AS (
      SELECT extract(epoch FROM (min(a.created_at) - t.created_at)) / 60 AS minutes
      FROM messages t
      JOIN messages a ON a.thread_id = t.id AND a.from_user_id <> t.from_user_id
      WHERE t.thread_id IS NULL AND t.professional_id = ${professionalId}::int
      GROUP BY t.id, t.created_at
    ), s AS (
      SELECT count(*)::int AS threads,
        CASE WHEN count(*) >= ${REPLY_TIME_MIN_THREADS}::int
          THEN greatest(round(percentile_cont(0.5) WITHIN GROUP (ORDER BY minutes))::int, 0) END AS median
      FROM answered
    )
    UPDATE professionals p
    SET answered_thread_count = s.threads, reply_time_minutes = s.median
    FROM s
    WHERE p.id = ${professionalId}::int
      AND (p.answered_thread_count, p.reply_time_minutes) IS DISTINCT FROM (s.threads, s.median)`;
  return { professionalId, changed: changed > 0 };
}

export const recalculateReplyTimeHandler = defineJobHandler(JOBS.recalculateReplyTime, (payload, { prisma }) =>
  recalculateReplyTime({ prisma }, payload),
);

// Requests for quotes in the daily retention run (product rule 41, core/retention.ts): requests
// never sent are deleted once their link has expired, sent ones close when their time is up, and
// closed ones lose the buyer's personal data QUOTE_RETENTION_DAYS later; then every listing's
// reply rate is recomputed, since a request that closes unanswered now counts against it (and a
// recalculation a crash lost is made good). Each step is one statement with its own condition, so
// a run that stops half-way or two runs at once change nothing twice.
import { ANONYMISED_NAME } from '../../../core/admin';
import { QUOTE_RETENTION_DAYS } from '../../../core/retention';
import { Prisma, type PrismaClient } from '../../../prisma/db';
import { recalculateQuoteReplyRates } from '../jobs/recalculate-quote-reply-rate';

const DAY_MS = 86_400_000;

/** Blanks the buyer's personal data of the requests `where` selects (not yet blanked); the address becomes no one's (RFC 2606 .invalid). */
export async function anonymiseQuoteRequests(db: Pick<PrismaClient, '$executeRaw'> | Prisma.TransactionClient, where: Prisma.Sql, now: Date): Promise<number> {
  return db.$executeRaw`
    UPDATE quote_requests SET buyer_name = ${ANONYMISED_NAME}, buyer_email = 'deleted-quote-request-' || id || '@deleted.invalid',
      buyer_phone = NULL, details = '', anonymised_at = ${now}
    WHERE anonymised_at IS NULL AND ${where}`;
}

export async function quoteRetention(prisma: PrismaClient, now: Date): Promise<{ unsentDeleted: number; closed: number; anonymised: number }> {
  const { count: unsentDeleted } = await prisma.quoteRequest.deleteMany({ where: { status: 'unconfirmed', expiresAt: { lte: now } } });
  const { count: closed } = await prisma.quoteRequest.updateMany({ where: { status: 'open', closesAt: { lte: now } }, data: { status: 'closed', closedAt: now } });
  const closedBefore = new Date(now.getTime() - QUOTE_RETENTION_DAYS * DAY_MS);
  const anonymised = await anonymiseQuoteRequests(prisma, Prisma.sql`status = 'closed' AND closed_at < ${closedBefore}`, now);
  await recalculateQuoteReplyRates(prisma, null);
  return { unsentDeleted, closed, anonymised };
}

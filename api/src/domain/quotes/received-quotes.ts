// A professional's side of requests for quotes (issue 32, product rule 42): the requests their
// listing received, as much of the buyer as they may see (core/quotes.ts ReceivedQuoteRequest:
// the job, the district, the buyer's first name; never the buyer's surname, e-mail or phone
// before the buyer picks them), and their one answer to each: a quote, a message or 'not for us'.
// They may also flag a request as spam for an admin to review.
import {
  firstNameOf,
  QUOTE_REPLY_TEXTS,
  type BudgetBand,
  type ContactPreference,
  type QuoteOutcome,
  type QuoteReplyView,
  type QuotePriceUnit,
  type QuoteReach,
  type QuoteReplyInput,
  type QuoteReplyKind,
  type QuoteRequestFacts,
  type QuoteRequestStatus,
  type ReceivedQuoteRequest,
  type Timescale,
} from '../../../../core/quotes';
import type { Prisma, PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';

type QuoteRequestRow = Prisma.QuoteRequestGetPayload<object>;

const notFound = () => new AppError('not_found', QUOTE_REPLY_TEXTS.notFound);

/** Every request the listing received, newest first (or only `requestId`). */
export async function listReceivedQuotes({ prisma }: { prisma: PrismaClient }, { professionalId, requestId }: { professionalId: number; requestId?: number }): Promise<ReceivedQuoteRequest[]> {
  const rows = await prisma.quoteRecipient.findMany({
    where: { professionalId, ...(requestId === undefined ? {} : { requestId }) },
    orderBy: [{ sentAt: 'desc' }, { requestId: 'desc' }],
    include: { request: true },
  });
  return rows.map(({ request, ...r }) => ({
    ...requestFactsOf(request),
    buyerFirstName: firstNameOf(request.buyerName),
    reach: r.reach as QuoteReach,
    sentAt: r.sentAt.toISOString(),
    reply: replyViewOf(r),
    flaggedSpam: r.flaggedSpamAt !== null,
    outcome: r.outcome as QuoteOutcome | null,
    // Product rule 42: the buyer's contact details only for the professional they picked.
    buyer:
      r.outcome === 'chosen'
        ? { name: request.buyerName, email: request.buyerEmail, phone: request.buyerPhone, contactPreference: request.contactPreference as ContactPreference }
        : null,
  }));
}

/** The job as a stored request says it (core/quotes.ts QuoteRequestFacts). */
export function requestFactsOf(request: QuoteRequestRow): QuoteRequestFacts {
  return {
    id: request.id,
    status: request.status as QuoteRequestStatus,
    service: request.service,
    postcodeDistrict: request.postcodeDistrict,
    remoteOk: request.remoteOk,
    details: request.details,
    budget: request.budget as BudgetBand,
    timescale: request.timescale as Timescale,
    closesAt: request.closesAt?.toISOString() ?? null,
  };
}

/** A recipient row's answer, or null before they answered. */
export function replyViewOf(r: { replyKind: string | null; pricePence: number | null; priceUnit: string | null; replyMessage: string | null; repliedAt: Date | null }): QuoteReplyView | null {
  if (!r.replyKind || !r.repliedAt) return null;
  return { kind: r.replyKind as QuoteReplyKind, pricePence: r.pricePence, priceUnit: r.priceUnit as QuotePriceUnit | null, message: r.replyMessage, repliedAt: r.repliedAt.toISOString() };
}

/**
 * The listing's one answer to a request it received, while the request is open; a quote or a
 * message is e-mailed to the buyer. The request's row is locked too, so an answer cannot slip in
 * beside the buyer's decision or an admin closing it as spam.
 */
export async function replyToQuoteRequest(
  { prisma, queues }: { prisma: PrismaClient; queues: Pick<Queues, 'enqueue'> },
  { professionalId, requestId, input, now = new Date() }: { professionalId: number; requestId: number; input: QuoteReplyInput; now?: Date },
): Promise<ReceivedQuoteRequest> {
  await prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ reply_kind: string | null; status: string; closes_at: Date | null }[]>`
      SELECT r.reply_kind, q.status, q.closes_at FROM quote_recipients r JOIN quote_requests q ON q.id = r.request_id
      WHERE r.request_id = ${requestId} AND r.professional_id = ${professionalId} FOR UPDATE OF r, q`;
    if (!row) throw notFound();
    if (row.reply_kind !== null) throw new AppError('conflict', QUOTE_REPLY_TEXTS.alreadyReplied);
    if (row.status !== 'open' || (row.closes_at !== null && row.closes_at <= now)) throw new AppError('conflict', QUOTE_REPLY_TEXTS.closed);
    await tx.quoteRecipient.update({
      where: { requestId_professionalId: { requestId, professionalId } },
      data: {
        replyKind: input.kind,
        pricePence: input.kind === 'quote' ? input.pricePence : null,
        priceUnit: input.kind === 'quote' ? input.priceUnit : null,
        replyMessage: input.kind === 'decline' ? null : (input.message ?? null),
        repliedAt: now,
      },
    });
  });
  if (input.kind !== 'decline') await queues.enqueue('sendQuoteAnswerLink', { quoteRequestId: requestId, professionalId });
  await queues.enqueue('recalculateQuoteReplyRate', { professionalId });
  const [received] = await listReceivedQuotes({ prisma }, { professionalId, requestId });
  return received!;
}

/** Flags a request the listing received as spam (the first flag's time is kept); admins review flagged requests. */
export async function flagQuoteRequest(
  { prisma, queues }: { prisma: PrismaClient; queues: Pick<Queues, 'enqueue'> },
  { professionalId, requestId, now = new Date() }: { professionalId: number; requestId: number; now?: Date },
) {
  const row = await prisma.quoteRecipient.findUnique({ where: { requestId_professionalId: { requestId, professionalId } }, select: { flaggedSpamAt: true } });
  if (!row) throw notFound();
  await prisma.quoteRecipient.updateMany({ where: { requestId, professionalId, flaggedSpamAt: null }, data: { flaggedSpamAt: now } });
  // A request they reported no longer counts in their reply rate.
  await queues.enqueue('recalculateQuoteReplyRate', { professionalId });
  return { ok: true as const, message: QUOTE_REPLY_TEXTS.flagged };
}

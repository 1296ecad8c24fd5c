// send-quote-answer-link (core/jobs.ts): a professional answered a buyer's request with a quote or
// a message (product rule 43). The buyer is e-mailed the answer with a new private link of their
// request (made here, only its SHA-256 stored in quote_request_links: the first link's token is not
// kept, so it cannot be sent again), once per answer (answer_notified_at). Nothing for a request
// whose buyer's details were removed (retention), nor for 'not for us'. The API queues it after
// the answer commits; should it die in between, the worker's sweep (sweepQuoteAnswers, run with
// billing/sweep-events.ts) queues it again under the same job id a few minutes later.
import { JOBS, type SendQuoteAnswerLinkPayload } from '../../../core/jobs';
import { PAGES } from '../../../core/pages';
import { quotePriceText } from '../../../core/quotes';
import type { PrismaClient } from '../../../prisma/db';
import { hashToken, newToken } from '../../../prisma/tokens';
import { siteLink } from '../mail/site-link';
import { defineJobHandler, type JobContext, type JobDeps } from './job-handler';
import { deliverEmail } from './send-email';

export type SendQuoteAnswerLinkResult = { sent: false; reason: 'gone' | 'already-sent' | 'no-answer' | 'anonymised' } | { sent: true; via: 'smtp' | 'folder' };

export async function sendQuoteAnswerLink(
  { quoteRequestId, professionalId }: SendQuoteAnswerLinkPayload,
  ctx: Pick<JobContext, 'env' | 'job' | 'logger' | 'prisma'>,
): Promise<SendQuoteAnswerLinkResult> {
  const { prisma, env } = ctx;
  const recipient = await prisma.quoteRecipient.findUnique({
    where: { requestId_professionalId: { requestId: quoteRequestId, professionalId } },
    include: { request: true, professional: { select: { companyName: true } } },
  });
  if (!recipient) return { sent: false, reason: 'gone' };
  if (recipient.answerNotifiedAt) return { sent: false, reason: 'already-sent' };
  if (recipient.replyKind !== 'quote' && recipient.replyKind !== 'message') return { sent: false, reason: 'no-answer' };
  if (recipient.request.anonymisedAt) return { sent: false, reason: 'anonymised' };

  const token = newToken();
  await prisma.quoteRequestLink.create({ data: { tokenHash: hashToken(token), requestId: quoteRequestId } });
  const answer = recipient.replyKind === 'quote' ? quotePriceText(recipient.pricePence, recipient.priceUnit) : 'a message';
  const result = await deliverEmail(
    {
      template: 'quote-answered',
      to: recipient.request.buyerEmail,
      data: {
        name: recipient.request.buyerName,
        companyName: recipient.professional.companyName,
        service: recipient.request.service,
        answer,
        message: recipient.replyMessage,
        requestUrl: siteLink(env.PUBLIC_URL, `${PAGES.quoteRequest.path}?token=${encodeURIComponent(token)}`),
      },
    },
    ctx,
  );
  await prisma.quoteRecipient.update({ where: { requestId_professionalId: { requestId: quoteRequestId, professionalId } }, data: { answerNotifiedAt: new Date() } });
  return { sent: true, via: result.via };
}

export const sendQuoteAnswerLinkHandler = defineJobHandler(JOBS.sendQuoteAnswerLink, sendQuoteAnswerLink);

/** The most answers queued again in one look. */
const SWEEP_BATCH = 500;

/** Answers still not e-mailed to the buyer olderThanMs after they were given: queued again (their job was lost). */
export async function sweepQuoteAnswers({ prisma, enqueue, olderThanMs }: { prisma: PrismaClient; enqueue: JobDeps['enqueue']; olderThanMs: number }): Promise<number> {
  const waiting = await prisma.$queryRaw<{ request_id: number; professional_id: number }[]>`
    SELECT r.request_id, r.professional_id FROM quote_recipients r JOIN quote_requests q ON q.id = r.request_id
    WHERE r.reply_kind IN ('quote', 'message') AND r.answer_notified_at IS NULL AND q.anonymised_at IS NULL
      AND r.replied_at < now() - make_interval(secs => ${olderThanMs / 1000})
    ORDER BY r.replied_at
    LIMIT ${SWEEP_BATCH}`;
  for (const row of waiting) await enqueue('sendQuoteAnswerLink', { quoteRequestId: row.request_id, professionalId: row.professional_id });
  return waiting.length;
}

// send-quote-request-link (core/jobs.ts): the buyer's private link to their request for quotes
// (product rule 41). The token is made here and only its SHA-256 stored (quote_request_links), so
// no job or table holds a usable link; the link sends the request when opened, and later shows who
// received it. send-quote-answer-link e-mails a new link with each answer.
// Idempotent: a request already e-mailed (token_sent_at), already sent or expired sends nothing.
// As with every e-mail, at least once: a worker that dies after the message left and before the
// row is written sends a second one (whose link replaces the first).
import { JOBS, type SendQuoteRequestLinkPayload } from '../../../core/jobs';
import { PAGES } from '../../../core/pages';
import { BUDGET_BAND_LABELS, QUOTE_CONFIRM_TTL_HOURS, TIMESCALE_LABELS, whereText, type BudgetBand, type Timescale } from '../../../core/quotes';
import { hashToken, newToken } from '../../../prisma/tokens';
import { siteLink } from '../mail/site-link';
import { defineJobHandler, type JobContext } from './job-handler';
import { deliverEmail } from './send-email';

export type SendQuoteRequestLinkResult = { sent: false; reason: 'gone' | 'already-sent' | 'not-waiting' | 'expired' } | { sent: true; via: 'smtp' | 'folder' };


export async function sendQuoteRequestLink(
  { quoteRequestId }: SendQuoteRequestLinkPayload,
  ctx: Pick<JobContext, 'env' | 'job' | 'logger' | 'prisma'>,
): Promise<SendQuoteRequestLinkResult> {
  const { prisma, env } = ctx;
  const request = await prisma.quoteRequest.findUnique({ where: { id: quoteRequestId }, include: { askedProfessional: { select: { companyName: true } } } });
  if (!request) return { sent: false, reason: 'gone' };
  if (request.tokenSentAt) return { sent: false, reason: 'already-sent' };
  if (request.status !== 'unconfirmed') return { sent: false, reason: 'not-waiting' };
  if (request.expiresAt <= new Date()) return { sent: false, reason: 'expired' };

  const token = newToken();
  await prisma.quoteRequestLink.create({ data: { tokenHash: hashToken(token), requestId: request.id } });
  const result = await deliverEmail(
    {
      template: 'quote-request-link',
      to: request.buyerEmail,
      data: {
        name: request.buyerName,
        service: request.service,
        where: whereText(request.postcodeDistrict, request.remoteOk),
        budget: BUDGET_BAND_LABELS[request.budget as BudgetBand],
        timescale: TIMESCALE_LABELS[request.timescale as Timescale],
        details: request.details,
        requestUrl: siteLink(env.PUBLIC_URL, `${PAGES.quoteRequest.path}?token=${encodeURIComponent(token)}`),
        expiresInHours: QUOTE_CONFIRM_TTL_HOURS,
        enquiryTo: request.askedOnly ? (request.askedProfessional?.companyName ?? null) : null,
      },
    },
    ctx,
  );
  await prisma.quoteRequest.update({ where: { id: request.id }, data: { tokenSentAt: new Date() } });
  return { sent: true, via: result.via };
}

export const sendQuoteRequestLinkHandler = defineJobHandler(JOBS.sendQuoteRequestLink, sendQuoteRequestLink);

// Requests for quotes (issue 32, product rules 40 and 41). Anyone may ask, with no account:
//   POST /api/quote-requests        the form (with the captcha): stored unconfirmed, the buyer's
//                                   private link e-mailed; QUOTE_LIMIT_PER_IP an hour and
//                                   QUOTE_LIMIT_PER_EMAIL a day
//   POST /api/quote-requests/view   { token }: the request as its link shows it
//   POST /api/quote-requests/send   { token }: sends it to the matched professionals, once
//   POST /api/quote-requests/pick   { token, professionalId | null }: the buyer's decision, once
//   GET  /api/quote-requests/mine   a signed-in buyer's own requests (/profile)
//   POST /api/quote-requests/:id/link  a new private link to one of them, to open it
// The token travels in a body, not a query, so it stays out of access logs.
// A provider's side (product rule 42), for their listing:
//   GET  /api/quotes/received       the requests it received, as much of the buyer as it may see
//   POST /api/quotes/:id/reply      its one answer: a quote, a message, or 'not for us'
//   POST /api/quotes/:id/spam       flags the request for an admin
import type Router from '@koa/router';
import { QUOTE_REPLY_TEXTS, QUOTE_TEXTS, QuotePickInput, QuoteReplyInput, QuoteRequestInput, QuoteTokenInput } from '../../../core/quotes';
import { createCaptcha } from '../domain/captcha/captcha';
import { createQuoteRequest, listMyQuoteRequests, newQuoteRequestLink, pickQuote, sendQuoteRequest, viewQuoteRequest } from '../domain/quotes/quote-requests';
import { flagQuoteRequest, listReceivedQuotes, replyToQuoteRequest } from '../domain/quotes/received-quotes';
import type { AppDeps } from '../deps';
import { AppError } from '../domain/app-error';
import { loadCurrentUser, signedInUser } from '../middleware/require-role';
import { createRouter } from './create-router';
import { pathId } from './route-params';

const ONE_HOUR = 3600;

export function quoteRequestsRouter({ env, prisma, redis, queues, limits, access }: Pick<AppDeps, 'env' | 'prisma' | 'redis' | 'queues' | 'limits' | 'access'>): Router {
  const router = createRouter();
  const captcha = createCaptcha({ env, redis });
  const perIp = limits.limiter({ keyPrefix: 'quote-ip', points: env.QUOTE_LIMIT_PER_IP, duration: ONE_HOUR });
  const perEmail = limits.limiter({ keyPrefix: 'quote-email', points: env.QUOTE_LIMIT_PER_EMAIL, duration: 24 * ONE_HOUR });

  router.post('/quote-requests', access.public, async (ctx) => {
    const { captcha: payload, ...input } = QuoteRequestInput.parse(ctx.request.body);
    await perIp.consume(ctx.ip, ctx.state.log);
    await perEmail.consume(input.email, ctx.state.log);
    await captcha.verify(payload);
    const user = await loadCurrentUser(ctx, prisma);
    ctx.status = 201;
    ctx.body = await createQuoteRequest({ prisma, queues }, { input, userId: user?.id ?? null });
  });

  router.post('/quote-requests/view', access.public, async (ctx) => {
    const { token } = QuoteTokenInput.parse(ctx.request.body);
    ctx.body = await viewQuoteRequest({ prisma }, { token });
  });

  router.post('/quote-requests/send', access.public, async (ctx) => {
    const { token } = QuoteTokenInput.parse(ctx.request.body);
    ctx.body = await sendQuoteRequest({ prisma, queues, publicUrl: env.PUBLIC_URL }, { token });
  });

  router.post('/quote-requests/pick', access.public, async (ctx) => {
    const input = QuotePickInput.parse(ctx.request.body);
    ctx.body = await pickQuote({ prisma, queues, publicUrl: env.PUBLIC_URL }, input);
  });

  router.get('/quote-requests/mine', access.signedIn, async (ctx) => {
    ctx.body = await listMyQuoteRequests({ prisma }, { user: signedInUser(ctx) });
  });

  router.post('/quote-requests/:id/link', access.signedIn, async (ctx) => {
    const requestId = pathId(ctx.params.id, QUOTE_TEXTS.linkInvalid);
    ctx.body = await newQuoteRequestLink({ prisma }, { user: signedInUser(ctx), requestId });
  });

  /** The provider's listing; a provider account without one has received nothing. */
  const listingOf = (ctx: Parameters<typeof signedInUser>[0]) => {
    const { professionalId } = signedInUser(ctx);
    if (professionalId === null) throw new AppError('not_found', QUOTE_REPLY_TEXTS.notFound);
    return professionalId;
  };

  router.get('/quotes/received', access.only('provider'), async (ctx) => {
    const { professionalId } = signedInUser(ctx);
    ctx.body = professionalId === null ? [] : await listReceivedQuotes({ prisma }, { professionalId });
  });

  router.post('/quotes/:id/reply', access.only('provider'), async (ctx) => {
    const requestId = pathId(ctx.params.id, QUOTE_REPLY_TEXTS.notFound);
    const input = QuoteReplyInput.parse(ctx.request.body);
    ctx.body = await replyToQuoteRequest({ prisma, queues }, { professionalId: listingOf(ctx), requestId, input });
  });

  router.post('/quotes/:id/spam', access.only('provider'), async (ctx) => {
    const requestId = pathId(ctx.params.id, QUOTE_REPLY_TEXTS.notFound);
    ctx.body = await flagQuoteRequest({ prisma, queues }, { professionalId: listingOf(ctx), requestId });
  });

  return router;
}

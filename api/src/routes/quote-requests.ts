// Requests for quotes (issue 32, product rules 40 and 41). Anyone may ask, with no account:
//   POST /api/quote-requests        the form (with the captcha): stored unconfirmed, the buyer's
//                                   private link e-mailed; QUOTE_LIMIT_PER_IP an hour and
//                                   QUOTE_LIMIT_PER_EMAIL a day
//   POST /api/quote-requests/view   { token }: the request as its link shows it
//   POST /api/quote-requests/send   { token }: sends it to the matched professionals, once
// The token travels in a body, not a query, so it stays out of access logs.
import type Router from '@koa/router';
import { QuoteRequestInput, QuoteTokenInput } from '../../../core/quotes';
import { createCaptcha } from '../domain/captcha/captcha';
import { createQuoteRequest, sendQuoteRequest, viewQuoteRequest } from '../domain/quotes/quote-requests';
import type { AppDeps } from '../deps';
import { loadCurrentUser } from '../middleware/require-role';
import { createRouter } from './create-router';

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
    ctx.body = await sendQuoteRequest({ prisma }, { token });
  });

  return router;
}

// POST /api/stripe/webhook, outside the /api router: Stripe signs the exact bytes it sends, so this
// reads the raw body itself (mounted in app.ts before the JSON body parser, the rate limit, the
// session and the maintenance gate: Stripe is not a visitor, and payments must not be lost).
import type { Middleware } from 'koa';
import { AppError } from '../domain/app-error';
import { receiveWebhook } from '../domain/billing/receive-webhook';
import type { AppDeps } from '../deps';
import { STRIPE_WEBHOOK_PATH } from '../middleware/same-origin';

/** Stripe's events are a few KB; a megabyte is plenty. */
const MAX_BYTES = 1024 * 1024;

async function readRawBody(req: NodeJS.ReadableStream & { headers: Record<string, unknown> }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_BYTES) throw new AppError('payload_too_large', 'Request body is too large.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function stripeWebhook({ prisma, queues, payments }: Pick<AppDeps, 'prisma' | 'queues' | 'payments'>): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== STRIPE_WEBHOOK_PATH) return next();
    if (ctx.method !== 'POST') throw new AppError('method_not_allowed', `${ctx.method} is not allowed here. Allowed: POST.`, { headers: { Allow: 'POST' } });
    const rawBody = await readRawBody(ctx.req);
    const { eventId } = await receiveWebhook({
      prisma,
      webhooks: payments.webhooks,
      queues,
      secret: payments.webhookSecret,
      rawBody,
      signature: ctx.get('Stripe-Signature') || undefined,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { received: true, id: eventId };
  };
}

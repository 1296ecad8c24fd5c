// POST /api/contact (product rule 9): a message to the site team from anyone (name, email, subject,
// message, captcha), CONTACT_LIMIT_PER_IP per hour; stored, then e-mailed to the admin address by
// the worker. A signed-in sender is remembered with the message.
import type Router from '@koa/router';
import { ContactInput } from '../../../core/contact';
import { createCaptcha } from '../domain/captcha/captcha';
import { sendContactMessage } from '../domain/contact/send-contact-message';
import type { AppDeps } from '../deps';
import { loadCurrentUser } from '../middleware/require-role';
import { createRouter } from './create-router';

export function contactRouter({ env, prisma, redis, queues, limits, access }: Pick<AppDeps, 'env' | 'prisma' | 'redis' | 'queues' | 'limits' | 'access'>): Router {
  const router = createRouter();
  const captcha = createCaptcha({ env, redis });
  const perIp = limits.limiter({ keyPrefix: 'contact-ip', points: env.CONTACT_LIMIT_PER_IP, duration: 3600 });

  router.post('/contact', access.public, async (ctx) => {
    const { captcha: payload, ...input } = ContactInput.parse(ctx.request.body);
    await perIp.consume(ctx.ip, ctx.state.log);
    await captcha.verify(payload);
    const user = await loadCurrentUser(ctx, prisma);
    ctx.status = 201;
    ctx.body = await sendContactMessage(
      { prisma, queues, publicUrl: env.PUBLIC_URL, adminEmail: env.ADMIN_EMAIL, logger: ctx.state.log },
      { input, userId: user?.id ?? null },
    );
  });

  return router;
}

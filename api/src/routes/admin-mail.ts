// /api/admin/mail: the development mail folder for admins (ARCHITECTURE §6). Only while no
// SMTP_URL is set: with real SMTP nothing is written locally and the endpoints answer 404.
import Router from '@koa/router';
import { AppError } from '../domain/app-error';
import { listMail, readMail } from '../domain/mail/mail-folder';
import type { AppDeps } from '../deps';
import { requireRole } from '../middleware/require-role';

export function adminMailRouter({ env, prisma }: AppDeps): Router {
  const router = new Router({ prefix: '/admin/mail' });
  router.use(requireRole(prisma, 'admin'), async (ctx, next) => {
    if (env.SMTP_URL) throw new AppError('not_found', 'E-mail goes out over SMTP: there is no local mail folder.');
    ctx.set('Cache-Control', 'no-store');
    return next();
  });
  router.get('/', async (ctx) => {
    ctx.body = await listMail({ mailDir: env.MAIL_DIR });
  });
  router.get('/:file', async (ctx) => {
    ctx.body = await readMail({ mailDir: env.MAIL_DIR, file: ctx.params.file ?? '' });
  });
  return router;
}

// /api/admin/mail: the development mail folder, for admins only. Only while no SMTP_URL is set:
// with real SMTP nothing is written locally and the endpoints answer 404. This is the one door to
// the folder (it holds password-reset and sign-up links): the API serves nothing else from
// MAIL_DIR, and the worker logs file names, never contents.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { AppError } from '../domain/app-error';
import { listMail, readMail } from '../domain/mail/mail-folder';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';

export function adminMailRouter({ env, access }: Pick<AppDeps, 'env' | 'access'>): Router {
  const router = createRouter('/admin/mail');
  const mailDir = (ctx: Context): string => {
    if (env.SMTP_URL) throw new AppError('not_found', 'E-mail goes out over SMTP: there is no local mail folder.');
    ctx.set('Cache-Control', 'no-store');
    return env.MAIL_DIR;
  };
  router.get('/', access.only('admin'), async (ctx) => {
    ctx.body = await listMail({ mailDir: mailDir(ctx) });
  });
  router.get('/:file', access.only('admin'), async (ctx) => {
    ctx.body = await readMail({ mailDir: mailDir(ctx), file: ctx.params.file ?? '' });
  });
  return router;
}

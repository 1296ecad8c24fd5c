// /api/admin: the admin dashboard's calls (spec section 7, core/admin.ts), admins only. Lists are
// arrays with their total in X-Total-Count and take limit/offset (and search where it makes sense).
// Maintenance mode's calls are in admin-maintenance.ts; review moderation in its own router.
import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  AdminApplicationsQuery,
  AdminArchivedUsersQuery,
  AdminProfessionalsQuery,
  AdminUsersQuery,
  AuditLogQuery,
  ContactMessagesQuery,
  RejectApplicationInput,
  type AdminDecision,
} from '../../../core/admin';
import { AppError } from '../domain/app-error';
import { listApplications } from '../domain/admin/admin-applications';
import { getAdminStats } from '../domain/admin/admin-stats';
import { listArchivedUsers, listProfessionals, listUsers } from '../domain/admin/admin-users';
import { listAuditLog } from '../domain/admin/audit-log';
import { CONTACT_MESSAGE_NOT_FOUND, listContactMessages, markContactMessageHandled } from '../domain/admin/contact-messages';
import { APPLICATION_NOT_FOUND, approveApplication, rejectApplication } from '../domain/admin/decide-application';
import { summariseQueues } from '../domain/admin/queue-summary';
import type { AppDeps } from '../deps';
import { signedInUser } from '../middleware/require-role';
import { createRouter } from './create-router';

/** A row id in the path: a positive integer, else 404 (no such row). */
const RowId = z.coerce.number().int().positive().max(2_147_483_647);

function rowId(ctx: Context, notFound: string): number {
  const parsed = RowId.safeParse(ctx.params.id);
  if (!parsed.success) throw new AppError('not_found', notFound);
  return parsed.data;
}

function sendPage<T>(ctx: Context, page: { items: T[]; total: number }): void {
  ctx.set('X-Total-Count', String(page.total));
  ctx.body = page.items;
}

export function adminRouter({ prisma, queues, payments, env, access }: Pick<AppDeps, 'prisma' | 'queues' | 'payments' | 'env' | 'access'>): Router {
  const router = createRouter('/admin');
  const admin = access.only('admin');

  router.get('/stats', admin, async (ctx) => {
    ctx.body = await getAdminStats({ prisma });
  });

  router.get('/applications', admin, async (ctx) => {
    sendPage(ctx, await listApplications({ prisma, query: AdminApplicationsQuery.parse(ctx.query) }));
  });

  router.post('/applications/:id/approve', admin, async (ctx) => {
    const { application } = await approveApplication({
      prisma,
      queues,
      stripe: payments.stripe,
      logger: ctx.state.log,
      admin: signedInUser(ctx),
      applicationId: rowId(ctx, APPLICATION_NOT_FOUND),
      publicUrl: env.PUBLIC_URL,
    });
    ctx.body = { application } satisfies AdminDecision;
  });

  router.post('/applications/:id/reject', admin, async (ctx) => {
    const applicationId = rowId(ctx, APPLICATION_NOT_FOUND);
    const { reason } = RejectApplicationInput.parse(ctx.request.body ?? {});
    const application = await rejectApplication({ prisma, queues, admin: signedInUser(ctx), applicationId, reason });
    ctx.body = { application } satisfies AdminDecision;
  });

  router.get('/users', admin, async (ctx) => {
    sendPage(ctx, await listUsers({ prisma, query: AdminUsersQuery.parse(ctx.query) }));
  });

  router.get('/archived-users', admin, async (ctx) => {
    sendPage(ctx, await listArchivedUsers({ prisma, query: AdminArchivedUsersQuery.parse(ctx.query) }));
  });

  router.get('/professionals', admin, async (ctx) => {
    sendPage(ctx, await listProfessionals({ prisma, query: AdminProfessionalsQuery.parse(ctx.query) }));
  });

  router.get('/audit-log', admin, async (ctx) => {
    sendPage(ctx, await listAuditLog({ prisma, ...AuditLogQuery.parse(ctx.query) }));
  });

  router.get('/queues', admin, async (ctx) => {
    ctx.body = await summariseQueues({ queues });
  });

  router.get('/contact-messages', admin, async (ctx) => {
    sendPage(ctx, await listContactMessages({ prisma, query: ContactMessagesQuery.parse(ctx.query) }));
  });

  router.post('/contact-messages/:id/handled', admin, async (ctx) => {
    ctx.body = await markContactMessageHandled({ prisma, admin: signedInUser(ctx), messageId: rowId(ctx, CONTACT_MESSAGE_NOT_FOUND) });
  });

  return router;
}

// /api/admin: the admin dashboard's calls (spec section 7, core/admin.ts), admins only. Lists are
// arrays with their total in X-Total-Count and take limit/offset (and search where it makes sense).
// Maintenance mode's calls are in admin-maintenance.ts; review moderation in its own router.
// Requests for quotes reported as spam are reviewed here (quote-reports: a verdict, once).
// "Sign out everywhere" ends every session of one user (ASVS 5.0 V7.4.5): a stolen cookie or a
// shared computer, found out by the team.
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
  QUOTE_REPORT_TEXTS,
  QuoteReportReviewInput,
  QuoteReportsQuery,
  RejectApplicationInput,
  TurnOffTwoStepInput,
  type AdminDecision,
} from '../../../core/admin';
import type { CurrentUser } from '../../../core/auth';
import { SESSION_MESSAGES, SESSIONS_ENDED_AUDIT_ACTION, type SessionsEnded } from '../../../core/sessions';
import { TWO_STEP_MESSAGES } from '../../../core/two-step';
import type { PrismaClient } from '../../../prisma/db';
import { disableTwoStep } from '../domain/accounts/two-step';
import { AppError } from '../domain/app-error';
import { listApplications } from '../domain/admin/admin-applications';
import { getAdminStats } from '../domain/admin/admin-stats';
import { listArchivedUsers, listProfessionals, listUsers } from '../domain/admin/admin-users';
import { listAuditLog, recordAudit } from '../domain/admin/audit-log';
import { CONTACT_MESSAGE_NOT_FOUND, listContactMessages, markContactMessageHandled } from '../domain/admin/contact-messages';
import { APPLICATION_NOT_FOUND, approveApplication, rejectApplication } from '../domain/admin/decide-application';
import { listQuoteReports, reviewQuoteReport } from '../domain/admin/quote-reports';
import { summariseQueues } from '../domain/admin/queue-summary';
import type { AppDeps } from '../deps';
import { signedInUser } from '../middleware/require-role';
import { endUserSessions } from '../middleware/session';
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

/**
 * Ends every session of one user and audits it with the count. Sessions live in Redis, outside the
 * database's transaction: they are ended first, so an audit row never claims an end that did not
 * happen. An archived user may be named too (their sessions ended when they were archived: 0).
 */
async function signOutEverywhere({
  prisma,
  redis,
  redisPrefix,
  admin,
  userId,
}: {
  prisma: PrismaClient;
  redis: AppDeps['redis'];
  redisPrefix: string;
  admin: CurrentUser;
  userId: number;
}): Promise<SessionsEnded> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { id: true, name: true } });
  if (!user) throw new AppError('not_found', SESSION_MESSAGES.userNotFound);
  const ended = await endUserSessions(redis, redisPrefix, user.id);
  await recordAudit(prisma, {
    actorId: admin.id,
    action: SESSIONS_ENDED_AUDIT_ACTION,
    targetType: 'user',
    targetId: user.id,
    details: { summary: `Signed ${user.name} out everywhere (${ended} session${ended === 1 ? '' : 's'} ended)`, ended },
  });
  return { ended, message: SESSION_MESSAGES.userSignedOut(user.name, ended) };
}

export function adminRouter({
  prisma,
  redis,
  queues,
  payments,
  env,
  access,
}: Pick<AppDeps, 'prisma' | 'redis' | 'queues' | 'payments' | 'env' | 'access'>): Router {
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

  router.post('/users/:id/end-sessions', admin, async (ctx) => {
    const adminUser = signedInUser(ctx);
    const userId = rowId(ctx, SESSION_MESSAGES.userNotFound);
    const result = await signOutEverywhere({ prisma, redis, redisPrefix: env.REDIS_PREFIX, admin: adminUser, userId });
    ctx.state.log.info({ event: 'admin.sessions-end', adminId: adminUser.id, userId, ended: result.ended }, 'user signed out everywhere');
    // An admin who names themself is signed out too: otherwise this request's end could save their session again.
    if (userId === adminUser.id) ctx.session = null;
    ctx.body = result;
  });

  // For someone who lost their phone and their recovery codes (product rule 35), once the team has
  // checked it is them: how goes in the audit log, and the account's address is told.
  router.post('/users/:id/two-step/turn-off', admin, async (ctx) => {
    const adminUser = signedInUser(ctx);
    const userId = rowId(ctx, TWO_STEP_MESSAGES.userNotFound);
    const input = TurnOffTwoStepInput.parse(ctx.request.body);
    await disableTwoStep({ prisma, queues, publicUrl: env.PUBLIC_URL, userId, byTeam: { adminId: adminUser.id, reason: input.reason } });
    ctx.body = { ok: true, message: TWO_STEP_MESSAGES.turnedOffByTeam };
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

  router.get('/quote-reports', admin, async (ctx) => {
    sendPage(ctx, await listQuoteReports({ prisma, query: QuoteReportsQuery.parse(ctx.query) }));
  });

  router.post('/quote-reports/:id/review', admin, async (ctx) => {
    const requestId = rowId(ctx, QUOTE_REPORT_TEXTS.notFound);
    const { verdict } = QuoteReportReviewInput.parse(ctx.request.body ?? {});
    ctx.body = await reviewQuoteReport({ prisma, queues, admin: signedInUser(ctx), requestId, verdict });
  });

  return router;
}

// Bull Board at /admin/queues: every core queue, its jobs, retries and failures.
// Always mounted; requireAdminForQueues lets only a signed-in admin through (DECISIONS #12:
// admin tools are for admins): anonymous → 401, any other role → 403, both as the JSON error.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Middleware } from 'koa';
import type { Queue } from 'bullmq';
import type { PrismaClient } from '../../../prisma/db';
import { requireRole } from './require-role';

export const QUEUE_BOARD_PATH = '/admin/queues';

export function isQueueBoardPath(path: string): boolean {
  return path === QUEUE_BOARD_PATH || path.startsWith(`${QUEUE_BOARD_PATH}/`);
}

/** The access rule for the queue board: admins only. */
export function requireAdminForQueues({ prisma }: { prisma: PrismaClient }): Middleware {
  const adminOnly = requireRole(prisma, 'admin');
  return async (ctx, next) => (isQueueBoardPath(ctx.path) ? adminOnly(ctx, next) : next());
}

export function queueBoard(queues: Queue[]): Middleware {
  const serverAdapter = new KoaAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'ITConnect queues' } },
  });
  return serverAdapter.registerPlugin() as unknown as Middleware;
}

// Bull Board at /admin/queues: every core queue, its jobs, retries and failures.
// Access goes through requireAdminForQueues. Until accounts exist (issue 4) it only checks the
// BULL_BOARD_ENABLED flag, and the board is not even mounted when the flag is off; issue 4
// replaces the check with "signed in as an admin" (401/403) and mounts the board always.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Middleware } from 'koa';
import type { Queue } from 'bullmq';
import { AppError } from '../domain/app-error';

export const QUEUE_BOARD_PATH = '/admin/queues';

export function isQueueBoardPath(path: string): boolean {
  return path === QUEUE_BOARD_PATH || path.startsWith(`${QUEUE_BOARD_PATH}/`);
}

/** The access rule for the queue board. Today: the config flag. Issue 4: the admin role. */
export function requireAdminForQueues({ isEnabled }: { isEnabled: boolean }): Middleware {
  return async (ctx, next) => {
    if (!isQueueBoardPath(ctx.path)) return next();
    if (!isEnabled) throw new AppError('not_found', 'Not found.');
    return next();
  };
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

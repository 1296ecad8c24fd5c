// Bull Board at /admin/queues: every queue of core/jobs.ts (QUEUE_NAMES), its jobs, retries and
// failures. Always mounted, behind the admin guard (product rule 12: admin tools are for admins):
// anonymous → 401, any other role → 403, both as the JSON error. Its answers hold job data (e-mail
// addresses, ids), so none may be kept by a browser or a proxy: every one is `no-store`.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import type { Middleware } from 'koa';
import type { Queue } from 'bullmq';

export const QUEUE_BOARD_PATH = '/admin/queues';

export function isQueueBoardPath(path: string): boolean {
  return path === QUEUE_BOARD_PATH || path.startsWith(`${QUEUE_BOARD_PATH}/`);
}

/**
 * Bull Board behind its guard: a request under QUEUE_BOARD_PATH reaches the board only through
 * `guard`; any other request passes on. The path is canonical by now (canonical-path.ts) and the
 * check is case-sensitive like the board's own mount, so no spelling reaches one without the other.
 */
export function queueBoard({ queues, guard }: { queues: Queue[]; guard: Middleware }): Middleware {
  const serverAdapter = new KoaAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'ITConnect queues' } },
  });
  const board = serverAdapter.registerPlugin() as unknown as Middleware;
  return (ctx, next) =>
    isQueueBoardPath(ctx.path)
      ? guard(ctx, async () => {
          await board(ctx, next);
          ctx.set('Cache-Control', 'no-store');
        })
      : next();
}

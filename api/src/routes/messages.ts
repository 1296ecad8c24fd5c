// Messages between a signed-in user and a professional (product rules 8 and 27):
//   POST /api/professionals/:id/messages      start a thread ('Contact {companyName}': subject, content,
//                                             captcha; MESSAGE_LIMIT_PER_USER and _PER_IP per hour)
//   GET  /api/messages/inbox                  the provider's threads (unread counts), totals in
//                                             X-Total-Count and X-Unread-Count
//   GET  /api/messages/sent                   the threads the user started ('My messages')
//   GET  /api/messages/threads/:id            a thread, for its two parties only (404 for anyone else)
//   POST /api/messages/threads/:id/replies    either party answers (MESSAGE_REPLY_LIMIT_PER_USER)
//   POST /api/messages/threads/:id/read       mark it read ({ read: false }: unread again)
import type Router from '@koa/router';
import { TOTAL_COUNT_HEADER } from '../../../core/directory';
import { MESSAGE_TEXTS, UNREAD_THREADS_HEADER } from '../../../core/messages';
import { MarkThreadInput, NewMessageInput, ThreadListQuery, ThreadReplyInput } from '../../../core/message-inputs';
import { createCaptcha } from '../domain/captcha/captcha';
import { getThread } from '../domain/messages/get-thread';
import { listThreads } from '../domain/messages/list-threads';
import { markThread } from '../domain/messages/mark-thread';
import { replyToThread, startThread } from '../domain/messages/write-message';
import type { AppDeps } from '../deps';
import { signedInUser } from '../middleware/require-role';
import { createRouter } from './create-router';
import { parseQuery, pathId } from './route-params';

const ONE_HOUR = 3600;

export function messagesRouter({ env, prisma, redis, queues, limits, access }: Pick<AppDeps, 'env' | 'prisma' | 'redis' | 'queues' | 'limits' | 'access'>): Router {
  const router = createRouter();
  const deps = { prisma, queues, publicUrl: env.PUBLIC_URL };
  const captcha = createCaptcha({ env, redis });
  const threadsPerUser = limits.limiter({ keyPrefix: 'message-user', points: env.MESSAGE_LIMIT_PER_USER, duration: ONE_HOUR });
  const threadsPerIp = limits.limiter({ keyPrefix: 'message-ip', points: env.MESSAGE_LIMIT_PER_IP, duration: ONE_HOUR });
  const repliesPerUser = limits.limiter({ keyPrefix: 'message-reply-user', points: env.MESSAGE_REPLY_LIMIT_PER_USER, duration: ONE_HOUR });

  router.post('/professionals/:id/messages', access.signedIn, async (ctx) => {
    const professionalId = pathId(ctx.params.id, MESSAGE_TEXTS.professionalNotFound);
    const input = NewMessageInput.parse(ctx.request.body);
    const user = signedInUser(ctx);
    await threadsPerUser.consume(String(user.id), ctx.state.log);
    await threadsPerIp.consume(ctx.ip, ctx.state.log);
    await captcha.verify(input.captcha);
    ctx.status = 201;
    ctx.body = await startThread(deps, { sender: user, professionalId, subject: input.subject, content: input.content });
  });

  for (const box of ['inbox', 'sent'] as const) {
    // The inbox is the provider's listing's; anyone signed in has 'My messages'.
    router.get(`/messages/${box}`, box === 'inbox' ? access.only('provider') : access.signedIn, async (ctx) => {
      const user = signedInUser(ctx);
      const list = await listThreads({ prisma }, { box, userId: user.id, professionalId: user.professionalId, query: parseQuery(ctx, ThreadListQuery) });
      ctx.set(TOTAL_COUNT_HEADER, String(list.total));
      ctx.set(UNREAD_THREADS_HEADER, String(list.unreadThreads));
      ctx.body = list.items;
    });
  }

  const threadId = (raw: string | undefined) => pathId(raw, MESSAGE_TEXTS.threadNotFound);

  router.get('/messages/threads/:id', access.signedIn, async (ctx) => {
    ctx.body = await getThread({ prisma }, { threadId: threadId(ctx.params.id), viewer: signedInUser(ctx) });
  });

  router.post('/messages/threads/:id/replies', access.signedIn, async (ctx) => {
    const id = threadId(ctx.params.id);
    const input = ThreadReplyInput.parse(ctx.request.body);
    const user = signedInUser(ctx);
    await repliesPerUser.consume(String(user.id), ctx.state.log);
    ctx.status = 201;
    ctx.body = await replyToThread(deps, { viewer: user, threadId: id, content: input.content });
  });

  router.post('/messages/threads/:id/read', access.signedIn, async (ctx) => {
    const id = threadId(ctx.params.id);
    const { read } = MarkThreadInput.parse(ctx.request.body ?? {});
    ctx.body = await markThread({ prisma }, { viewer: signedInUser(ctx), threadId: id, read });
  });

  return router;
}

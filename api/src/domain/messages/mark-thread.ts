// POST /api/messages/threads/{id}/read: one of the two parties marks what the other sent them as
// read, or (read: false) marks the newest of those unread again, to come back to it later.
import type { ThreadDetail } from '../../../../core/messages';
import type { PrismaClient } from '../../../../prisma/db';
import { describeThread } from './get-thread';
import { findThreadForViewer, type Viewer } from './thread-access';
import { incomingTo } from './write-message';

export async function markThread(
  { prisma }: { prisma: PrismaClient },
  { viewer, threadId, read }: { viewer: Viewer; threadId: number; read: boolean },
): Promise<ThreadDetail> {
  const viewed = await findThreadForViewer(prisma, { threadId, viewer });
  if (read) {
    await prisma.message.updateMany({ where: { ...incomingTo(viewed), isRead: false }, data: { isRead: true } });
  } else {
    const newest = await prisma.message.findFirst({ where: incomingTo(viewed), orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } });
    if (newest) await prisma.message.update({ where: { id: newest.id }, data: { isRead: false } });
  }
  return describeThread(prisma, await findThreadForViewer(prisma, { threadId, viewer }));
}

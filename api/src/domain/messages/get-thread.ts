// GET /api/messages/threads/{id}: a whole thread for one of its two parties, oldest message first.
// The sender's messages carry the sender's name, the professional's the company name.
import type { ThreadDetail } from '../../../../core/messages';
import type { PrismaClient } from '../../../../prisma/db';
import { findThreadForViewer, type Viewer, type ViewedThread } from './thread-access';

export async function getThread({ prisma }: { prisma: PrismaClient }, { threadId, viewer }: { threadId: number; viewer: Viewer }): Promise<ThreadDetail> {
  return describeThread(prisma, await findThreadForViewer(prisma, { threadId, viewer }));
}

export async function describeThread(prisma: PrismaClient, { thread, viewerRole }: ViewedThread): Promise<ThreadDetail> {
  const replies = await prisma.message.findMany({
    where: { threadId: thread.id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, fromUserId: true, content: true, createdAt: true, isRead: true },
  });
  const starterId = thread.fromUserId;
  const messages = [thread, ...replies].map((m) => {
    const bySender = m.fromUserId === starterId;
    return {
      id: m.id,
      isFromViewer: viewerRole === 'sender' ? bySender : !bySender,
      authorName: bySender ? thread.fromUser.name : thread.professional.companyName,
      content: m.content,
      createdAt: m.createdAt.toISOString(),
      isRead: m.isRead,
    };
  });
  return {
    id: thread.id,
    subject: thread.subject,
    professional: { id: thread.professional.id, slug: thread.professional.slug, companyName: thread.professional.companyName },
    senderName: thread.fromUser.name,
    viewerRole,
    messages,
    createdAt: thread.createdAt.toISOString(),
  };
}

// Writing in threads (product rules 8 and 27). A signed-in user starts a thread with a live
// professional that is not their own listing; after that either party replies. Each message is
// e-mailed to the other party after it is stored: the sender's to the professional (new-message),
// the professional's to the sender (message-answered), and a professional's reply also has the
// worker recompute their typical reply time. Each e-mail's idempotency key is its message's id.
import { MESSAGE_TEXTS, type ThreadWriteResult } from '../../../../core/messages';
import type { PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { describeThread } from './get-thread';
import { findThreadForViewer, type Viewer, type ViewedThread } from './thread-access';

export interface MessageDeps {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  publicUrl: string;
}

function messagesUrl(publicUrl: string, box: 'inbox' | 'sent', threadId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/profile?box=${box}&thread=${threadId}#messages`;
}

/** The account that reads the professional's inbox, if the listing has one. */
async function professionalAccountId(prisma: PrismaClient, professionalId: number): Promise<number | null> {
  const account = await prisma.user.findFirst({ where: { professionalId, isArchived: false }, select: { id: true } });
  return account?.id ?? null;
}

export async function startThread(
  { prisma, queues, publicUrl }: MessageDeps,
  { sender, professionalId, subject, content }: { sender: Viewer; professionalId: number; subject: string; content: string },
): Promise<ThreadWriteResult> {
  if (sender.professionalId === professionalId) throw new AppError('forbidden', MESSAGE_TEXTS.ownListing);
  const professional = await prisma.professional.findFirst({
    where: { id: professionalId, isApproved: true, subscriptionStatus: 'active' },
    select: { id: true },
  });
  if (!professional) throw new AppError('not_found', MESSAGE_TEXTS.professionalNotFound);
  const created = await prisma.message.create({
    data: { fromUserId: sender.id, toUserId: await professionalAccountId(prisma, professionalId), professionalId, subject, content },
  });
  const viewed = await findThreadForViewer(prisma, { threadId: created.id, viewer: sender });
  await notifyOtherParty({ queues, publicUrl }, { viewed, messageId: created.id, content });
  return { thread: await describeThread(prisma, viewed), message: MESSAGE_TEXTS.sent };
}

export async function replyToThread(
  { prisma, queues, publicUrl }: MessageDeps,
  { viewer, threadId, content }: { viewer: Viewer; threadId: number; content: string },
): Promise<ThreadWriteResult> {
  const viewed = await findThreadForViewer(prisma, { threadId, viewer });
  const { thread, viewerRole } = viewed;
  const toUserId = viewerRole === 'professional' ? thread.fromUserId : await professionalAccountId(prisma, thread.professionalId);
  const [created] = await prisma.$transaction([
    prisma.message.create({
      data: { threadId: thread.id, fromUserId: viewer.id, toUserId, professionalId: thread.professionalId, subject: thread.subject, content },
    }),
    // Answering a thread means having read it.
    prisma.message.updateMany({ where: incomingTo(viewed), data: { isRead: true } }),
  ]);
  await notifyOtherParty({ queues, publicUrl }, { viewed, messageId: created.id, content });
  if (viewerRole === 'professional') await queues.enqueue('recalculateReplyTime', { professionalId: thread.professionalId });
  const updated = await findThreadForViewer(prisma, { threadId, viewer });
  return { thread: await describeThread(prisma, updated), message: MESSAGE_TEXTS.replySent };
}

/** The thread's messages the other party sent to the viewer. */
export function incomingTo({ thread, viewerRole }: ViewedThread) {
  const inThread = { OR: [{ id: thread.id }, { threadId: thread.id }] };
  return viewerRole === 'sender'
    ? { ...inThread, fromUserId: { not: thread.fromUserId } }
    : { ...inThread, fromUserId: thread.fromUserId };
}

async function notifyOtherParty(
  { queues, publicUrl }: Pick<MessageDeps, 'queues' | 'publicUrl'>,
  { viewed: { thread, viewerRole }, messageId, content }: { viewed: ViewedThread; messageId: number; content: string },
): Promise<void> {
  if (viewerRole === 'sender') {
    await queues.enqueue('sendEmail', {
      template: 'new-message',
      to: thread.professional.email,
      data: {
        recipientName: thread.professional.contactName,
        senderName: thread.fromUser.name,
        subject: thread.subject,
        content,
        messagesUrl: messagesUrl(publicUrl, 'inbox', thread.id),
      },
      idempotencyKey: `new-message_${messageId}`,
    });
    return;
  }
  // An archived sender can no longer sign in to read the answer: no e-mail pointing there.
  if (thread.fromUser.isArchived) return;
  await queues.enqueue('sendEmail', {
    template: 'message-answered',
    to: thread.fromUser.email,
    data: {
      recipientName: thread.fromUser.name,
      companyName: thread.professional.companyName,
      subject: thread.subject,
      reply: content,
      messagesUrl: messagesUrl(publicUrl, 'sent', thread.id),
    },
    idempotencyKey: `message-answered_${messageId}`,
  });
}

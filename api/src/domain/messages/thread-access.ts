// Who may see a thread (product rule 28): only its two parties: the user who started it, and the
// account linked to the professional it was sent to. Anyone else, admins included, is told the
// thread does not exist (404), so ids reveal nothing. The first message of a thread is the thread
// (threadId null); later messages of either party point at it.
import { MESSAGE_TEXTS } from '../../../../core/messages';
import type { PrismaClient } from '../../../../prisma/db';
import { AppError } from '../app-error';

export interface Viewer {
  id: number;
  professionalId: number | null;
}

export async function findThreadForViewer(prisma: PrismaClient, { threadId, viewer }: { threadId: number; viewer: Viewer }) {
  const thread = await prisma.message.findFirst({
    where: { id: threadId, threadId: null },
    include: {
      fromUser: { select: { id: true, name: true, email: true, isArchived: true } },
      professional: { select: { id: true, slug: true, companyName: true, contactName: true, email: true } },
    },
  });
  if (!thread) throw new AppError('not_found', MESSAGE_TEXTS.threadNotFound);
  const viewerRole = thread.fromUserId === viewer.id ? 'sender' : viewer.professionalId === thread.professionalId ? 'professional' : null;
  if (viewerRole === null) throw new AppError('not_found', MESSAGE_TEXTS.threadNotFound);
  return { thread, viewerRole } as const;
}

export type ViewedThread = Awaited<ReturnType<typeof findThreadForViewer>>;
